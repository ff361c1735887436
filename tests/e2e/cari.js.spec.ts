/**
 * With JavaScript ON: the flow both modes share (./cari-flow.ts), and the header's
 * suggestion list — an ARIA combobox: after 2 characters a listbox of products, ↑/↓ move the
 * active option (aria-activedescendant), Enter or a click opens the product, Escape closes the
 * list, Enter without a choice searches.
 */
import { cariSpecs, searchBox } from "./cari-flow";
import { expect, test } from "./fixtures";

cariSpecs(true);

test.describe("the search box's suggestions", () => {
  test("type → suggestions → arrow keys → Enter opens the product", async ({ page }) => {
    await page.goto("/");
    const box = searchBox(page, true);
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.pressSequentially("k");
    // One character: no list yet.
    const list = page.getByRole("listbox", { name: "Saran produk" });
    await expect(list).toBeHidden();
    await box.pressSequentially("ursi tamu");
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const options = list.getByRole("option");
    await expect(options.first()).toContainText(/Kursi Tamu/i);
    // The last option searches for the text itself.
    await expect(options.last()).toHaveText("Cari “kursi tamu” di semua produk");
    await expect(page.getByRole("search").getByRole("status")).toHaveText(/^\d+ saran produk untuk “kursi tamu”/);

    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
    await box.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await box.press("ArrowUp");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    // ↑ from the first goes round to the last.
    await box.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");

    const name = (await options.nth(0).locator("span").first().textContent())!;
    await box.press("Enter");
    await expect(page).toHaveURL(/\/detail-produk\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    // On the product page the box is empty and the list closed.
    await expect(searchBox(page, true)).toHaveValue("");
    await expect(searchBox(page, true)).toHaveAttribute("aria-expanded", "false");
  });

  test("a typo still suggests; Escape closes the list, then clears the box; a click opens a product", async ({ page }) => {
    await page.goto("/produk");
    const box = searchBox(page, true);
    await box.pressSequentially("krusi");
    const list = page.getByRole("listbox", { name: "Saran produk" });
    await expect(list.getByRole("option").first()).toContainText(/Kursi/i);
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("krusi");
    // ↓ opens it again.
    await box.press("ArrowDown");
    await expect(list).toBeVisible();
    await box.press("Escape");
    await box.press("Escape");
    await expect(box).toHaveValue("");

    await box.pressSequentially("lemari");
    const option = list.getByRole("option").filter({ hasText: /Lemari/ }).first();
    const name = (await option.locator("span").first().textContent())!;
    await option.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("Enter without a choice, or the last option, opens the results page", async ({ page }) => {
    await page.goto("/");
    const box = searchBox(page, true);
    await box.pressSequentially("meja");
    const options = page.getByRole("listbox", { name: "Saran produk" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    await box.press("Enter");
    await expect(page).toHaveURL(/\/produk\?q=meja$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hasil pencarian untuk “meja”");

    await box.fill("");
    await box.pressSequentially("sofa");
    await options.last().click();
    await expect(page).toHaveURL(/\/produk\?q=sofa$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hasil pencarian untuk “sofa”");
  });

  test("asks once typing pauses: one request per pause, none below 2 characters", async ({ page }) => {
    await page.goto("/");
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/cari/saran") asked.push(url.searchParams.get("q") ?? "");
    });
    const box = searchBox(page, true);
    await box.pressSequentially("b");
    await box.pressSequentially("ufet");
    await expect(page.getByRole("listbox", { name: "Saran produk" }).getByRole("option").first()).toContainText(/Bufet/i);
    // Typed quickly: the last text only (a slow machine may send one earlier prefix, cancelled).
    expect(asked.at(-1)).toBe("bufet");
    expect(asked).not.toContain("b");
    expect(asked.length).toBeLessThanOrEqual(3);
  });
});

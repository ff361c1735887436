/**
 * With JavaScript OFF: the header's search box is a plain GET form to /produk?q=,
 * and the whole results page — filter, paging, empty result — works from the server's HTML.
 * See ./cari-flow.ts.
 */
import { cariSpecs, searchBox } from "./cari-flow";
import { expect, test } from "./fixtures";

cariSpecs(false);

test("without JavaScript there is no suggestion list, only the form", async ({ page }) => {
  await page.goto("/");
  const box = searchBox(page, false);
  await expect(box).toHaveAttribute("name", "q");
  await expect(page.getByRole("search")).toHaveAttribute("action", "/produk");
  await expect(page.getByRole("search")).toHaveAttribute("method", "get");
  await expect(page.getByRole("combobox", { name: "Cari produk" })).toHaveCount(0);
  await expect(page.getByRole("listbox")).toHaveCount(0);
});

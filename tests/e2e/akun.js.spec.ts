/**
 * With JavaScript on: the change-password modal when its request fails
 * (spec section 8) and the titles of the login, forgot-password and account pages (spec
 * section 1: "Page titles end with the shop name and city"). Runs on the operator specs'
 * private server (./support/servers.ts, the demo shop); no password is really changed.
 */
import type { Page } from "@playwright/test";
import { DEMO, dialog, expect, OWN_SERVER, test, TEST_OPERATOR_PASSWORD, toast } from "./fixtures";

test.use({
  ...OWN_SERVER,
  // The browser logs the failed requests these tests cause on purpose.
  consoleErrorsAllowed: /Failed to load resource: (net::ERR_INTERNET_DISCONNECTED|the server responded with a status of [45]\d\d)/,
});

const SUFFIX = DEMO.titleSuffix;

async function openChangePassword(page: Page) {
  await page.goto("/operator/dashboard");
  await page.getByTestId("nama-pengguna").click();
  await page.getByRole("link", { name: "Ubah Password" }).click();
  const modal = dialog(page, "Ubah Password");
  await expect(modal).toBeVisible();
  // Hydrated: the form posts through the fetcher (it carries _js=1 then).
  await expect(modal.locator('input[name="_js"]')).toHaveCount(1);
  await modal.getByLabel("Password Lama").fill(TEST_OPERATOR_PASSWORD);
  await modal.getByLabel("Password Baru").fill("BaruSekali123");
  await modal.getByLabel("Konfirmasi Password").fill("BaruSekali123");
  return modal;
}

test.describe("'Ubah Password' when the request fails (spec section 8)", () => {
  test("no response: the toast 'Gagal update password', the modal stays as typed — not the error page", async ({ page }) => {
    const modal = await openChangePassword(page);
    let aborted = 0;
    await page.route(/\/akun\/ubah-password/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      aborted++;
      return route.abort("internetdisconnected");
    });

    await modal.getByRole("button", { name: "Simpan" }).click();
    await expect(toast(page, "Gagal update password")).toBeVisible();
    expect(aborted).toBe(1);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Password Baru")).toHaveValue("BaruSekali123");
    await expect(modal.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Terjadi kesalahan" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/operator\/dashboard\?ubahpassword=1$/);

    // Still offline: a second try says so again.
    await expect(toast(page, "Gagal update password")).toHaveCount(0); // closes by itself after 4 s
    await modal.getByRole("button", { name: "Simpan" }).click();
    await expect(toast(page, "Gagal update password")).toBeVisible();
    expect(aborted).toBe(2);
  });

  test("an error answer: its message, or 'Terjadi kesalahan', in the red alert", async ({ page }) => {
    const modal = await openChangePassword(page);
    // A proxy in front of the shop that answers 502 with its own page.
    await page.route(/\/akun\/ubah-password/, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }) : route.continue(),
    );
    await modal.getByRole("button", { name: "Simpan" }).click();
    await expect(modal.getByRole("alert")).toHaveText("Terjadi kesalahan");
    await expect(toast(page, "Gagal update password")).toHaveCount(0);

    // An answer with a message (e.g. a refused body).
    await page.unrouteAll({ behavior: "wait" });
    await page.route(/\/akun\/ubah-password/, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 413, contentType: "application/json", body: JSON.stringify({ message: "Data terlalu besar." }) })
        : route.continue(),
    );
    await modal.getByRole("button", { name: "Simpan" }).click();
    await expect(modal.getByRole("alert")).toHaveText("Data terlalu besar.");
    await expect(modal).toBeVisible();
  });
});

test.describe("titles end with the shop name and city (spec section 1)", () => {
  test.describe("signed out", () => {
    test.use({ asOperator: false });

    test("/login and /lupa-password, loaded and reached by a link", async ({ page }) => {
      await page.goto("/login");
      await expect(page).toHaveTitle(`Login - ${SUFFIX}`);
      await page.getByRole("link", { name: "Lupa password?" }).click();
      await expect(page).toHaveURL(/\/lupa-password$/);
      await expect(page).toHaveTitle(`Lupa Password - ${SUFFIX}`);
      await page.goto("/lupa-password");
      await expect(page).toHaveTitle(`Lupa Password - ${SUFFIX}`);
    });
  });

  test("/akun/ubah-password and the operator area", async ({ page }) => {
    await page.goto("/akun/ubah-password");
    await expect(page).toHaveTitle(`Ubah Password - ${SUFFIX}`);
    await page.goto("/operator/dashboard");
    await expect(page).toHaveTitle(`Dashboard Operator - ${SUFFIX}`);
    await page.goto("/operator/master/setting");
    await expect(page).toHaveTitle(`Setting - ${SUFFIX}`);
  });
});

/**
 * Accounts and roles (LPPM.md, "Login") with JavaScript on: a lecturer with only an
 * LPPM role signs in and lands in their area; a lecturer who also reviews lands in the
 * reviewer's area and switches areas from the header; Setting → Modul LPPM off closes the LPPM
 * to them (login refused, pages 404, menus gone) while the operator keeps the back office.
 */
import type { Page } from "@playwright/test";
import { LOGIN_FAILED } from "../../app/lib/util/messages";
import {
  createUserViaUi,
  expect,
  login,
  logout,
  LONG_FLOW_MS,
  OWN_SERVER,
  test,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  unique,
} from "./fixtures";

// The worker's own server: switching the module off must not reach the specs on the shared one.
test.use({ ...OWN_SERVER, asOperator: false });

const PASSWORD = "Rahasia123x";

async function setModulLppm(page: Page, label: "Aktif" | "Nonaktif") {
  await page.goto("/operator/master/setting");
  await page.getByRole("radio", { name: label, exact: true }).check();
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByText("Data berhasil disimpan")).toBeVisible();
  await expect(page.getByRole("radio", { name: label, exact: true })).toBeChecked();
}

test("lecturers land in their area and switch areas; Modul LPPM off keeps only the operator", async ({ page }) => {
  // Several argon2 logins and saves: ~15 s on an idle machine.
  test.setTimeout(LONG_FLOW_MS);
  const dosen = `dosen${unique()}`;
  const ganda = `ganda${unique()}`;
  await createUserViaUi(page, { username: dosen, name: "Dr. Sari Pengusul", password: PASSWORD, no_hp: "081300001111", roles: ["Pengusul"] });
  await createUserViaUi(page, {
    username: ganda,
    name: "Dr. Bayu Reviewer",
    password: PASSWORD,
    no_hp: "081300002222",
    roles: ["Pengusul", "Reviewer-Internal"],
  });

  // One area: straight to it, no switcher.
  await login(page, dosen, PASSWORD);
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Pengusul" })).toBeVisible();
  await expect(page.getByTestId("area-sekarang")).toHaveCount(0);
  await logout(page);

  // Two areas: the reviewer's first (landing order), then the switcher in the header.
  await login(page, ganda, PASSWORD);
  await expect(page).toHaveURL(/\/reviewer\/dashboard$/);
  await expect(page.getByTestId("area-sekarang")).toHaveText("Reviewer");
  await page.getByTestId("area-sekarang").click();
  const switcher = page.getByRole("navigation", { name: "Pindah area" });
  await expect(switcher.getByRole("link")).toHaveText(["Pengusul", "Reviewer"]);
  await expect(switcher.getByRole("link", { name: "Reviewer" })).toHaveAttribute("aria-current", "true");
  await switcher.getByRole("link", { name: "Pengusul" }).click();
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);
  await expect(page.getByTestId("area-sekarang")).toHaveText("Pengusul");
  await expect(switcher).toBeHidden();
  await logout(page);

  // Modul LPPM off.
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await setModulLppm(page, "Nonaktif");
  try {
    await logout(page);
    await login(page, dosen, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText(LOGIN_FAILED);
    await expect(page).toHaveURL(/\/login$/);
    await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    await expect(page).toHaveURL(/\/operator\/dashboard$/);
    const response = await page.goto("/pengusul/dashboard");
    expect(response?.status()).toBe(404);
    await page.goto("/operator/dashboard");
    await expect(page.getByRole("complementary", { name: "Menu samping" }).getByRole("link", { name: "Banner" })).toBeVisible();
  } finally {
    // Other tests of this worker need the module on.
    await logout(page);
    await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    await expect(page).toHaveURL(/\/operator\/dashboard$/);
    await setModulLppm(page, "Aktif");
  }
  await logout(page);
  await login(page, dosen, PASSWORD);
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);
});

/**
 * The LPPM role areas with JavaScript on: an operator who also holds Pengusul and
 * Reviewer-External sees exactly those dashboards, each area's own sidebar, honest empty
 * pages, the header dropdown everywhere; other areas answer the 404 page; the footer shows
 * under the role prefixes only (never on NotFound, /login or /lupa-password).
 */
import type { Page } from "@playwright/test";
import { createUserViaUi, DEMO, EXPECTED_4XX, expect, login, LONG_FLOW_MS, PHONE_VIEWPORT, sidebarToggle, test, unique } from "./fixtures";

// Guards and refused posts answer with their real status (a 4xx).
test.use({ consoleErrorsAllowed: EXPECTED_4XX });

const PASSWORD = "Rahasia123x";

function sidebar(page: Page) {
  return page.getByRole("complementary", { name: "Menu samping" });
}

/**
 * Waits until the sidebar section headed `label` (its text as shown, e.g. "Dashboards") lists
 * exactly `links`, in order: just after a click it may still be the last page's sidebar.
 */
async function expectSectionLinks(page: Page, label: string, links: string[]): Promise<void> {
  const section = sidebar(page).locator("div", { has: page.locator(`p:text-is("${label}")`) }).last();
  await expect(section.getByRole("link")).toHaveText(links, { useInnerText: true });
}

test("Operator + Pengusul + Reviewer-External: their areas, their menus, 404 elsewhere", async ({ page }) => {
  // A long flow (several argon2 logins and saves): 16–20 s on an idle machine.
  test.setTimeout(LONG_FLOW_MS);
  const username = `lppm${unique()}`;
  await createUserViaUi(page, {
    username,
    name: "Dr. Rina Lestari",
    password: PASSWORD,
    no_hp: "081377778888",
    roles: ["Operator", "Pengusul", "Reviewer-External"],
    jabatan: "Lektor, Asisten Ahli",
  });

  // No session: the area sends to /login and returns after it.
  await page.goto("/pengusul/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpengusul%2Fdashboard$/);
  await login(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);

  // Dashboard: greeting, roles and academic positions as badges.
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Pengusul" })).toBeVisible();
  await expect(page).toHaveTitle(`Dashboard Pengusul - ${DEMO.titleSuffix}`);
  await expect(page.getByText("Selamat datang, Dr. Rina Lestari!")).toBeVisible();
  await expect(page.getByTestId("hak-akses").getByRole("listitem")).toHaveText(["Pengusul", "Reviewer-External", "Operator"]);
  await expect(page.getByTestId("jabatan-akademik").getByRole("listitem")).toHaveText(["Lektor", "Asisten Ahli"]);

  // Dashboards submenu: exactly the areas of the user's roles.
  await expectSectionLinks(page, "Dashboards", ["Pengusul", "Reviewer", "Operator"]);
  const steps = ["Usulan Baru", "Perbaikan Usulan", "Catatan Harian", "Laporan Kemajuan", "Laporan Akhir"];
  await expectSectionLinks(page, "Penelitian", steps);
  await expectSectionLinks(page, "Pengabdian", steps);
  await expectSectionLinks(page, "Insentif", ["Jenis Insentif", "Pengajuan Insentif"]);
  await expectSectionLinks(page, "Lainnya", ["Download"]);
  await expect(sidebar(page).getByRole("link", { name: "Banner" })).toHaveCount(0);

  // Header: the user's name and the dropdown, footer present.
  await expect(page.getByTestId("nama-pengguna")).toHaveText("Dr. Rina Lestari");
  await expect(page.locator("footer")).toContainText("©");

  // A research page: its title inside the area and its (empty) list of the user's projects.
  const penelitian = sidebar(page).locator("div", { has: page.locator('p:text-is("Penelitian")') }).last();
  await penelitian.getByRole("link", { name: "Laporan Kemajuan" }).click();
  await expect(page).toHaveURL(/\/pengusul\/penelitian\/laporan-kemajuan$/);
  await expect(page.getByRole("heading", { level: 1, name: "Laporan Kemajuan Penelitian" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Daftar laporan kemajuan" })).toBeVisible();
  await expect(page.getByText("Menampilkan 0 sampai 0 dari 0 entri")).toBeVisible();
  // Usulan Baru is built: the proposer's list.
  await page.goto("/pengusul/pengabdian/usulan-baru");
  await expect(page.getByRole("heading", { level: 1, name: "Usulan Baru Pengabdian" })).toBeVisible();
  // So is Download (the templates).
  await page.goto("/pengusul/download");
  await expect(page.getByRole("heading", { level: 1, name: "Download" })).toBeVisible();
  // And the publication incentives: the tariff and the lecturer's claims.
  for (const [path, title] of [
    ["/pengusul/insentif", "Jenis Insentif"],
    ["/pengusul/insentif/pengajuan", "Pengajuan Insentif"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }

  // 'Ubah Password' opens the change-password modal inside the area.
  await page.getByTestId("nama-pengguna").click();
  await page.getByRole("link", { name: "Ubah Password" }).click();
  await expect(page.getByRole("dialog", { name: "Ubah Password" })).toBeVisible();
  await page.getByRole("link", { name: "Tutup" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The reviewer area: its own sidebar.
  await sidebar(page).getByRole("link", { name: "Reviewer", exact: true }).click();
  await expect(page).toHaveURL(/\/reviewer\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Reviewer" })).toBeVisible();
  await expectSectionLinks(page, "Evaluasi", ["Evaluasi Administrasi", "Evaluasi Substansi", "Evaluasi Insentif"]);
  await expect(sidebar(page).getByRole("link", { name: "Usulan Baru" })).toHaveCount(0);
  await sidebar(page).getByRole("link", { name: "Evaluasi Substansi" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Evaluasi Substansi" })).toBeVisible();

  // The operator area keeps its link and gets the same Dashboards submenu.
  await sidebar(page).getByRole("link", { name: "Operator", exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await expectSectionLinks(page, "Dashboards", ["Pengusul", "Reviewer", "Operator"]);
  await expect(page.locator("footer")).toBeVisible();

  // Areas of roles the user lacks: the 404 page, without header or footer.
  for (const path of ["/kepalalppm/dashboard", "/sekretarislppm/dashboard", "/operatorfakultas/dashboard", "/kepalalppm/monitoring/monev-internal"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Maaf! Halaman tidak ditemukan" })).toBeVisible();
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.locator("header")).toHaveCount(0);
  }

  // Logout from an area goes to /login, and the area is closed again.
  await page.goto("/pengusul/dashboard");
  await page.getByTestId("nama-pengguna").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/reviewer/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Freviewer%2Fdashboard$/);
});

test("footer and header by path: none on /login, /lupa-password and NotFound", async ({ page }) => {
  for (const path of ["/login", "/lupa-password"]) {
    await page.goto(path);
    await expect(page.locator("header")).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
  }
  const response = await page.goto("/pengusul/tidak-ada");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Maaf! Halaman tidak ditemukan" })).toBeVisible();
  await expect(page.locator("footer")).toHaveCount(0);
});

test("a kepala-LPPM operator gets the head's menus, on a phone too", async ({ page }) => {
  const username = `kepala${unique()}`;
  await createUserViaUi(page, { username, name: "Prof. Hadi", password: PASSWORD, no_hp: "081366665555", roles: ["Operator", "Kepala-LPPM"] });
  await login(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto("/kepalalppm/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Kepala LPPM" })).toBeVisible();
  await expectSectionLinks(page, "Dashboards", ["Kepala LPPM", "Operator"]);
  await expectSectionLinks(page, "Monitoring", ["Daftar Usulan", "Perbaikan Usulan", "Catatan Harian", "Laporan Kemajuan", "Laporan Akhir", "Monev Internal PT"]);
  await expectSectionLinks(page, "Persetujuan Usulan", ["Usulan Reguler", "Insentif Publikasi"]);
  await expectSectionLinks(page, "Penetapan Pemenang", ["Usulan Reguler", "Usulan Insentif"]);
  // The phone sidebar opens from the menu button.
  await expect(sidebar(page)).not.toBeInViewport();
  await sidebarToggle(page, "Buka menu").click();
  await expect(sidebar(page)).toBeInViewport();
  await sidebar(page).getByRole("link", { name: "Monev Internal PT" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Monev Internal PT" })).toBeVisible();
  // Nothing wider than the phone once the sidebar has slid away (while it slides, it may be).
  await expect(sidebar(page)).not.toBeInViewport();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const response = await page.goto("/pengusul/dashboard");
  expect(response?.status()).toBe(404);
});

/**
 * What waits for whom, on the built server, the same steps with JavaScript on
 * (lppm-antrean.js.spec.ts) and off (lppm-antrean.nojs.spec.ts): two submitted proposals
 * (`seedReviewScenario` twice), one of them in review with its administrative check overdue
 * (`putInReview`);
 * 1. the Operator opens Daftar Usulan from the LPPM menu, searches the scenario, filters it by
 *    status 'Review' (the other proposal leaves the table), downloads the filtered list as CSV
 *    and opens the proposal read-only;
 * 2. its reviewer lands on the dashboard, where "Menunggu Anda" lists the assignment with its
 *    ketua and 'Lewat tenggat', and its link opens the evaluation.
 */
import type { Page } from "@playwright/test";
import { type Db, expect, openPage, putInReview, seedReviewScenario, signInAs, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, unique } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;

export async function antreanFlow(page: Page, db: Db, { js }: { js: boolean }) {
  const tag = unique();
  const s = seedReviewScenario(db, { tag });
  const lain = seedReviewScenario(db, { tag: `x${tag}` });
  putInReview(db, s.usulan, [s.users.reviewer1.id, s.users.reviewer2.id], new Date(Date.now() - DAY));
  const row = (judul: string) => page.getByRole("row", { name: new RegExp(judul) });

  // 1. The Operator: LPPM → Daftar Usulan, search, filter by status, download, open.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/operator/dashboard", js);
  await page.getByRole("complementary", { name: "Menu samping" }).getByRole("link", { name: "Daftar Usulan", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Daftar Usulan" })).toBeVisible();
  await page.getByLabel("Pencarian").fill(tag);
  if (!js) await page.getByRole("button", { name: "Cari" }).click();
  // The search has landed (with JavaScript it goes a moment after typing): a later one must not
  // come after the proposal is opened and close it.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(row(lain.judul)).toBeVisible();
  await expect(row(s.judul)).toBeVisible();
  await page.getByLabel("Status").selectOption("REVIEW");
  if (!js) await page.getByRole("button", { name: "Cari" }).click();
  await expect(row(lain.judul)).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]status=REVIEW/);
  await expect(row(s.judul)).toContainText("Review");
  await expect(row(s.judul)).toContainText(s.users.ketua.name);

  // The download is the list as filtered: this proposal, not the other.
  const href = (await page.getByRole("link", { name: "Unduh CSV" }).getAttribute("href"))!;
  expect(href).toMatch(/status=REVIEW/);
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await csv.text();
  expect(text).toContain(s.judul);
  expect(text).not.toContain(lain.judul);

  await page.getByRole("link", { name: `Detail ${s.judul}` }).click();
  const dialog = page.getByRole("dialog", { name: s.judul });
  await expect(dialog.getByRole("heading", { name: "Penilaian reviewer" })).toBeVisible();
  await expect(dialog.getByText(s.users.ketua.name).first()).toBeVisible();
  // Read-only: nothing to decide here.
  await expect(dialog.getByRole("button", { name: /Setujui|Tolak|Kembalikan|Tugaskan/ })).toHaveCount(0);

  // 2. Its reviewer's dashboard opens with the assignment, overdue.
  await signInAs(page, s.users.reviewer1.username, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/reviewer/dashboard", js);
  const tugas = page.getByTestId("tugas-administrasi");
  await expect(tugas).toContainText("Evaluasi administrasi");
  await expect(tugas).toContainText(s.users.ketua.name);
  await expect(tugas).toContainText("Lewat tenggat");
  await tugas.getByRole("link", { name: s.judul }).click();
  await expect(page).toHaveURL(/\/reviewer\/evaluasi-administrasi\?nilai=\d+$/);
  await expect(page.getByRole("dialog", { name: "Evaluasi Administrasi" })).toContainText(s.judul);
}

/**
 * One proposal from DIAJUKAN to DINILAI through the browser, part of the whole cycle
 * (lppm-siklus.*.spec.ts): the faculty verifier approves it, the operator assigns two reviewers,
 * both check the administrasi and score the substansi, and the proposal shows 'Dinilai'. Every
 * person signs in through the login form with the scenario's password (tests/setup/lppm-review.ts).
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  type Db,
  dialog,
  expect,
  kriteriaSubstansi,
  openPage,
  type ReviewScenario,
  row,
  signInAs,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  toast,
} from "./fixtures";

/** The scenario's people share the seeded operator's password (its hash is copied). */
const PASSWORD = TEST_OPERATOR_PASSWORD;

/** A save went through: the dialog is closed, and with JavaScript the toast says so. */
async function saved(page: Page, title: string, js: boolean) {
  if (js) await expect(toast(page, "Data berhasil disimpan")).toBeVisible();
  await expect(dialog(page, title)).toHaveCount(0);
}

/** The two reviewers' score on every substansi criterion (7 and 5: 700 vs 500, flagged as > 20 % apart). */
export const SKOR_REVIEWER = [7, 5] as const;
export const justifikasi = (skor: number) => `Skor ${skor}: sesuai panduan.`;

export async function reviewFlow(page: Page, db: Db, s: ReviewScenario, { js }: { js: boolean }) {
  // 1. The verifier of the ketua's faculty approves.
  await signInAs(page, s.users.verifikatorA.username, PASSWORD);
  await openPage(page, "/operatorfakultas/persetujuan-usulan/usulan-reguler", js);
  await page.getByRole("link", { name: `Lihat ${s.judul}` }).click();
  const detail = dialog(page, "Detail Usulan");
  await expect(detail.getByRole("region", { name: "Tim Pengusul" })).toContainText(s.users.ketua.name);
  // 'Tolak' needs a note: refused, the dialog stays with the message.
  await detail.getByRole("button", { name: "Tolak" }).click();
  await expect(dialog(page, "Detail Usulan").getByText("Catatan wajib diisi.")).toBeVisible();
  await dialog(page, "Detail Usulan").getByRole("button", { name: "Setujui" }).click();
  await saved(page, "Detail Usulan", js);
  await expect(row(page, s.judul)).toHaveCount(0);

  // 2. The operator assigns two reviewers with the proposed deadline.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/operator/lppm/penugasan-reviewer?status=DISETUJUI_FAKULTAS", js);
  await expect(row(page, s.judul)).toContainText("Disetujui Fakultas");
  await page.getByRole("link", { name: `Lihat ${s.judul}` }).click();
  const assign = dialog(page, "Tugaskan Reviewer");
  // The operator reads the proposal's PDF before choosing reviewers.
  const [pdf] = await Promise.all([page.waitForEvent("download"), assign.getByRole("link", { name: /^Unduh .+ versi 1$/ }).click()]);
  expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe("%PDF-");
  await assign.getByLabel("Reviewer 1").selectOption({ label: `${s.users.reviewer1.name} — Manajemen ${s.tag}` });
  await assign.getByLabel("Reviewer 2").selectOption({ label: s.users.reviewer2.name });
  await expect(assign.getByLabel("Tenggat (WIB)")).not.toHaveValue("");
  await assign.getByRole("button", { name: "Tugaskan" }).click();
  await saved(page, "Tugaskan Reviewer", js);
  await openPage(page, "/operator/lppm/penugasan-reviewer?status=REVIEW", js);
  await expect(row(page, s.judul)).toContainText(`${s.users.reviewer1.name}, ${s.users.reviewer2.name}`);

  // 3. Each reviewer: administrasi (every item Lolos), then substansi.
  for (const [reviewer, skor] of [
    [s.users.reviewer1, SKOR_REVIEWER[0]],
    [s.users.reviewer2, SKOR_REVIEWER[1]],
  ] as const) {
    await signInAs(page, reviewer.username, PASSWORD);
    await openPage(page, "/reviewer/evaluasi-administrasi", js);
    await page.getByRole("link", { name: `Nilai ${s.judul}` }).click();
    const adm = dialog(page, "Evaluasi Administrasi");
    await expect(adm.getByRole("heading", { level: 1, name: s.judul })).toBeVisible();
    const lolos = adm.getByRole("radio", { name: "Lolos", exact: true });
    await expect(adm.getByRole("radiogroup", { name: "Hasil administrasi" })).toBeVisible();
    for (let i = 0; i < (await lolos.count()); i++) await lolos.nth(i).check();
    await adm.getByRole("button", { name: "Simpan Penilaian" }).click();
    await saved(page, "Evaluasi Administrasi", js);

    await openPage(page, "/reviewer/evaluasi-substansi", js);
    await page.getByRole("link", { name: `Nilai ${s.judul}` }).click();
    const sub = dialog(page, "Evaluasi Substansi");
    for (const kriteria of kriteriaSubstansi(db)) {
      await sub.getByLabel(`Skor ${kriteria}`, { exact: true }).selectOption(String(skor));
      await sub.getByLabel(`Justifikasi ${kriteria}`, { exact: true }).fill(justifikasi(skor));
    }
    await sub.getByRole("combobox", { name: /^Rekomendasi/ }).selectOption("Layak didanai");
    await sub.getByRole("button", { name: "Simpan Penilaian" }).click();
    await saved(page, "Evaluasi Substansi", js);
  }

  // 4. The round is complete: the proposal is 'Dinilai'.
  await openPage(page, "/reviewer/evaluasi-substansi?status=sudah", js);
  await expect(row(page, s.judul)).toContainText("Dinilai");
  await expect(row(page, s.judul)).toContainText(`Nilai ${SKOR_REVIEWER[1] * 100}`);
  await signInAs(page, s.users.verifikatorA.username, PASSWORD);
  await openPage(page, "/operatorfakultas/persetujuan-usulan/usulan-reguler?status=semua", js);
  await expect(row(page, s.judul)).toContainText("Dinilai");
}

/**
 * A review stuck on a reviewer who let the deadline pass, through the browser (JavaScript on:
 * lppm-ganti-reviewer.js.spec.ts; off: lppm-ganti-reviewer.nojs.spec.ts). The review is under way
 * (`reviewUnderway`: reviewer 2 has scored) and reviewer 1's deadline is moved into the past
 * (`passDeadline`, no waiting). Reviewer 1 sees 'Lewat tenggat' and a closed form; the operator
 * sees it on Penugasan Reviewer, is refused a replacement from the ketua's prodi and one without
 * a note, then replaces reviewer 1; the new reviewer checks the administrasi and scores the
 * substansi, and the proposal is 'Dinilai'; reviewer 1 no longer has the assignment.
 */
import type { Page } from "@playwright/test";
import {
  type Db,
  dialog,
  expect,
  kriteriaSubstansi,
  openPage,
  passDeadline,
  reviewUnderway,
  row,
  seedReviewScenario,
  signInAs,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  toast,
  unique,
} from "./fixtures";

/** The scenario's people share the seeded operator's password (its hash is copied). */
const PASSWORD = TEST_OPERATOR_PASSWORD;
const PENUGASAN = "/operator/lppm/penugasan-reviewer?status=REVIEW";

export async function gantiReviewerFlow(page: Page, db: Db, { js }: { js: boolean }) {
  const s = seedReviewScenario(db, { tag: unique() });
  const { penugasan, pengganti } = reviewUnderway(db, s);
  passDeadline(db, penugasan);

  // 1. Reviewer 1: the assignment is overdue, in red and in words; its form is closed.
  await signInAs(page, s.users.reviewer1.username, PASSWORD);
  await expect(page.getByTestId("tugas")).toContainText("Lewat tenggat");
  await openPage(page, "/reviewer/evaluasi-administrasi", js);
  await expect(row(page, s.judul)).toContainText("Lewat tenggat");
  await page.getByRole("link", { name: `Nilai ${s.judul}` }).click();
  await expect(dialog(page, "Evaluasi Administrasi")).toContainText("Batas waktu penilaian telah lewat");

  // 2. The operator replaces reviewer 1.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await openPage(page, PENUGASAN, js);
  await expect(row(page, s.judul)).toContainText("Lewat tenggat");
  await page.getByRole("link", { name: `Lihat ${s.judul}` }).click();
  const detail = dialog(page, "Reviewer Usulan");
  await expect(detail.getByTestId("putaran-review")).toContainText("Lewat tenggat");
  await detail.getByRole("link", { name: `Ganti reviewer ${s.users.reviewer1.name}` }).click();
  const ganti = () => dialog(page, "Reviewer Usulan").getByRole("form", { name: `Ganti reviewer ${s.users.reviewer1.name}` });
  const replace = async (label: string, catatan: string) => {
    await ganti().getByLabel("Reviewer pengganti").selectOption({ label });
    await ganti().getByLabel("Catatan").fill(catatan);
    await ganti().getByRole("button", { name: "Ganti Reviewer" }).click();
  };
  // From the ketua's prodi, which the skema excludes: refused, said on the field.
  await replace(`${s.users.reviewerSeprodi.name} — Teknik Kayu ${s.tag}`, "Reviewer tidak merespons.");
  await expect(ganti()).toContainText("berasal dari program studi ketua pengusul");
  // Without the note: refused.
  await replace(`${pengganti.name} — Manajemen ${s.tag}`, "");
  await expect(ganti()).toContainText("Catatan wajib diisi.");
  await replace(`${pengganti.name} — Manajemen ${s.tag}`, "Reviewer tidak merespons sampai tenggat.");
  if (js) await expect(toast(page, "Data berhasil disimpan")).toBeVisible();
  await expect(dialog(page, "Reviewer Usulan")).toHaveCount(0);
  await expect(row(page, s.judul)).toContainText(`${s.users.reviewer2.name}, ${pengganti.name}`);
  await expect(row(page, s.judul)).not.toContainText("Lewat tenggat");

  // 3. The new reviewer completes the review: administrasi, then substansi.
  await signInAs(page, pengganti.username, PASSWORD);
  await expect(page.getByTestId("tugas")).toContainText(s.judul);
  await openPage(page, "/reviewer/evaluasi-administrasi", js);
  await page.getByRole("link", { name: `Nilai ${s.judul}` }).click();
  const adm = dialog(page, "Evaluasi Administrasi");
  const lolos = adm.getByRole("radio", { name: "Lolos", exact: true });
  await expect(adm.getByRole("radiogroup", { name: "Hasil administrasi" })).toBeVisible();
  for (let i = 0; i < (await lolos.count()); i++) await lolos.nth(i).check();
  await adm.getByRole("button", { name: "Simpan Penilaian" }).click();
  if (js) await expect(toast(page, "Data berhasil disimpan")).toBeVisible();
  await expect(dialog(page, "Evaluasi Administrasi")).toHaveCount(0);

  await openPage(page, "/reviewer/evaluasi-substansi", js);
  await page.getByRole("link", { name: `Nilai ${s.judul}` }).click();
  const sub = dialog(page, "Evaluasi Substansi");
  for (const kriteria of kriteriaSubstansi(db)) {
    await sub.getByLabel(`Skor ${kriteria}`, { exact: true }).selectOption("7");
    await sub.getByLabel(`Justifikasi ${kriteria}`, { exact: true }).fill("Skor 7: sesuai panduan.");
  }
  await sub.getByRole("combobox", { name: /^Rekomendasi/ }).selectOption("Layak didanai");
  await sub.getByRole("button", { name: "Simpan Penilaian" }).click();
  await expect(dialog(page, "Evaluasi Substansi")).toHaveCount(0);
  await openPage(page, "/reviewer/evaluasi-substansi?status=sudah", js);
  await expect(row(page, s.judul)).toContainText("Dinilai");
  await expect(row(page, s.judul)).toContainText("Nilai 700");

  // 4. Reviewer 1 no longer has it, in any list.
  await signInAs(page, s.users.reviewer1.username, PASSWORD);
  await openPage(page, "/reviewer/evaluasi-administrasi?status=semua", js);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(row(page, s.judul)).toHaveCount(0);
}

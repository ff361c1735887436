/**
 * One proposal from DIAJUKAN to DINILAI through the browser, part of the whole cycle
 * (lppm-siklus.*.spec.ts): the faculty verifier approves it; the operator follows the notice to
 * the proposal and assigns two reviewers; reviewer 2 lets the deadline pass (moved into the past
 * by `passDeadline`, no waiting) and the operator replaces them on Penugasan Reviewer with a
 * further reviewer of the scenario; reviewer 1 and the replacement each follow their notice to
 * the administrasi, check it and score the substansi, and the proposal shows 'Dinilai'; the
 * replaced reviewer reads why in their inbox and no longer has the proposal. Whoever must act
 * next sees the notice in the header's count when they sign in. Every person signs in through
 * the login form with the scenario's password (tests/setup/lppm-review.ts).
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  addPengganti,
  type Db,
  dialog,
  expect,
  followNotice,
  inboxLink,
  inboxName,
  kriteriaSubstansi,
  openAssignment,
  openPage,
  passDeadline,
  type ReviewScenario,
  row,
  signInAs,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  toast,
  unreadItem,
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
/** Why the operator replaced reviewer 2 (the replaced reviewer reads it in their notice). */
export const CATATAN_GANTI = "Reviewer tidak menilai sampai tenggat.";

/**
 * `s` with the proposal made on the screens: its title and id. Answers the reviewer who replaced
 * reviewer 2 (`addPengganti`).
 */
export async function reviewFlow(page: Page, db: Db, s: ReviewScenario, { js }: { js: boolean }): Promise<{ pengganti: { username: string; name: string } }> {
  // 1. The verifier of the ketua's faculty, told of the submission, approves.
  await signInAs(page, s.users.verifikatorA.username, PASSWORD);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(1));
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

  // 2. The operator (whose inbox other proposals fill too) follows the notice to the proposal
  // and assigns two reviewers with the proposed deadline.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName("some"));
  await followNotice(page, "Usulan: Disetujui Fakultas", s.judul, js);
  await expect(page).toHaveURL(new RegExp(`/operator/lppm/penugasan-reviewer\\?lihat=${s.usulan}$`));
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

  // 3. Reviewer 2 lets the deadline pass; the operator replaces them with another reviewer.
  passDeadline(db, openAssignment(db, s.usulan, s.users.reviewer2.id));
  const pengganti = addPengganti(db, s);
  await openPage(page, "/operator/lppm/penugasan-reviewer?status=REVIEW", js);
  await expect(row(page, s.judul)).toContainText("Lewat tenggat");
  await page.getByRole("link", { name: `Lihat ${s.judul}` }).click();
  await dialog(page, "Reviewer Usulan").getByRole("link", { name: `Ganti reviewer ${s.users.reviewer2.name}` }).click();
  const ganti = dialog(page, "Reviewer Usulan").getByRole("form", { name: `Ganti reviewer ${s.users.reviewer2.name}` });
  await ganti.getByLabel("Reviewer pengganti").selectOption({ label: `${pengganti.name} — Manajemen ${s.tag}` });
  await ganti.getByLabel("Catatan").fill(CATATAN_GANTI);
  await ganti.getByRole("button", { name: "Ganti Reviewer" }).click();
  await saved(page, "Reviewer Usulan", js);
  await expect(row(page, s.judul)).toContainText(`${s.users.reviewer1.name}, ${pengganti.name}`);
  await expect(row(page, s.judul)).not.toContainText("Lewat tenggat");

  // 4. Reviewer 1 and the replacement, each told: they follow the notice to the administrasi
  // (every item Lolos), then score the substansi.
  for (const [reviewer, subject, skor] of [
    [s.users.reviewer1, "Usulan: Review", SKOR_REVIEWER[0]],
    [pengganti, "Usulan: Penugasan review", SKOR_REVIEWER[1]],
  ] as const) {
    await signInAs(page, reviewer.username, PASSWORD);
    await expect(inboxLink(page)).toHaveAccessibleName(inboxName(1));
    await followNotice(page, subject, s.judul, js);
    await expect(page).toHaveURL(/\/reviewer\/evaluasi-administrasi$/);
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

  // 5. The round is complete: the proposal is 'Dinilai'.
  await openPage(page, "/reviewer/evaluasi-substansi?status=sudah", js);
  await expect(row(page, s.judul)).toContainText("Dinilai");
  await expect(row(page, s.judul)).toContainText(`Nilai ${SKOR_REVIEWER[1] * 100}`);

  // 6. The replaced reviewer reads why in their inbox, and no longer has the proposal in any list.
  await signInAs(page, s.users.reviewer2.username, PASSWORD);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(2));
  const dialihkan = await unreadItem(page, "Usulan: Penugasan review dialihkan", s.judul);
  await expect(dialihkan).toContainText(`Catatan: ${CATATAN_GANTI}`);
  await openPage(page, "/reviewer/evaluasi-administrasi?status=semua", js);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(row(page, s.judul)).toHaveCount(0);

  await signInAs(page, s.users.verifikatorA.username, PASSWORD);
  await openPage(page, "/operatorfakultas/persetujuan-usulan/usulan-reguler?status=semua", js);
  await expect(row(page, s.judul)).toContainText("Dinilai");
  return { pengganti };
}

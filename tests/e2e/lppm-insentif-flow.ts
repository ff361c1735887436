/**
 * One publication-incentive claim from DRAF to DICAIRKAN on the built server, the same
 * steps with JavaScript on (lppm-insentif.js.spec.ts) and off (lppm-insentif.nojs.spec.ts). The
 * people (`seedReviewScenario`), one tariff row and this year's open incentive call
 * (`openInsentifCall`) are written into the worker server's database; then, on the screens:
 * 1. the lecturer reads the tariff and its rule (one amount per book shared by its authors),
 *    writes the claim (first of 2 authors: 60 %), sees its amount and how, is told 'Ajukan' needs
 *    evidence, uploads a PDF and submits it;
 * 2. the Operator assigns the reviewer; the reviewer's checklist is the insentif rubric: one
 *    criterion left unticked is refused, every one ticked saves the evaluation;
 * 3. the Sekretaris and the Kepala approve; the Kepala decides it with an SK on the penetapan board;
 * 4. the Operator marks it paid; the lecturer sees it Dicairkan with the approved amount.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  type Db,
  expect,
  insentifRubrik,
  openInsentifCall,
  openPage,
  seedReviewScenario,
  signInAs,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  toast,
  unique,
} from "./fixtures";

const PDF = "%PDF-1.4\n% artikel\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";

export async function insentifFlow(page: Page, db: Db, { js }: { js: boolean }) {
  const tag = unique();
  const tahun = new Date().getUTCFullYear();
  const s = seedReviewScenario(db, { tag, usulan: false });
  // One tariff row and this year's call, open now (another run in this database may have made them).
  const { jenisId, periodeId } = openInsentifCall(db, tahun);
  const judul = `Kriya Kayu Jepara dalam Angka ${tag}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-insentif-"));
  const artikel = path.join(dir, "sampul-buku.pdf");
  fs.writeFileSync(artikel, PDF);
  const saved = async () => {
    if (js) await expect(toast(page, "Data berhasil disimpan").last()).toBeVisible();
  };
  const dialog = () => page.getByRole("dialog", { name: judul });
  const row = () => page.getByRole("row", { name: new RegExp(judul) });

  // 1. The lecturer: the tariff, the claim, its evidence, 'Ajukan'.
  await signInAs(page, s.users.ketua.username, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/pengusul/insentif", js);
  const buku = page.getByRole("row", { name: /Buku ber-ISBN/ });
  await expect(buku).toContainText("Rp. 3.000.000 per publikasi: penulis tunggal menerima seluruhnya; bila lebih dari satu penulis, penulis pertama/korespondensi 60%");
  await page.getByRole("link", { name: "Ajukan klaim →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pengajuan Insentif" })).toBeVisible();
  await page.getByRole("link", { name: "Tambah Klaim" }).click();
  const form = page.getByRole("dialog", { name: "Tambah Klaim Insentif" }).getByRole("form", { name: "Isian klaim insentif" });
  await form.getByLabel("Jenis insentif").selectOption(String(jenisId));
  await form.getByLabel("Judul publikasi").fill(judul);
  await form.getByLabel("Nama jurnal/penerbit/konferensi").fill("Penerbit Kampus Kudus");
  await form.getByLabel("ISSN/ISBN").fill("978-602-1234-56-7");
  await form.getByLabel("DOI atau URL").fill(`https://penerbit.example.ac.id/buku/${tag}`);
  await form.getByLabel("Tahun terbit").fill(String(tahun));
  await form.getByRole("textbox", { name: "Jumlah penulis" }).fill("2");
  await form.getByRole("button", { name: "Simpan" }).click();
  await saved();
  await expect(dialog().getByText("Belum ada bukti.")).toBeVisible();
  // What the claim is worth, and how: the first of two authors gets 60 % of the book's amount.
  const nominal = dialog().getByRole("definition").filter({ hasText: "untuk penulis pertama/korespondensi" });
  await expect(nominal).toContainText("Rp. 1.800.000");
  await expect(nominal).toContainText("60% dari Rp. 3.000.000 untuk penulis pertama/korespondensi (2 penulis).");
  await dialog().getByRole("button", { name: "Ajukan" }).click();
  await expect(dialog().getByRole("alert")).toContainText("Unggah minimal satu bukti publikasi.");
  await dialog().getByLabel(/^Bukti publikasi/).setInputFiles(artikel);
  await dialog().getByRole("button", { name: "Unggah" }).click();
  await expect(dialog().getByRole("link", { name: "sampul-buku.pdf" })).toBeVisible();
  await dialog().getByRole("button", { name: "Ajukan" }).click();
  await saved();
  await expect(row().locator('[data-status="DIAJUKAN"]')).toHaveText("Diajukan");

  // 2. The Operator assigns the reviewer; the reviewer evaluates.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/operator/lppm/insentif", js);
  await page.getByRole("link", { name: `Klaim ${judul}` }).click();
  const tugas = dialog().getByRole("form", { name: "Tugaskan reviewer insentif" });
  await tugas.getByLabel("Reviewer").selectOption(String(s.users.reviewer1.id));
  await tugas.getByRole("button", { name: "Tugaskan" }).click();
  await saved();
  // Assigned: the claim names its reviewer, and the form now offers to change them.
  await expect(dialog().getByRole("button", { name: "Ganti reviewer" })).toBeVisible();
  await expect(dialog().getByRole("definition").filter({ hasText: s.users.reviewer1.name })).toBeVisible();

  await signInAs(page, s.users.reviewer1.username, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/reviewer/evaluasi-insentif", js);
  await page.getByRole("link", { name: `Klaim ${judul}` }).click();
  const evaluasi = () => dialog().getByRole("form", { name: "Evaluasi klaim insentif" });
  // The checklist is the insentif rubric the Operator keeps (locator.all() does not wait: the dialog must be there first).
  const rubrik = insentifRubrik(db);
  await expect(evaluasi().getByRole("group", { name: `Daftar periksa: ${rubrik.nama}` })).toBeVisible();
  await expect(evaluasi().getByRole("checkbox")).toHaveCount(rubrik.kriteria.length);
  for (const kriteria of rubrik.kriteria) await expect(evaluasi().getByRole("checkbox", { name: kriteria })).toBeVisible();
  await expect(evaluasi().getByLabel("Nominal rekomendasi (Rp)")).toHaveValue("1.800.000");
  // One criterion not met: refused, nothing saved; what was ticked stays ticked.
  const [last, ...rest] = [...rubrik.kriteria].reverse();
  for (const kriteria of rest) await evaluasi().getByRole("checkbox", { name: kriteria }).check();
  await evaluasi().getByRole("button", { name: "Simpan Penilaian" }).click();
  await expect(evaluasi().getByRole("alert")).toHaveText("Semua butir harus sesuai untuk menyimpan penilaian; kembalikan atau tolak klaim bila ada yang tidak sesuai.");
  for (const kriteria of rest) await expect(evaluasi().getByRole("checkbox", { name: kriteria })).toBeChecked();
  await evaluasi().getByRole("checkbox", { name: last }).check();
  await evaluasi().getByLabel("Catatan").fill("ISBN terverifikasi di Perpusnas.");
  await evaluasi().getByRole("button", { name: "Simpan Penilaian" }).click();
  await saved();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row()).toHaveCount(0);

  // 3. The Sekretaris and the Kepala approve; the Kepala decides it with an SK.
  for (const [who, area] of [
    [s.users.sekretaris.username, "/sekretarislppm"],
    [s.users.kepala.username, "/kepalalppm"],
  ] as const) {
    await signInAs(page, who, TEST_OPERATOR_PASSWORD);
    await openPage(page, `${area}/persetujuan-usulan/insentif-publikasi`, js);
    await page.getByRole("link", { name: `Klaim ${judul}` }).click();
    // The reviewer's note, in the evaluation and in the history.
    await expect(dialog().getByText("ISBN terverifikasi di Perpusnas.").first()).toBeVisible();
    await dialog().getByRole("button", { name: "Setujui" }).click();
    await saved();
    await expect(row()).toHaveCount(0);
  }
  await openPage(page, `/kepalalppm/penetapan-pemenang/usulan-insentif?periode=${periodeId}`, js);
  const papan = page.getByRole("form", { name: "Penetapan insentif" });
  await expect(papan.getByRole("checkbox", { name: `Tetapkan ${judul}` })).toBeChecked();
  // Only this claim: others of the call (another run) are left for their own SK.
  for (const other of await papan.getByRole("checkbox").all()) {
    if ((await other.getAttribute("aria-label")) !== `Tetapkan ${judul}`) await other.uncheck();
  }
  await expect(papan.getByLabel(`Nominal ${judul}`)).toHaveValue("1.800.000");
  await papan.getByLabel("Nomor SK").fill(`077/LPPM/SK-INS/${tag}`);
  await papan.getByRole("button", { name: "Tetapkan" }).click();
  await saved();
  await expect(page.getByRole("checkbox", { name: `Tetapkan ${judul}` })).toHaveCount(0);

  // 4. The Operator marks it paid; the lecturer sees it.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/operator/lppm/insentif?status=DITETAPKAN", js);
  await page.getByRole("link", { name: `Klaim ${judul}` }).click();
  // The decided amount with its SK.
  await expect(dialog().getByRole("definition").filter({ hasText: `SK 077/LPPM/SK-INS/${tag}` })).toContainText("Rp. 1.800.000");
  await dialog().getByRole("button", { name: "Cairkan" }).click();
  await saved();
  await openPage(page, "/operator/lppm/insentif?status=DICAIRKAN", js);
  await expect(row().locator('[data-status="DICAIRKAN"]')).toHaveText("Dicairkan");

  await signInAs(page, s.users.ketua.username, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/pengusul/insentif/pengajuan", js);
  await expect(row()).toContainText("Rp. 1.800.000");
  await expect(row().locator('[data-status="DICAIRKAN"]')).toHaveText("Dicairkan");
  fs.rmSync(dir, { recursive: true, force: true });
}

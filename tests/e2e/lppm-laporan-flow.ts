/**
 * One running project from BERJALAN to SELESAI on the built server, the same steps
 * with JavaScript on (lppm-laporan.js.spec.ts) and off (lppm-laporan.nojs.spec.ts). The project
 * is written into the worker server's database (`seedReviewScenario`, then `startProject`:
 * BERJALAN with a RAB of Rp 12.000.000 and one target output); then, on the screens:
 * 1. the ketua writes the Laporan Kemajuan: 'Ajukan' too early is refused with the reason; the
 *    figures, the PDF, then 'Ajukan' → Diajukan;
 * 2. the Operator accepts it, and assigns the monev reviewer on Monev Internal PT;
 * 3. the reviewer finds the monev on the dashboard and scores it with a berita acara → Dinilai;
 * 4. the ketua writes the Laporan Akhir (100 %, the whole budget, the output published with its
 *    DOI) and submits it; the Operator accepts it → the project is Selesai, and the monev's
 *    grade shows on the office's list.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  type Db,
  expect,
  openPage,
  seedReviewScenario,
  signInAs,
  startProject,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  toast,
  unique,
} from "./fixtures";

const PDF = "%PDF-1.4\n% laporan\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";
/** Scores of the penelitian monev rubric (bobot 30, 15, 25, 15, 15): total 73, 'Baik'. */
const SKOR_MONEV = ["90", "80", "70", "60", "50"];

export async function laporanFlow(page: Page, db: Db, { js }: { js: boolean }) {
  const tag = unique();
  const s = seedReviewScenario(db, { tag, semuaTahap: true });
  startProject(db, s.usulan, { danaDisetujui: 12_000_000, luaran: [{ jenis: "Jurnal nasional terakreditasi", target: "Published" }] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-laporan-"));
  const pdf = (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, PDF);
    return file;
  };
  /** With JavaScript the toast says a save went through (without, the page itself shows it: checked after each step). */
  const saved = async () => {
    if (js) await expect(toast(page, "Data berhasil disimpan").last()).toBeVisible();
  };
  const gone = (judul: string) => expect(page.getByRole("row", { name: new RegExp(judul) })).toHaveCount(0);

  // 1. The ketua's progress report.
  await signInAs(page, s.users.ketua.username, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/pengusul/penelitian/laporan-kemajuan", js);
  await expect(page.getByRole("heading", { level: 1, name: "Laporan Kemajuan Penelitian" })).toBeVisible();
  await page.getByRole("link", { name: `Laporan kemajuan ${s.judul}` }).click();
  let dialog = page.getByRole("dialog", { name: s.judul });
  await dialog.getByRole("button", { name: "Ajukan" }).click();
  await expect(page.getByRole("dialog", { name: s.judul }).getByRole("alert")).toContainText("Laporan kemajuan belum dapat diajukan: 2 syarat belum terpenuhi.");
  dialog = page.getByRole("dialog", { name: s.judul });
  const isian = dialog.getByRole("form", { name: "Isian laporan kemajuan" });
  await isian.getByLabel("Capaian (%)").fill("50");
  await isian.getByLabel("Realisasi anggaran (Rp)").fill("6.000.000");
  await isian.getByLabel("Ringkasan").fill("Pengeringan tahap pertama selesai; data kadar air terkumpul.");
  await isian.getByRole("button", { name: "Simpan" }).click();
  await saved();
  await expect(dialog.getByText("Rp. 6.000.000 (50%)")).toBeVisible();
  await dialog.getByLabel(/^Dokumen laporan kemajuan/).setInputFiles(pdf("laporan-kemajuan.pdf"));
  await dialog.getByRole("button", { name: "Unggah" }).click();
  await expect(dialog.getByRole("link", { name: "Unduh versi 1: laporan-kemajuan.pdf" })).toBeVisible();
  await dialog.getByRole("button", { name: "Ajukan" }).click();
  await saved();
  await expect(page.getByRole("row", { name: new RegExp(s.judul) }).locator('[data-status="DIAJUKAN"]')).toHaveText("Diajukan");

  // 2. The Operator accepts it and assigns the monev reviewer.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/operator/lppm/laporan-kemajuan", js);
  await page.getByRole("link", { name: `Detail ${s.judul}` }).click();
  dialog = page.getByRole("dialog", { name: s.judul });
  await expect(dialog.getByText("Pengeringan tahap pertama selesai; data kadar air terkumpul.")).toBeVisible();
  await dialog.getByRole("button", { name: "Terima" }).click();
  await saved();
  // Accepted: it leaves the list of submitted reports.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await gone(s.judul);
  await openPage(page, "/operator/lppm/monev-internal?status=belum", js);
  await page.getByRole("link", { name: `Monev ${s.judul}` }).click();
  dialog = page.getByRole("dialog", { name: s.judul });
  const tugas = dialog.getByRole("form", { name: "Tugaskan reviewer monev" });
  await tugas.getByLabel("Reviewer monev").selectOption(String(s.users.reviewer1.id));
  await tugas.getByRole("button", { name: "Tugaskan" }).click();
  await saved();
  await expect(page.getByRole("dialog", { name: s.judul }).getByText(`Reviewer ${s.users.reviewer1.name}`)).toBeVisible();

  // 3. The reviewer scores the monev from the dashboard.
  await signInAs(page, s.users.reviewer1.username, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/reviewer/dashboard", js);
  await expect(page.getByTestId("tugas-monev")).toContainText("Penilaian monev");
  await page.getByTestId("tugas-monev").getByRole("link", { name: s.judul }).click();
  dialog = page.getByRole("dialog", { name: s.judul });
  const nilai = dialog.getByRole("form", { name: "Penilaian monev" });
  for (const [i, skor] of SKOR_MONEV.entries()) await nilai.getByLabel(new RegExp(`^${i + 1}\\. `)).fill(skor);
  await nilai.getByLabel("Catatan", { exact: true }).fill("Pelaksanaan sesuai rencana; luaran dalam proses.");
  await nilai.getByLabel(/^Berita acara/).setInputFiles(pdf("berita-acara-monev.pdf"));
  await nilai.getByRole("button", { name: "Simpan Penilaian" }).click();
  await saved();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await gone(s.judul);
  await openPage(page, `/reviewer/evaluasi-monev?status=DINILAI`, js);
  await expect(page.getByRole("row", { name: new RegExp(s.judul) })).toContainText("Baik");

  // 4. The ketua's final report, then the Operator's acceptance: the project is Selesai.
  await signInAs(page, s.users.ketua.username, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/pengusul/penelitian/laporan-akhir", js);
  await page.getByRole("link", { name: `Laporan akhir ${s.judul}` }).click();
  dialog = page.getByRole("dialog", { name: s.judul });
  const akhir = dialog.getByRole("form", { name: "Isian laporan akhir" });
  await akhir.getByLabel("Capaian (%)").fill("100");
  await akhir.getByLabel("Realisasi anggaran (Rp)").fill("12.000.000");
  await akhir.getByLabel("Ringkasan").fill("Alat pengering selesai diuji; artikel terbit.");
  await akhir.getByRole("button", { name: "Simpan" }).click();
  await saved();
  await expect(dialog.getByText("Rp. 12.000.000 (100%)")).toBeVisible();
  const luaran = dialog.getByRole("form", { name: "Capaian luaran Jurnal nasional terakreditasi" });
  await luaran.getByLabel("Status capaian").selectOption("Published");
  await luaran.getByLabel("Judul publikasi/produk").fill("Pengering Kayu Jati Tenaga Surya");
  await luaran.getByLabel("DOI atau URL").fill("10.1234/jtk.2026.15");
  await luaran.getByRole("button", { name: "Simpan luaran" }).click();
  await saved();
  await expect(dialog.getByRole("link", { name: "10.1234/jtk.2026.15" })).toHaveAttribute("href", "https://doi.org/10.1234/jtk.2026.15");
  await dialog.getByLabel(/^Dokumen laporan akhir/).setInputFiles(pdf("laporan-akhir.pdf"));
  await dialog.getByRole("button", { name: "Unggah" }).click();
  await expect(dialog.getByRole("link", { name: "Unduh versi 1: laporan-akhir.pdf" })).toBeVisible();
  await dialog.getByRole("button", { name: "Ajukan" }).click();
  await saved();
  await expect(page.getByRole("row", { name: new RegExp(s.judul) }).locator('[data-status="DIAJUKAN"]')).toHaveText("Diajukan");

  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await openPage(page, "/operator/lppm/laporan-akhir", js);
  await page.getByRole("link", { name: `Detail ${s.judul}` }).click();
  await page.getByRole("dialog", { name: s.judul }).getByRole("button", { name: "Terima" }).click();
  await saved();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await gone(s.judul);
  await openPage(page, "/operator/lppm/monev-internal?status=DINILAI", js);
  const row = page.getByRole("row", { name: new RegExp(s.judul) });
  await expect(row).toContainText("73");
  await expect(row).toContainText("Baik");

  await signInAs(page, s.users.ketua.username, TEST_OPERATOR_PASSWORD);
  await page.goto(`/pengusul/usulan/${s.usulan}`);
  await expect(page.locator("header [data-status]")).toHaveText("Selesai");
  fs.rmSync(dir, { recursive: true, force: true });
}

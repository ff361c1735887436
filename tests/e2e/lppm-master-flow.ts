/**
 * The LPPM master-data flow both lppm-master specs run (JavaScript on and off): the operator adds
 * a fakultas and a prodi (the fakultas then refuses to be deleted), a skema, a periode with WIB
 * windows (a window closing before it opens is refused), edits the rubric (a total other than
 * 100 is refused, 'Tambah baris' adds a row), uploads a template and downloads it; then a
 * pengusul downloads it from /pengusul/download.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { createUserViaUi, dialog, expect, login, row, rowAction, toast, unique } from "./fixtures";

const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

async function saved(page: Page, js: boolean, click: () => Promise<unknown>) {
  await click();
  if (js) await expect(toast(page, "Data berhasil disimpan").last()).toBeVisible();
  await expect(page).not.toHaveURL(/[?&](tambah|ubah)=/);
}

export async function lppmMasterFlow(page: Page, browser: Browser, baseURL: string, js: boolean) {
  const id = unique();
  const fakultas = `Fakultas Teknik ${id}`;
  const prodi = `Informatika ${id}`;
  const skema = `Penelitian Dosen Pemula ${id}`;
  const judul = `Template Proposal ${id}`;

  // Fakultas, from the LPPM menu group.
  await page.goto("/operator/dashboard");
  await page.getByRole("complementary", { name: "Menu samping" }).getByRole("link", { name: "Fakultas", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fakultas" })).toBeVisible();
  await page.getByRole("link", { name: "+ Data" }).click();
  const tambahFakultas = dialog(page, "Tambah Fakultas");
  await tambahFakultas.getByLabel("Nama Fakultas").fill(fakultas);
  await tambahFakultas.getByLabel("Kode").fill("FT");
  await saved(page, js, () => tambahFakultas.getByRole("button", { name: "Simpan" }).click());
  // Each new row is looked up by its tag: the shared server holds other specs' master data, and
  // the list's first page need not show it.
  await page.goto(`/operator/lppm/fakultas?q=${id}`);
  await expect(row(page, fakultas)).toContainText("FT");

  // Program Studi of that fakultas.
  await page.goto("/operator/lppm/prodi?tambah=1");
  const tambahProdi = dialog(page, "Tambah Program Studi");
  await tambahProdi.getByLabel("Fakultas").selectOption({ label: fakultas });
  await tambahProdi.getByLabel("Nama Program Studi").fill(prodi);
  await saved(page, js, () => tambahProdi.getByRole("button", { name: "Simpan" }).click());
  await page.goto(`/operator/lppm/prodi?q=${id}`);
  await expect(row(page, prodi)).toContainText(fakultas);

  // The fakultas is in use: its delete is refused, with the reason in the dialog.
  await page.goto(`/operator/lppm/fakultas?q=${id}`);
  await rowAction(page, fakultas, "Hapus");
  const hapus = dialog(page, "Apakah kamu yakin?");
  await hapus.getByRole("button", { name: "Hapus" }).click();
  await expect(hapus.getByRole("alert")).toHaveText("Fakultas masih dipakai oleh 1 program studi. Pindahkan atau hapus dulu.");
  await page.goto(`/operator/lppm/fakultas?q=${id}`);
  await expect(row(page, fakultas)).toHaveCount(1);

  // Skema with its luaran.
  await page.goto("/operator/lppm/skema?tambah=1");
  const tambahSkema = dialog(page, "Tambah Skema");
  await tambahSkema.getByLabel("Nama Skema").fill(skema);
  await tambahSkema.getByLabel("Dana Maksimal (Rp)").fill("15.000.000");
  await tambahSkema.getByLabel("Jabatan Akademik Minimal Ketua").selectOption("Asisten Ahli");
  await tambahSkema.getByLabel("Jurnal nasional terakreditasi", { exact: true }).check();
  await tambahSkema.getByLabel("Aktif", { exact: true }).check();
  await saved(page, js, () => tambahSkema.getByRole("button", { name: "Simpan" }).click());
  await page.goto(`/operator/lppm/skema?q=${id}`);
  await expect(row(page, skema)).toContainText("Rp. 15.000.000");
  await expect(row(page, skema)).toContainText("Jurnal nasional terakreditasi");

  // Periode with WIB windows: backwards first (refused), then right.
  await page.goto("/operator/lppm/periode?tambah=1");
  const tambahPeriode = dialog(page, "Tambah Periode");
  await tambahPeriode.getByLabel("Tahun").fill("2026");
  await tambahPeriode.getByLabel("Skema").selectOption({ label: `${skema} (Penelitian)` });
  await tambahPeriode.getByLabel("Anggaran Total (Rp)").fill("150.000.000");
  await tambahPeriode.getByLabel("Kuota Judul").fill("10");
  await tambahPeriode.getByLabel("Buka pengajuan", { exact: true }).fill("2026-12-31T08:00");
  await tambahPeriode.getByLabel("Tutup pengajuan", { exact: true }).fill("2026-01-01T08:00");
  await tambahPeriode.getByRole("button", { name: "Simpan" }).click();
  await expect(tambahPeriode.getByText("Tanggal tutup pengajuan harus setelah tanggal buka.")).toBeVisible();
  await tambahPeriode.getByLabel("Buka pengajuan", { exact: true }).fill("2026-01-01T08:00");
  await tambahPeriode.getByLabel("Tutup pengajuan", { exact: true }).fill("2099-12-31T23:59");
  await tambahPeriode.getByLabel("Buka review", { exact: true }).fill("2099-12-31T23:59");
  await tambahPeriode.getByLabel("Tutup review", { exact: true }).fill("2100-01-31T23:59");
  await saved(page, js, () => tambahPeriode.getByRole("button", { name: "Simpan" }).click());
  await page.goto(`/operator/lppm/periode?q=${id}`);
  const periodeRow = row(page, skema);
  await expect(periodeRow).toContainText("Pengajuan: Dibuka s.d. 31 Des 2099 23.59 WIB");
  await expect(periodeRow).toContainText("Review: Belum dibuka");
  await expect(periodeRow).toContainText("Monev: Belum dijadwalkan");
  // Editing shows the stored WIB times again.
  await rowAction(page, `2026 · ${skema}`, "Ubah");
  await expect(dialog(page, "Ubah Periode").getByLabel("Buka pengajuan", { exact: true })).toHaveValue("2026-01-01T08:00");
  await page.goto("/operator/lppm/periode");

  // Rubrik: the seeded substantive rubric; 105 refused, 'Tambah baris', then 100 saved.
  await page.goto("/operator/lppm/rubrik");
  await rowAction(page, "Evaluasi Substansi Penelitian", "Ubah");
  const rubrik = dialog(page, "Ubah Rubrik");
  // The seeded "Ringkasan" (or, on a retry, this flow's own earlier rename of it).
  await expect(rubrik.locator("#baris-0-kriteria")).toHaveValue(/^Ringkasan/);
  await rubrik.locator("#baris-0-bobot").fill("15");
  await rubrik.getByRole("button", { name: "Simpan" }).click();
  await expect(rubrik.getByRole("alert")).toHaveText("Total bobot harus 100 (sekarang 105).");
  await expect(rubrik.locator("#baris-0-bobot")).toHaveValue("15");
  const rows = await rubrik.locator("li").count();
  await rubrik.getByRole("button", { name: "Tambah baris" }).click();
  await expect(rubrik.locator("li")).toHaveCount(rows + 1);
  await rubrik.locator("#baris-0-bobot").fill("10");
  await rubrik.locator("#baris-0-kriteria").fill(`Ringkasan ${id}`);
  await saved(page, js, () => rubrik.getByRole("button", { name: "Simpan" }).click());
  await expect(row(page, "Evaluasi Substansi Penelitian")).toContainText("100");
  await rowAction(page, "Evaluasi Substansi Penelitian", "Ubah");
  await expect(dialog(page, "Ubah Rubrik").locator("#baris-0-kriteria")).toHaveValue(`Ringkasan ${id}`);
  await page.goto("/operator/lppm/rubrik");

  // Template: upload a PDF, the operator downloads it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lppm-template-"));
  const file = path.join(dir, `proposal-${id}.pdf`);
  fs.writeFileSync(file, PDF);
  await page.goto("/operator/lppm/template?tambah=1");
  const tambahTemplate = dialog(page, "Tambah Template");
  await tambahTemplate.getByLabel("Judul").fill(judul);
  await tambahTemplate.getByLabel("Keterangan").fill("Format terbaru");
  await tambahTemplate.getByLabel("File (PDF/DOCX, maks. 10 MB)").setInputFiles(file);
  await saved(page, js, () => tambahTemplate.getByRole("button", { name: "Simpan" }).click());
  await page.goto(`/operator/lppm/template?q=${id}`);
  const [operatorCopy] = await Promise.all([page.waitForEvent("download"), row(page, judul).getByRole("link", { name: /Unduh/ }).click()]);
  expect(operatorCopy.suggestedFilename()).toBe(`proposal-${id}.pdf`);
  expect(fs.readFileSync((await operatorCopy.path())!, "utf8")).toBe(PDF);

  // A pengusul downloads it from /pengusul/download.
  // A context of its own, signed out (Playwright would otherwise give it the operator's state).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, acceptDownloads: true, storageState: { cookies: [], origins: [] } });
  const dosen = await context.newPage();
  const username = `dosen${id}`.replace(/[^a-z0-9]/gi, "").slice(0, 30);
  // A plain lecturer: they land in the proposer's area.
  await createUserViaUi(dosen, { username, name: "Dr. Sari", password: "Rahasia123x", no_hp: "081311112222", roles: ["Pengusul"] });
  await login(dosen, username, "Rahasia123x");
  await expect(dosen).toHaveURL(/\/pengusul\/dashboard$/);
  await dosen.getByRole("complementary", { name: "Menu samping" }).getByRole("link", { name: "Download", exact: true }).click();
  await expect(dosen.getByRole("heading", { level: 1, name: "Download" })).toBeVisible();
  await expect(dosen.getByRole("cell", { name: /Format terbaru/ })).toBeVisible();
  const [copy] = await Promise.all([dosen.waitForEvent("download"), dosen.getByRole("link", { name: `Unduh ${judul}` }).click()]);
  expect(copy.suggestedFilename()).toBe(`proposal-${id}.pdf`);
  expect(fs.readFileSync((await copy.path())!, "utf8")).toBe(PDF);
  await context.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

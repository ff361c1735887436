/**
 * The penetapan walk shared by lppm-penetapan.js.spec.ts and .nojs.spec.ts: one DINILAI
 * proposal (seeded) goes through the secretary's 'Setujui', the head's 'Setujui', the head's
 * 'Tetapkan' with an SK (and the winners' XLSX), the proposer's perbaikan ('Unggah', a RAB line,
 * 'Ajukan') and the operator's 'Terima' → 'Berjalan'. Only what a user sees is waited on.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { dialog, expect, login, row } from "./operator-fixtures";
import type { PenetapanSeed } from "./lppm-penetapan-seed";

/** The seeded operator signs in with the login form. */
async function signInAsOperator(page: Page) {
  await page.context().clearCookies();
  await page.goto("/login");
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * An LPPM user: the seeded session (see lppm-penetapan-seed.ts: logging in with an LPPM role is
 * another branch's work), set as the browser's cookie.
 */
async function signInAs(page: Page, seed: PenetapanSeed, who: keyof PenetapanSeed["sessions"]) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "etalase_sid", value: seed.sessions[who], url: seed.baseURL, httpOnly: true, sameSite: "Lax" }]);
}

function samplePdf(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-penetapan-"));
  const file = path.join(dir, "perbaikan.pdf");
  fs.writeFileSync(file, "%PDF-1.4\n% Perbaikan usulan\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  return file;
}

/** Picks a status in the list's filter and applies it with 'Cari' (works with and without JS). */
async function filterStatus(page: Page, label: string) {
  await page.getByLabel("Status").selectOption({ label });
  await page.getByRole("button", { name: "Cari" }).click();
  await expect(page).toHaveURL(/[?&]status=/);
}

export async function penetapanFlow(page: Page, seed: PenetapanSeed, { js }: { js: boolean }) {
  const { judul } = seed;

  // Sekretaris: the flag on the list, the scores in the detail, 'Setujui'.
  await signInAs(page, seed, "sekretaris");
  await page.goto("/sekretarislppm/persetujuan-usulan/usulan-reguler");
  await expect(row(page, judul)).toContainText("Selisih nilai reviewer > 20%");
  await page.getByRole("link", { name: `Detail ${judul}` }).click();
  const detail = dialog(page, judul);
  await expect(detail.getByRole("heading", { name: "Reviewer 1: Prof. Reviewer Satu" })).toBeVisible();
  await expect(detail.getByText("Total nilai: 700")).toBeVisible();
  await expect(detail.getByText("Justifikasi Metode").first()).toBeVisible();
  // 'Kembalikan' without a note: refused in the dialog, nothing changes.
  await detail.getByRole("button", { name: "Kembalikan" }).click();
  await expect(dialog(page, judul).getByRole("alert")).toHaveText("Catatan wajib diisi.");
  await dialog(page, judul).getByRole("button", { name: "Setujui" }).click();
  await expect(dialog(page, judul)).toHaveCount(0);
  await expect(row(page, judul)).toHaveCount(0);

  // Kepala: 'Setujui' → Direkomendasikan.
  await signInAs(page, seed, "kepala");
  await page.goto("/kepalalppm/persetujuan-usulan/usulan-reguler");
  await page.getByRole("link", { name: `Detail ${judul}` }).click();
  await dialog(page, judul).getByRole("button", { name: "Setujui" }).click();
  await expect(row(page, judul)).toHaveCount(0);
  await filterStatus(page, "Direkomendasikan");
  await expect(row(page, judul)).toContainText("Direkomendasikan");

  // Kepala: the ranking board, 'Tetapkan' with an SK, the winners' XLSX.
  await page.goto(`/kepalalppm/penetapan-pemenang/usulan-reguler?periode=${seed.periodeId}`);
  const boardRow = row(page, judul);
  await expect(boardRow).toContainText("700 · 500");
  await expect(page.getByText("Sisa kuota judul")).toBeVisible();
  await expect(boardRow.getByRole("radio", { name: "Ya" })).toBeChecked();
  await expect(boardRow.getByRole("textbox")).toHaveValue("17.000.000");
  await expect(page.getByText(/^Dipilih 1 judul, Rp\. 17\.000\.000 \(sisa kuota 2,/)).toBeVisible();
  if (js) {
    // The batch's sum follows the form as the head changes it.
    await boardRow.getByRole("radio", { name: "Tidak" }).check();
    await expect(page.getByText(/^Dipilih 0 judul, Rp\. 0 /)).toBeVisible();
    await boardRow.getByRole("radio", { name: "Ya" }).check();
    await boardRow.getByRole("textbox").fill("16.500.000");
    await expect(page.getByText(/^Dipilih 1 judul, Rp\. 16\.500\.000 /)).toBeVisible();
    await boardRow.getByRole("textbox").fill("17.000.000");
  }
  const sk = `SK/${seed.periodeId}/LPPM/2026`;
  await page.getByLabel("Nomor SK").fill(sk);
  await page.getByRole("button", { name: "Tetapkan" }).click();
  await expect(page.getByText(`SK ${sk} tanggal`)).toBeVisible();
  await expect(page.getByText("Tidak ada usulan direkomendasikan pada periode ini.")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Unduh Daftar pemenang (SK) (XLSX)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pemenang-2026-penelitian-dasar-.+\.xlsx$/);
  const saved = await download.path();
  expect(fs.readFileSync(saved).subarray(0, 2).toString()).toBe("PK");

  // Pengusul: the revised PDF, a RAB line within the approved 17 jt, 'Ajukan'.
  await signInAs(page, seed, "pengusul");
  await page.goto("/pengusul/penelitian/perbaikan-usulan");
  await expect(row(page, judul)).toContainText("Didanai");
  await expect(row(page, judul)).toContainText("17.000.000");
  await page.getByRole("link", { name: `Perbaikan ${judul}` }).click();
  const perbaikan = dialog(page, judul);
  await perbaikan.locator('input[name="dokumen"]').setInputFiles(samplePdf());
  await perbaikan.getByRole("button", { name: "Unggah" }).click();
  await expect(dialog(page, judul).getByRole("link", { name: "Unduh versi 1: perbaikan.pdf" })).toBeVisible();
  await dialog(page, judul).getByLabel("Kelompok").selectOption("Bahan");
  await dialog(page, judul).getByLabel("Item", { exact: true }).fill("Semen dan abu sekam");
  await dialog(page, judul).getByLabel("Satuan", { exact: true }).fill("paket");
  await dialog(page, judul).getByLabel("Volume").fill("1");
  await dialog(page, judul).getByLabel("Harga satuan").fill("15.000.000");
  await dialog(page, judul).getByRole("button", { name: "Tambah baris RAB" }).click();
  await expect(dialog(page, judul).getByRole("cell", { name: "Semen dan abu sekam", exact: true })).toBeVisible();
  await dialog(page, judul).getByRole("button", { name: "Ajukan" }).click();
  await expect(dialog(page, judul)).toHaveCount(0);
  await expect(row(page, judul)).toContainText("Perbaikan Diajukan");

  // Operator: 'Terima' → Berjalan.
  await signInAsOperator(page);
  await page.goto("/operator/lppm/perbaikan-usulan");
  await page.getByRole("link", { name: `Detail ${judul}` }).click();
  await expect(dialog(page, judul).getByRole("link", { name: "Unduh versi 1: perbaikan.pdf" })).toBeVisible();
  await dialog(page, judul).getByRole("button", { name: "Terima" }).click();
  await expect(row(page, judul)).toHaveCount(0);
  await filterStatus(page, "Berjalan");
  await expect(row(page, judul)).toContainText("Berjalan");
}

/**
 * Catatan Harian on the built server, the same steps with JavaScript on
 * (lppm-catatan.js.spec.ts) and off (lppm-catatan.nojs.spec.ts): a running project is written
 * into the worker server's database (`seedReviewScenario`, then `startProject`: BERJALAN with
 * a RAB); its ketua signs in, opens the project's notes, is refused a fake photo (said on the
 * file field), saves a note with a real one and reads the spending against the budget, also on
 * the proposal's own page; the photo downloads; the Operator reads the same project under
 * LPPM → Catatan Harian, without the form.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type Db, expect, seedReviewScenario, signInAs, startProject, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, unique } from "./fixtures";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

export async function catatanFlow(page: Page, db: Db) {
  const tag = unique();
  const s = seedReviewScenario(db, { tag, semuaTahap: true });
  startProject(db, s.usulan, { danaDisetujui: 30_000_000 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-catatan-"));
  const foto = path.join(dir, "foto-kadar-air.png");
  fs.writeFileSync(foto, PNG);
  const palsu = path.join(dir, "bukan-foto.png");
  fs.writeFileSync(palsu, "<svg onload=alert(1)></svg>");

  // The ketua opens the project from Catatan Harian Penelitian.
  await signInAs(page, s.users.ketua.username, TEST_OPERATOR_PASSWORD);
  await page.goto("/pengusul/penelitian/catatan-harian");
  await expect(page.getByRole("heading", { level: 1, name: "Catatan Harian Penelitian" })).toBeVisible();
  await page.getByRole("link", { name: `Catatan ${s.judul}` }).click();
  const dialog = page.getByRole("dialog", { name: s.judul });
  await expect(dialog.getByText("Belum ada catatan harian.")).toBeVisible();
  const bahan = dialog.getByRole("row", { name: /^Bahan/ });
  await expect(bahan).toContainText("Rp. 10.000.000");

  const fill = async (file: string) => {
    const form = dialog.getByRole("form", { name: "Tambah catatan" });
    await form.getByLabel("Capaian (%)").fill("40");
    await form.getByLabel("Kelompok RAB").selectOption("Bahan");
    await form.getByLabel("Kegiatan").fill("Pengukuran kadar air kayu jati di bengkel mitra");
    await form.getByLabel("Biaya (Rp)").fill("2.500.000");
    await form.getByLabel(/^Bukti/).setInputFiles(file);
    await form.getByRole("button", { name: "Simpan" }).click();
  };

  // A file that only claims to be a photo is refused on its field; nothing is saved.
  await fill(palsu);
  await expect(page.getByRole("dialog", { name: s.judul }).getByText("Format file harus PDF, JPG atau PNG.").last()).toBeVisible();
  await expect(dialog.getByText("Belum ada catatan harian.")).toBeVisible();

  // A real photo: saved, back on the project with the note, its photo and the spending.
  await fill(foto);
  await expect(dialog.getByText("Pengukuran kadar air kayu jati di bengkel mitra")).toBeVisible();
  await expect(dialog.getByText(/Capaian 40% · Bahan Rp\. 2\.500\.000/)).toBeVisible();
  await expect(bahan).toContainText("Rp. 7.500.000");
  // 'Hapus' asks first; 'Batal' keeps the note.
  await dialog.getByRole("link", { name: /^Hapus catatan / }).click();
  const ask = dialog.getByRole("form", { name: /^Hapus catatan / });
  await expect(ask.getByText("Hapus catatan ini beserta buktinya?")).toBeVisible();
  await ask.getByRole("link", { name: "Batal" }).click();
  await expect(dialog.getByRole("form", { name: /^Hapus catatan / })).toHaveCount(0);
  await expect(dialog.getByText("Pengukuran kadar air kayu jati di bengkel mitra")).toBeVisible();
  const link = dialog.getByRole("link", { name: /foto-kadar-air\.png/ });
  const href = (await link.getAttribute("href"))!;
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("image/png");

  // The proposal's own page shows the same spending and leads back to the notes.
  await page.goto(`/pengusul/usulan/${s.usulan}`);
  const section = page.getByRole("region", { name: "Anggaran dan catatan harian" });
  await expect(section.getByRole("row", { name: /^Bahan/ })).toContainText("Rp. 7.500.000");
  await section.getByRole("link", { name: "Buka Catatan Harian →" }).click();
  await expect(page.getByRole("dialog", { name: s.judul }).getByText("Pengukuran kadar air kayu jati di bengkel mitra")).toBeVisible();

  // The Operator reads it under LPPM → Catatan Harian, without a form to write.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await page.goto("/operator/lppm/catatan-harian");
  const row = page.getByRole("row", { name: new RegExp(s.judul) });
  await expect(row).toContainText("40%");
  await row.getByRole("link", { name: `Catatan ${s.judul}` }).click();
  const office = page.getByRole("dialog", { name: s.judul });
  await expect(office.getByText("Pengukuran kadar air kayu jati di bengkel mitra")).toBeVisible();
  await expect(office.getByRole("form", { name: "Tambah catatan" })).toHaveCount(0);
  expect((await page.request.get(href.replace(/^\/pengusul\//, "/operator/lppm/"))).status()).toBe(200);
  fs.rmSync(dir, { recursive: true, force: true });
}

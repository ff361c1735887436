/**
 * Grant money and the public research list on the built server, the same steps with JavaScript
 * on (lppm-dana.js.spec.ts) and off (lppm-dana.nojs.spec.ts): a running project of 10.000.000
 * with its periode's tranches (70 % on contract, 30 % after the progress report) is written into
 * the server's database; the Operator opens it on Pembayaran Dana, is refused tranche 2 while the
 * progress report is not accepted, and records it once it is; the public /penelitian of the
 * periode's year lists the project.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { periode, laporan, terminDana } from "../../db/schema";
import { simplePdf } from "../../scripts/seed/lppm-demo/pdf";
import { type Db, expect, seedReviewScenario, startProject, unique } from "./fixtures";

export async function danaFlow(page: Page, db: Db) {
  const tag = unique();
  const s = seedReviewScenario(db, { tag, semuaTahap: true });
  startProject(db, s.usulan, { danaDisetujui: 10_000_000 });
  db.insert(terminDana)
    .values([
      { id_periode: s.periode, urutan: 1, nama: "Termin 1", persen: 70, syarat: "DIDANAI" },
      { id_periode: s.periode, urutan: 2, nama: "Termin 2", persen: 30, syarat: "KEMAJUAN_DITERIMA" },
    ])
    .run();
  const { tahun } = db.select({ tahun: periode.tahun }).from(periode).where(eq(periode.id, s.periode)).get()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-dana-"));
  const bukti = path.join(dir, "bukti-transfer.pdf");
  fs.writeFileSync(bukti, simplePdf({ lines: ["Bukti transfer termin 2"] }));

  const bayar = async () => {
    const form = page.locator("#pembayaran form");
    await form.getByLabel("Termin").selectOption({ label: "Termin 2 — sisa Rp. 3.000.000" });
    await form.getByLabel("Jumlah (Rp)").fill("3.000.000");
    await form.getByLabel("Nomor referensi").fill(`TRF-${tag}`);
    await form.getByLabel("Bukti pembayaran").setInputFiles(bukti);
    await form.getByRole("button", { name: "Catat Pembayaran" }).click();
  };

  // The Operator opens the project's payments on Pembayaran Dana.
  await page.goto(`/operator/lppm/pembayaran-dana?periode=${s.periode}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pembayaran Dana" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(s.judul) });
  await expect(row).toContainText("Termin 2 (30%): Rp. 3.000.000 — Belum dapat dibayar — laporan kemajuan belum diterima");
  await row.getByRole("link", { name: `Pembayaran ${s.judul}` }).click();
  await expect(page.getByRole("heading", { name: `Pembayaran: ${s.judul}` })).toBeVisible();

  // Tranche 2 before the progress report is accepted: refused, with the reason.
  await bayar();
  await expect(page.getByText("Termin 2 belum dapat dibayar: laporan kemajuan belum diterima.").first()).toBeVisible();

  // Once it is accepted, the same payment is recorded and the tranche is paid.
  db.insert(laporan).values({ id_usulan: s.usulan, jenis: "kemajuan", status: "DITERIMA", capaian: 50 }).run();
  await page.goto(`/operator/lppm/pembayaran-dana?periode=${s.periode}&bayar=${s.usulan}`);
  await bayar();
  await expect(page.getByRole("row", { name: new RegExp(s.judul) })).toContainText("Termin 2 (30%): Rp. 3.000.000 — Lunas");
  await expect(page.locator("#pembayaran").getByText(`Ref. TRF-${tag}`)).toBeVisible();

  // The public list of the year's funded research names the project.
  await page.goto(`/penelitian?tahun=${tahun}`);
  await expect(page.getByRole("heading", { level: 1, name: "Penelitian Didanai" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: s.judul })).toBeVisible();
}

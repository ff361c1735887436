/**
 * The papers after the penetapan, on the built server, the same steps with JavaScript on
 * (lppm-naskah.js.spec.ts) and off (lppm-naskah.nojs.spec.ts): a recommended proposal is written
 * into the worker server's database (`seedReviewScenario`) and funded by the penetapan's own code
 * (`tetapkan`, with an SK); the Kepala finds 'SK <nomor> (PDF)' beside the SK on the penetapan
 * board, the ketua 'Kontrak (PDF)' on the proposal's page; each link's file is fetched with the
 * page's own session and read with a PDF parser: the right number, people and amount.
 */
import type { Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { tetapkan } from "../../app/domain/lppm/penetapan/penetapan.server";
import { type Db, expect, seedReviewScenario, signInAs, TEST_OPERATOR_PASSWORD, unique } from "./fixtures";

/** The text of the PDF a link on the page answers, fetched with the page's cookies. */
async function pdfBehind(page: Page, name: string): Promise<string> {
  const href = await page.getByRole("link", { name, exact: true }).getAttribute("href");
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const parser = new PDFParse({ data: new Uint8Array(await response.body()) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

export async function naskahFlow(page: Page, db: Db) {
  const tag = unique();
  const s = seedReviewScenario(db, { tag, semuaTahap: true });
  db.update(schema.usulan).set({ status: "DIREKOMENDASIKAN", dana_diusulkan: 12_000_000, putaran_review: 1 }).where(eq(schema.usulan.id, s.usulan)).run();
  const nomor = `${tag}/LPPM/SK/2026`;
  const kepala = { id: s.users.kepala.id, name: s.users.kepala.name, roles: ["Kepala-LPPM"] as const };
  const decided = tetapkan(db, kepala, { periodeId: s.periode, nomor_sk: nomor, tanggal_sk: new Date(), rows: [{ id: s.usulan, didanai: true, dana: 10_300_000 }] });
  expect(decided).toMatchObject({ ok: true });
  const ketua = s.users.ketua;

  // The Kepala: the SK beside its line on the penetapan board.
  await signInAs(page, s.users.kepala.username, TEST_OPERATOR_PASSWORD);
  await page.goto(`/kepalalppm/penetapan-pemenang/usulan-reguler?periode=${s.periode}`);
  await expect(page.getByRole("heading", { name: "SK penetapan periode ini" })).toBeVisible();
  const sk = await pdfBehind(page, `SK ${nomor} (PDF)`);
  expect(sk).toContain(`NOMOR ${nomor}`);
  expect(sk).toContain(`${ketua.name} NIDN ${ketua.nidn}`);
  expect(sk).toContain(s.judul);
  expect(sk).toContain("Rp10.300.000");

  // The ketua: the approval sheet and the contract on the proposal's page.
  await signInAs(page, ketua.username, TEST_OPERATOR_PASSWORD);
  await page.goto(`/pengusul/usulan/${s.usulan}`);
  await expect(page.getByRole("link", { name: "Lembar Pengesahan (PDF)", exact: true })).toBeVisible();
  const kontrak = await pdfBehind(page, "Kontrak (PDF)");
  expect(kontrak).toContain("SURAT PERJANJIAN PELAKSANAAN PENELITIAN");
  expect(kontrak).toContain(`Nomor ${nomor}`);
  expect(kontrak).toContain(ketua.name);
  expect(kontrak).toContain(ketua.nidn!);
  expect(kontrak).toContain("Rp10.300.000 (sepuluh juta tiga ratus ribu rupiah)");
}

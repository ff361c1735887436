/**
 * The demo's files, stored before any row is written (storing is async; the rows go in one
 * synchronous transaction): each proposal's PDF and revision, a running project's receipt, the
 * reports' PDFs and the monev's berita acara as far as each got, and each claim's evidence.
 */
import { removeDocument, storeDocument, type StoredDocument } from "../../../app/lib/server/documents.server";
import { DEMO_KLAIM } from "./tables/klaim";
import { DEMO_USULAN } from "./tables/usulan";

export type DemoDocuments = {
  /** Every stored file, to remove again when the rows are not written. */
  all: StoredDocument[];
  /**
   * A proposal's files by `${judul}/${key}`, key one of usulan, perbaikan, catatan,
   * laporan_kemajuan, laporan_akhir, berita_acara.
   */
  usulan: Map<string, StoredDocument>;
  /** The evidence of DEMO_KLAIM[i]. */
  klaim: StoredDocument[];
};

/** A small real PDF (one page, the title as text) standing in for a proposal document. */
function demoPdf(title: string, subtitle: string): Uint8Array<ArrayBuffer> {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
  const stream = `BT /F1 14 Tf 56 780 Td (${esc(title.slice(0, 80))}) Tj 0 -22 Td /F1 11 Tf (${esc(subtitle)}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** Stores every demo file; on a failure removes what it stored and throws. */
export async function storeDemoDocuments(): Promise<DemoDocuments> {
  const documents: StoredDocument[] = [];
  const docOf = new Map<string, StoredDocument>();
  const buktiKlaim: StoredDocument[] = [];
  try {
    for (const u of DEMO_USULAN) {
      const stored = await storeDocument(new File([demoPdf(u.judul, "Proposal usulan (contoh data demo)")], "proposal-usulan.pdf"), "usulan", ["pdf"]);
      documents.push(stored);
      docOf.set(`${u.judul}/usulan`, stored);
      const ran = u.status === "BERJALAN" || u.status === "SELESAI";
      if (u.status === "PERBAIKAN_DIAJUKAN" || ran) {
        const revised = await storeDocument(new File([demoPdf(u.judul, "Proposal perbaikan (contoh data demo)")], "proposal-perbaikan.pdf"), "usulan", ["pdf"]);
        documents.push(revised);
        docOf.set(`${u.judul}/perbaikan`, revised);
      }
      if (ran) {
        const nota = await storeDocument(new File([demoPdf(u.judul, "Nota pembelian bahan (contoh data demo)")], "nota-bahan.pdf"), "catatan", ["pdf"]);
        documents.push(nota);
        docOf.set(`${u.judul}/catatan`, nota);
      }
      // The reports' PDFs and the monev's berita acara, as far as each got.
      const store = async (key: string, name: string, subtitle: string, folder: string) => {
        const doc = await storeDocument(new File([demoPdf(u.judul, subtitle)], name), folder, ["pdf"]);
        documents.push(doc);
        docOf.set(`${u.judul}/${key}`, doc);
      };
      if (u.laporan && u.laporan.kemajuan !== "DRAF") await store("laporan_kemajuan", "laporan-kemajuan.pdf", "Laporan kemajuan (contoh data demo)", "laporan-kemajuan");
      if (u.laporan?.akhir && u.laporan.akhir !== "DRAF") await store("laporan_akhir", "laporan-akhir.pdf", "Laporan akhir (contoh data demo)", "laporan-akhir");
      if (u.laporan?.monev === "DINILAI") await store("berita_acara", "berita-acara-monev.pdf", "Berita acara monev (contoh data demo)", "monev");
    }
    // Each incentive claim's evidence (the published article, the certificate, the book's pages).
    for (const k of DEMO_KLAIM) {
      const judul = "luaran" in k.publikasi ? k.publikasi.luaran : k.publikasi.judul;
      const stored = await storeDocument(new File([demoPdf(judul, "Bukti publikasi untuk klaim insentif (contoh data demo)")], k.bukti), "insentif", ["pdf"]);
      documents.push(stored);
      buktiKlaim.push(stored);
    }
  } catch (error) {
    await removeAll(documents);
    throw error;
  }
  return { all: documents, usulan: docOf, klaim: buktiKlaim };
}

/** Removes the demo's files again (the rows that named them were not written). */
export async function removeDemoDocuments(documents: DemoDocuments): Promise<void> {
  await removeAll(documents.all);
}

async function removeAll(documents: readonly StoredDocument[]): Promise<void> {
  await Promise.all(documents.map((d) => removeDocument(d.file)));
}

/**
 * The demo's files, stored before any row is written (storing is async; the rows go in one
 * synchronous transaction): each proposal's PDF and revision, a running project's receipt, the
 * reports' PDFs and the monev's berita acara as far as each got, and each claim's evidence.
 */
import { removeDocument, storeDocument, type StoredDocument } from "../../../app/lib/server/documents.server";
import { DEMO_KLAIM } from "./tables/klaim";
import { DEMO_USULAN } from "./tables/usulan";
import { LPPM_DEMO_PEOPLE, nidn } from "./tables/people";
import { simplePdf } from "./pdf";

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

/**
 * A small real PDF (one page, the title as text) standing in for a proposal document. Like a file
 * saved by a word processor, it names its writers in its metadata (the information dictionary and
 * XMP): a blind reviewer downloads it with those stripped.
 */
function demoPdf(title: string, subtitle: string, team: readonly string[] = []): Uint8Array<ArrayBuffer> {
  const writers = team.map((username) => LPPM_DEMO_PEOPLE.find((p) => p.username === username)?.name ?? username);
  if (!writers.length) return simplePdf({ lines: [title.slice(0, 80), subtitle] });
  const nidns = team.map((username) => nidn(LPPM_DEMO_PEOPLE.findIndex((p) => p.username === username) + 1));
  return simplePdf({
    lines: [title.slice(0, 80), subtitle],
    info: {
      Title: `${title} - ${writers[0]} dkk.`,
      Author: writers.join("; "),
      Subject: `Tim: ${writers.join(", ")} (NIDN ${nidns.join(", ")})`,
      Keywords: `${subtitle}; ${writers[0]}`,
      Creator: `Microsoft Word - ${team[0]}-proposal.docx`,
      Producer: "Microsoft Word",
    },
    xmp: { authors: writers, title },
  });
}

/** Stores every demo file; on a failure removes what it stored and throws. */
export async function storeDemoDocuments(): Promise<DemoDocuments> {
  const documents: StoredDocument[] = [];
  const docOf = new Map<string, StoredDocument>();
  const buktiKlaim: StoredDocument[] = [];
  try {
    for (const u of DEMO_USULAN) {
      const stored = await storeDocument(new File([demoPdf(u.judul, "Proposal usulan (contoh data demo)", [u.ketua, u.anggota])], "proposal-usulan.pdf"), "usulan", ["pdf"]);
      documents.push(stored);
      docOf.set(`${u.judul}/usulan`, stored);
      const ran = u.status === "BERJALAN" || u.status === "SELESAI";
      if (u.status === "PERBAIKAN_DIAJUKAN" || ran) {
        const revised = await storeDocument(new File([demoPdf(u.judul, "Proposal perbaikan (contoh data demo)", [u.ketua, u.anggota])], "proposal-perbaikan.pdf"), "usulan", ["pdf"]);
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
        const doc = await storeDocument(new File([demoPdf(u.judul, subtitle, [u.ketua, u.anggota])], name), folder, ["pdf"]);
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

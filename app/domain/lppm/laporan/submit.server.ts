/**
 * What a report must satisfy before it is submitted (DRAF or DIKEMBALIKAN → DIAJUKAN), each with
 * its own Indonesian message, all listed at once: its figures and summary saved and its PDF
 * uploaded; a final report also needs the progress report accepted, 100 % progress, the whole
 * budget spent and every target output proven (LPPM.md). The report's page shows them
 * (read.server.ts); 'Ajukan' checks them again inside its transaction (draft.server.ts).
 */
import type { LaporanStatus } from "~/domain/lppm/workflow";
import { formatRupiah } from "~/lib/util/rupiah";
import type { LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";
import type { LuaranCapaianStatus } from "~/domain/lppm/usulan/rules";

export const LAPORAN_BELUM_DIISI = "Isian laporan (capaian, realisasi anggaran, ringkasan) belum disimpan.";
export const DOKUMEN_LAPORAN_BELUM = "Dokumen laporan (PDF) belum diunggah.";
export const KEMAJUAN_BELUM_DITERIMA = "Laporan kemajuan belum diterima.";
export const CAPAIAN_AKHIR_KURANG = "Capaian pada laporan akhir harus 100%.";

/** What the rules read of a report (the part of LaporanDetail they look at). */
export type LaporanFacts = {
  laporan: { capaian: number; realisasi: number; ringkasan: string } | null;
  dokumen: readonly unknown[];
  luaran: readonly { jenis: string; capaian: { status: LuaranCapaianStatus; doi_url: string; bukti: unknown } | null }[];
  anggaran: { total: number };
  /** The progress report's status (the final report needs it accepted). */
  kemajuan: LaporanStatus | null;
};

/** Every rule a report must meet before 'Ajukan' (LPPM.md: the final report also 100 % and every output proven). */
export function laporanProblems(jenis: LaporanJenis, facts: LaporanFacts): string[] {
  const problems: string[] = [];
  if (!facts.laporan || !facts.laporan.ringkasan) problems.push(LAPORAN_BELUM_DIISI);
  if (facts.dokumen.length === 0) problems.push(DOKUMEN_LAPORAN_BELUM);
  if (jenis === "akhir") {
    if (facts.kemajuan !== "DITERIMA") problems.push(KEMAJUAN_BELUM_DITERIMA);
    if (facts.laporan && facts.laporan.capaian < 100) problems.push(CAPAIAN_AKHIR_KURANG);
    if (facts.laporan && facts.laporan.realisasi !== facts.anggaran.total) {
      problems.push(`Realisasi anggaran pada laporan akhir harus 100% dari anggaran (${formatRupiah(facts.anggaran.total)}).`);
    }
    for (const l of facts.luaran) {
      const c = l.capaian;
      if (!c || c.status === "Belum ada" || (!c.doi_url && !c.bukti)) {
        problems.push(`Luaran "${l.jenis}" belum dilengkapi status dan bukti (DOI/URL atau sertifikat).`);
      }
    }
  }
  return problems;
}

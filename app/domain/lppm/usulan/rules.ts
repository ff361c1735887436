/**
 * The proposal's rules that need no database (../shared/LPPM.md, "The proposal"): word count,
 * keywords, RAB totals and limits, eligibility per periode, the submission messages (rupiah
 * input: lib/util/rupiah.ts; countdowns: domain/lppm/stage-window.ts). Client-safe: the forms show the same figures the server stores
 * and checks.
 */
import type { UsulanStatus } from "~/domain/lppm/workflow";

export const MAKS_KATA_RINGKASAN = 500;
export const KATA_KUNCI_MIN = 3;
export const KATA_KUNCI_MAKS = 5;
export const LAMA_BULAN_MIN = 1;
export const LAMA_BULAN_MAKS = 36;
/** The statuses whose proposals the ketua may still change (and delete, only DRAF). */
export const EDITABLE_STATUSES: readonly UsulanStatus[] = ["DRAF", "DIKEMBALIKAN"];

/** The status a proposal's luaran can aim at (LPPM.md: 'submitted', 'accepted', 'published', 'terdaftar'). */
export const LUARAN_TARGETS = ["Draf", "Submitted", "Accepted", "Published", "Terdaftar", "Granted"] as const;
/** What a target output has reached so far (the reports): nothing yet, or one of the targets. */
export const LUARAN_CAPAIAN = ["Belum ada", ...LUARAN_TARGETS] as const;
export type LuaranCapaianStatus = (typeof LUARAN_CAPAIAN)[number];
/** The free choice next to the skema's required outputs. */
export const LUARAN_LAINNYA = "Lainnya";

// ---- Submission messages (LPPM.md, "Words on screen") ------------------------------------------

/** How the problem of an incomplete ketua profile starts: the proposal's page links it to Profil Saya. */
export const PROFIL_BELUM_LENGKAP = "Profil dosen Anda belum lengkap";

export const UNDANGAN_BELUM_DISETUJUI = "Semua anggota harus menyetujui undangan sebelum usulan diajukan.";
export const RAB_KOSONG = "RAB belum diisi.";
export const TOTAL_RAB_MELEBIHI = "Total RAB melebihi dana maksimal skema.";
export const DOKUMEN_BELUM = "Dokumen usulan (PDF) belum diunggah.";
export const honorMelebihi = (persen: number) => `Honor melebihi ${persen}% dari total RAB.`;

/** Words of a text: runs of non-space characters ("kayu jati, 2026" is 3). */
export function countWords(text: string | null | undefined): number {
  const trimmed = (text ?? "").trim();
  return trimmed ? trimmed.split(/\s+/u).length : 0;
}

export function ringkasanTooLong(words: number): string {
  return `Ringkasan berisi ${words} kata; maksimal ${MAKS_KATA_RINGKASAN} kata.`;
}

/**
 * Keywords from the form's comma-separated input (a semicolon also separates): trimmed, inner
 * spaces collapsed, empty ones dropped, repeats (ignoring case) kept once, in the order typed.
 */
export function parseKataKunci(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === "string" ? value.split(/[,;]/) : [...(value ?? [])];
  const seen = new Set<string>();
  const list: string[] = [];
  for (const part of parts) {
    const word = part.replace(/\s+/g, " ").trim();
    const key = word.toLocaleLowerCase("id-ID");
    if (!word || seen.has(key)) continue;
    seen.add(key);
    list.push(word);
  }
  return list;
}

// ---- RAB -----------------------------------------------------------------------------------

export type RabLimits = { dana_maksimal: number; honor_maks_persen: number };
export type RabSummary = {
  /** Every group of `kelompokList`, in its order, with its sum (0 when it has no line). */
  perKelompok: { kelompok: string; jumlah: number; lines: number }[];
  total: number;
  honor: number;
  /** Honor's share of the total in percent, one decimal (0 for an empty RAB). */
  honorPersen: number;
  danaMaksimal: number;
  honorMaksPersen: number;
  melebihiDana: boolean;
  melebihiHonor: boolean;
};

/** The RAB's totals per group and overall, and whether they keep to the skema's limits. */
export function rabSummary(
  lines: readonly { kelompok: string; jumlah: number }[],
  limits: RabLimits,
  kelompokList: readonly string[],
): RabSummary {
  const perKelompok = kelompokList.map((kelompok) => {
    const own = lines.filter((line) => line.kelompok === kelompok);
    return { kelompok, jumlah: own.reduce((sum, line) => sum + line.jumlah, 0), lines: own.length };
  });
  const total = lines.reduce((sum, line) => sum + line.jumlah, 0);
  const honor = perKelompok.find((k) => k.kelompok === "Honor")?.jumlah ?? 0;
  return {
    perKelompok,
    total,
    honor,
    honorPersen: total > 0 ? Math.round((honor * 1000) / total) / 10 : 0,
    danaMaksimal: limits.dana_maksimal,
    honorMaksPersen: limits.honor_maks_persen,
    melebihiDana: total > limits.dana_maksimal,
    // Integer arithmetic: 10 % of Rp 333.333 is not a rounding question.
    melebihiHonor: honor * 100 > total * limits.honor_maks_persen,
  };
}

/** The RAB's refusals at submission, in the order a proposer fixes them. */
export function rabProblems(summary: RabSummary, lineCount: number): string[] {
  if (lineCount === 0) return [RAB_KOSONG];
  const problems: string[] = [];
  if (summary.melebihiDana) problems.push(TOTAL_RAB_MELEBIHI);
  if (summary.melebihiHonor) problems.push(honorMelebihi(summary.honorMaksPersen));
  return problems;
}

// ---- Eligibility per periode ------------------------------------------------------------------

/**
 * The proposals that count against a periode's limits (maks_ketua, maks_anggota): every one
 * that was submitted and is still in the running or funded. A DRAF was never submitted; DITOLAK,
 * TIDAK_LOLOS, TIDAK_DIDANAI and DITARIK are out of the call, so their people may propose again
 * (and reopening a decision checks the limits again). (DIKEMBALIKAN counts: it was submitted and
 * comes back.)
 */
export const NOT_COUNTED_FOR_ELIGIBILITY: readonly UsulanStatus[] = ["DRAF", "DITOLAK", "TIDAK_LOLOS", "TIDAK_DIDANAI", "DITARIK"];

export function countsForEligibility(status: string): boolean {
  return !(NOT_COUNTED_FOR_ELIGIBILITY as readonly string[]).includes(status);
}

export type EligibilityInput = {
  /** Other counted proposals of this periode the ketua leads. */
  ketuaLeads: number;
  maksKetua: number;
  /** Each accepted dosen member: other counted proposals of this periode they belong to. */
  members: readonly { nama: string; joins: number }[];
  maksAnggota: number;
  /** The ketua's name, when the message is for someone else (default: the ketua, "Anda"). */
  ketua?: string;
};

/** Whether this proposal, once submitted, keeps everyone within the periode's limits. */
export function eligibilityProblems({ ketuaLeads, maksKetua, members, maksAnggota, ketua = "Anda" }: EligibilityInput): string[] {
  const problems: string[] = [];
  if (ketuaLeads + 1 > maksKetua) {
    problems.push(`${ketua} sudah menjadi ketua pada ${ketuaLeads} usulan lain di periode ini (maksimal ${maksKetua} usulan sebagai ketua).`);
  }
  for (const member of members) {
    if (member.joins + 1 > maksAnggota) {
      problems.push(`${member.nama} sudah menjadi anggota pada ${member.joins} usulan lain di periode ini (maksimal ${maksAnggota} usulan sebagai anggota).`);
    }
  }
  return problems;
}

/**
 * Publication incentives (LPPM.md "Publication incentives"), client-safe: the kinds and
 * ranks, the lecturer's roles, and every form's schema — the browser and the server check the
 * same rules. The reviewer's checklist is the operator's insentif rubric (Operator → LPPM →
 * Rubrik); what a claim is worth is the tariff's rule (tarif.ts).
 */
import { z } from "zod";
import { checkbox, optionalText, optionalWholeNumber, requiredText, selectedId, wholeNumber } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";
import { parseWibDate, parseWibDateTime } from "~/lib/util/wib";
import { DOI_URL_TIDAK_VALID, isDoiOrUrl, isIssnOrIsbn, ISSN_ISBN_TIDAK_VALID } from "~/domain/lppm/laporan/laporan.schema";
import { tenggatField } from "~/domain/lppm/review/review.schema";
import { PEMBAGIAN, PORSI_UTAMA_BAKU } from "~/domain/lppm/insentif/tarif";

export const JENIS_PUBLIKASI = [
  "Jurnal internasional bereputasi",
  "Jurnal internasional",
  "Jurnal nasional terakreditasi",
  "Prosiding internasional",
  "Prosiding nasional",
  "HKI",
  "Buku ber-ISBN",
] as const;

/** Scopus/SJR quartiles, SINTA ranks, or none ("-"). */
export const PERINGKAT = ["Q1", "Q2", "Q3", "Q4", "Sinta 1", "Sinta 2", "Sinta 3", "Sinta 4", "Sinta 5", "Sinta 6", "-"] as const;
export const peringkatLabel = (p: string) => (p === "-" ? "Tanpa peringkat" : p);

export const PERAN = ["pertama", "korespondensi", "anggota"] as const;
export type Peran = (typeof PERAN)[number];
export const PERAN_LABELS: Record<Peran, string> = { pertama: "Penulis pertama", korespondensi: "Penulis korespondensi", anggota: "Penulis anggota" };

export const MAKS_BUKTI_INSENTIF = 5;
export const BUKTI_INSENTIF_TYPES = ["pdf", "jpg", "png"] as const;

// ---- Duplicate keys -------------------------------------------------------------------------------

/** A DOI as the duplicate check compares it: lower case, without its resolver prefix; "" for a plain URL. */
export function doiKunci(doiUrl: string): string {
  const match = /(10\.\d{4,9}\/\S+)$/i.exec(doiUrl.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, ""));
  return match ? match[1]!.toLowerCase() : "";
}

/** ISSN/ISBN digits and the title's letters and digits, lower case; "" without an ISSN/ISBN. */
export function judulKunci(issnIsbn: string, judul: string): string {
  const nomor = issnIsbn.replace(/[^0-9xX]/g, "").toUpperCase();
  if (!nomor) return "";
  return `${nomor}|${judul.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, " ").trim()}`;
}

// ---- Forms ------------------------------------------------------------------------------------------

/** Operator: a kind of incentive at one rank, with its tariff and how a claim's amount follows from it (tarif.ts). */
export const jenisInsentifSchema = z.object({
  jenis: z.enum(JENIS_PUBLIKASI, { error: "Jenis publikasi wajib dipilih." }),
  peringkat: z.enum(PERINGKAT, { error: "Peringkat wajib dipilih." }),
  tarif_utama: rupiahField("Tarif penulis pertama/korespondensi"),
  tarif_anggota: rupiahField("Tarif penulis anggota", { min: 0 }),
  anggota_boleh: checkbox,
  pembagian: z.enum(PEMBAGIAN, { error: "Pembagian tarif wajib dipilih." }),
  porsi_utama: optionalWholeNumber("Porsi penulis pertama/korespondensi", { min: 1, max: 100, fallback: PORSI_UTAMA_BAKU }).transform((n) => n ?? PORSI_UTAMA_BAKU),
  aturan: optionalText("Aturan", 2000),
  aktif: checkbox,
});
export type JenisInsentifInput = z.output<typeof jenisInsentifSchema>;

export const TUTUP_SEBELUM_BUKA = "Penutupan harus setelah pembukaan.";
const dateTime = (label: string) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, `${label} wajib diisi.`)
    .refine((v) => parseWibDateTime(v) !== null, `${label} tidak valid.`)
    .transform((v) => parseWibDateTime(v) as Date);

/** Operator: the incentive call of a year. */
export const periodeInsentifSchema = z
  .object({
    tahun: wholeNumber("Tahun", { min: 2000, max: 2100 }),
    anggaran_total: rupiahField("Anggaran total"),
    pengajuan_buka: dateTime("Pembukaan pengajuan"),
    pengajuan_tutup: dateTime("Penutupan pengajuan"),
  })
  .superRefine((v, ctx) => {
    if (v.pengajuan_tutup <= v.pengajuan_buka) ctx.addIssue({ code: "custom", path: ["pengajuan_tutup"], message: TUTUP_SEBELUM_BUKA });
  });
export type PeriodeInsentifInput = z.output<typeof periodeInsentifSchema>;

export const DOI_ATAU_ISSN = "Isi DOI/URL atau ISSN/ISBN publikasi.";
export const ANGGOTA_MINIMAL_DUA = "Penulis anggota berarti publikasi ditulis minimal 2 orang; periksa jumlah penulis.";

/** The lecturer's claim. `maxYear`: the latest publication year (next year: an issue already out). */
export function klaimSchema(maxYear: number = new Date().getFullYear() + 1) {
  return z
    .object({
      id_jenis: selectedId("Jenis insentif wajib dipilih."),
      judul: requiredText("Judul publikasi", 300),
      nama_wadah: requiredText("Nama jurnal/penerbit/konferensi", 200),
      issn_isbn: optionalText("ISSN/ISBN", 30).refine((v) => !v || isIssnOrIsbn(v), ISSN_ISBN_TIDAK_VALID),
      doi_url: optionalText("DOI/URL", 500).refine((v) => !v || isDoiOrUrl(v), DOI_URL_TIDAK_VALID),
      tahun: wholeNumber("Tahun terbit", { min: 1990, max: maxYear }),
      volume_nomor: optionalText("Volume/nomor", 50),
      peran: z.enum(PERAN, { error: "Peran wajib dipilih." }),
      jumlah_penulis: wholeNumber("Jumlah penulis", { min: 1, max: 100 }),
      id_luaran: z
        .string()
        .trim()
        .optional()
        .transform((v) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null)),
    })
    .superRefine((v, ctx) => {
      if (!v.doi_url && !v.issn_isbn) ctx.addIssue({ code: "custom", path: ["doi_url"], message: DOI_ATAU_ISSN });
      // The co-author's share depends on the number of authors: a co-author is never alone.
      if (v.peran === "anggota" && v.jumlah_penulis < 2) ctx.addIssue({ code: "custom", path: ["jumlah_penulis"], message: ANGGOTA_MINIMAL_DUA });
    });
}
export type KlaimInput = z.output<ReturnType<typeof klaimSchema>>;

/** The Operator's assignment of a claim's reviewer, with a deadline. */
export const reviewerKlaimSchema = z.object({
  reviewer: selectedId("Pilih reviewer klaim."),
  tenggat: tenggatField(),
});

export const NOMINAL_MELEBIHI_TARIF = "Nominal rekomendasi melebihi tarif jenis insentif.";
export const BUTIR_BELUM_SESUAI = "Semua butir harus sesuai untuk menyimpan penilaian; kembalikan atau tolak klaim bila ada yang tidak sesuai.";
export const RUBRIK_INSENTIF_BELUM_ADA = "Rubrik insentif belum diatur. Hubungi operator LPPM.";
export const RUBRIK_INSENTIF_BERUBAH = "Rubrik insentif telah diubah operator. Muat ulang halaman, lalu periksa kembali setiap butir.";

/** Ids posted by the checklist: "3,4,5" or the repeated checkbox `butir`; anything else is not an id. */
const idList = (split: (value: string) => string[]) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => [v ?? []].flat().flatMap(split).filter((id) => /^\d{1,9}$/.test(id.trim())).map(Number));

/**
 * The reviewer's evaluation: `kriteria`, the insentif rubric's criteria the form showed (their
 * ids, in order), `butir`, those ticked as met, the recommended amount and a note.
 */
export const evaluasiInsentifSchema = z.object({
  kriteria: idList((v) => v.split(",")),
  butir: idList((v) => [v]),
  nominal_rekomendasi: rupiahField("Nominal rekomendasi", { min: 0 }),
  catatan: optionalText("Catatan", 2000),
});
export type EvaluasiInsentifInput = z.output<typeof evaluasiInsentifSchema>;

/** The Kepala's SK of a penetapan batch. */
export const skInsentifSchema = z.object({
  nomor_sk: requiredText("Nomor SK", 100),
  tanggal_sk: z
    .string({ error: "Tanggal SK wajib diisi." })
    .trim()
    .min(1, "Tanggal SK wajib diisi.")
    .refine((v) => parseWibDate(v) !== null, "Tanggal SK tidak valid.")
    .transform((v) => parseWibDate(v) as Date),
});
export type SkInsentifInput = z.output<typeof skInsentifSchema>;

/**
 * The forms of the review steps (LPPM.md, rows DIAJUKAN → DINILAI): the faculty verifier's
 * decision, the operator's reviewer assignment, and the reviewer's administrative checklist and
 * substantive scoring. Client-safe: the browser validates with the same schemas the server uses.
 */
import { z } from "zod";
import { optionalText, requiredText, selectedId } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";
import { parseWibDateTime } from "~/lib/util/wib";
import { SKOR } from "~/domain/lppm/rubrik";

export const CATATAN_MAX = 2000;

// ---- Faculty verifier ----------------------------------------------------------------------------

/** 'Setujui' (note optional); 'Kembalikan' and 'Tolak' need a note (the engine checks it too). */
export const KEPUTUSAN_FAKULTAS = {
  setujui: { to: "DISETUJUI_FAKULTAS", label: "Setujui" },
  kembalikan: { to: "DIKEMBALIKAN", label: "Kembalikan" },
  tolak: { to: "DITOLAK", label: "Tolak" },
} as const;
export type KeputusanFakultas = keyof typeof KEPUTUSAN_FAKULTAS;

export function keputusanSchema(keputusan: KeputusanFakultas) {
  return z.object({
    catatan: keputusan === "setujui" ? optionalText("Catatan", CATATAN_MAX) : requiredText("Catatan", CATATAN_MAX),
  });
}

// ---- Operator: Penugasan Reviewer ----------------------------------------------------------------

export const REVIEWER_SAMA = "Reviewer 1 dan Reviewer 2 harus berbeda.";
export const TENGGAT_TIDAK_VALID = "Tenggat tidak valid. Pilih tanggal dan jam.";

/** A deadline typed as a WIB date and time (datetime-local). */
export const tenggatField = () =>
  z
    .string({ error: "Tenggat wajib diisi." })
    .trim()
    .min(1, "Tenggat wajib diisi.")
    .refine((v) => parseWibDateTime(v) !== null, TENGGAT_TIDAK_VALID)
    .transform((v) => parseWibDateTime(v) as Date);

export const penugasanSchema = z
  .object({
    reviewer_1: selectedId("Pilih Reviewer 1."),
    reviewer_2: selectedId("Pilih Reviewer 2."),
    tenggat: tenggatField(),
  })
  .superRefine((value, ctx) => {
    if (value.reviewer_1 === value.reviewer_2) ctx.addIssue({ code: "custom", path: ["reviewer_2"], message: REVIEWER_SAMA });
  });
export type PenugasanInput = z.output<typeof penugasanSchema>;

// ---- Operator: when a review gets stuck ----------------------------------------------------------

/** 'Ganti Reviewer': who takes over the assignment, by when, and why (a note is required). */
export const gantiReviewerSchema = z.object({
  reviewer: selectedId("Pilih reviewer pengganti."),
  tenggat: tenggatField(),
  catatan: requiredText("Catatan", CATATAN_MAX),
});

/** 'Perpanjang Tenggat' of a review, a monev or an incentive evaluation: the new deadline and why. */
export const perpanjangTenggatSchema = z.object({
  tenggat: tenggatField(),
  catatan: requiredText("Catatan", CATATAN_MAX),
});

// ---- Reviewer: administrasi ----------------------------------------------------------------------

const lolosChoice = (label: string) =>
  z.enum(["lolos", "tidak"], { error: `Pilih Lolos atau Tidak lolos untuk ${label}.` }).transform((v) => v === "lolos");

export const ADMINISTRASI_TIDAK_KONSISTEN = "Hasil tidak dapat Lolos bila ada butir yang Tidak lolos.";
export const CATATAN_TIDAK_LOLOS = "Catatan wajib diisi bila hasilnya Tidak lolos.";

/** The checklist of `count` items (in the rubric's order) and the overall result. */
export function administrasiSchema(count: number) {
  return z
    .object({
      items: z
        .array(z.object({ lolos: lolosChoice("setiap butir"), catatan: optionalText("Catatan butir", 1000) }), {
          error: "Isi setiap butir daftar periksa.",
        })
        .length(count, "Isi setiap butir daftar periksa."),
      hasil: lolosChoice("hasil administrasi"),
      catatan: optionalText("Catatan", CATATAN_MAX),
    })
    .superRefine((value, ctx) => {
      if (value.hasil && value.items.some((item) => !item.lolos)) {
        ctx.addIssue({ code: "custom", path: ["hasil"], message: ADMINISTRASI_TIDAK_KONSISTEN });
      }
      if (!value.hasil && !value.catatan) ctx.addIssue({ code: "custom", path: ["catatan"], message: CATATAN_TIDAK_LOLOS });
    });
}
export type AdministrasiInput = z.output<ReturnType<typeof administrasiSchema>>;

// ---- Reviewer: substansi -------------------------------------------------------------------------

export const REKOMENDASI = ["Layak didanai", "Layak didanai dengan perbaikan", "Tidak layak didanai"] as const;
export type Rekomendasi = (typeof REKOMENDASI)[number];

export const SKOR_WAJIB = "Pilih skor untuk setiap kriteria.";
export const JUSTIFIKASI_WAJIB = "Justifikasi wajib diisi untuk setiap kriteria.";

const skorField = z
  .string({ error: SKOR_WAJIB })
  .trim()
  .refine((v) => (SKOR as readonly number[]).includes(Number(v)) && /^\d$/.test(v), SKOR_WAJIB)
  .transform(Number);

/** A score and a justification for each of `count` criteria, the recommendation and the budget. */
export function substansiSchema(count: number) {
  return z.object({
    items: z
      .array(
        z.object({
          skor: skorField,
          justifikasi: z.string({ error: JUSTIFIKASI_WAJIB }).trim().min(1, JUSTIFIKASI_WAJIB).max(2000, "Justifikasi maksimal 2000 karakter."),
        }),
        { error: SKOR_WAJIB },
      )
      .length(count, SKOR_WAJIB),
    rekomendasi: z.enum(REKOMENDASI, { error: "Pilih rekomendasi." }),
    dana_rekomendasi: rupiahField("Dana rekomendasi", { min: 0 }),
    catatan: optionalText("Catatan", CATATAN_MAX),
  });
}
export type SubstansiInput = z.output<ReturnType<typeof substansiSchema>>;

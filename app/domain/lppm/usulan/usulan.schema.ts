/**
 * The proposal's forms (the ketua's draft, part by part), client-safe: the browser validates
 * with the same schemas the server actions use. Forms whose choices come from the skema (TKT
 * range, RAB groups, required outputs) are built from what the loader sends.
 */
import { z } from "zod";
import { requiredDocument } from "~/lib/util/document-rules";
import { optionalText, optionalWholeNumber, requiredText, selectedId, wholeNumber } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";
import {
  countWords,
  KATA_KUNCI_MAKS,
  KATA_KUNCI_MIN,
  LAMA_BULAN_MAKS,
  LAMA_BULAN_MIN,
  LUARAN_LAINNYA,
  LUARAN_TARGETS,
  MAKS_KATA_RINGKASAN,
  parseKataKunci,
  ringkasanTooLong,
} from "~/domain/lppm/usulan/rules";

export const JUDUL_MAKS = 300;

/** 'Tambah Usulan': the open call it belongs to (which decides the skema) and a title. */
export const createUsulanSchema = z.object({
  id_periode: selectedId("Periode wajib dipilih."),
  judul: requiredText("Judul", JUDUL_MAKS),
});
export type CreateUsulanInput = z.infer<typeof createUsulanSchema>;

export type IdentitasContext = { jenis: "penelitian" | "pengabdian"; tkt_min: number | null; tkt_max: number | null };

/**
 * Part 1, Identitas. A draft may leave fields empty (submission asks for them), but what is
 * filled must be right: at most 500 words of summary, 3–5 keywords, a TKT within the skema's
 * range (research only), 1–36 months.
 */
export function identitasSchema(ctx: IdentitasContext) {
  const key = `${ctx.jenis}:${ctx.tkt_min}:${ctx.tkt_max}`;
  let schema = identitasSchemas.get(key);
  if (!schema) identitasSchemas.set(key, (schema = buildIdentitasSchema(ctx)));
  return schema;
}

/**
 * Built once per kind of proposal and TKT range (a handful per institute): building a zod
 * object for every render and every save was a twentieth of the proposal page's CPU.
 */
const identitasSchemas = new Map<string, ReturnType<typeof buildIdentitasSchema>>();

function buildIdentitasSchema(ctx: IdentitasContext) {
  const tktMin = ctx.tkt_min ?? 1;
  const tktMax = ctx.tkt_max ?? 9;
  return z.object({
    judul: requiredText("Judul", JUDUL_MAKS),
    ringkasan: optionalText("Ringkasan", 10_000).superRefine((value, issue) => {
      const words = countWords(value);
      if (words > MAKS_KATA_RINGKASAN) issue.addIssue({ code: "custom", message: ringkasanTooLong(words) });
    }),
    kata_kunci: optionalText("Kata kunci", 500)
      .transform((value) => parseKataKunci(value))
      .superRefine((list, issue) => {
        if (list.length > 0 && (list.length < KATA_KUNCI_MIN || list.length > KATA_KUNCI_MAKS)) {
          issue.addIssue({ code: "custom", message: `Kata kunci ${KATA_KUNCI_MIN}–${KATA_KUNCI_MAKS} buah, pisahkan dengan koma (saat ini ${list.length}).` });
        }
        if (list.some((word) => word.length > 60)) issue.addIssue({ code: "custom", message: "Setiap kata kunci maksimal 60 karakter." });
      }),
    bidang_fokus: optionalText("Bidang fokus", 200),
    tkt:
      ctx.jenis === "penelitian"
        ? optionalWholeNumber("TKT", { min: tktMin, max: tktMax })
        : z.unknown().transform(() => null),
    lama_bulan: wholeNumber("Lama kegiatan", { min: LAMA_BULAN_MIN, max: LAMA_BULAN_MAKS }),
    mitra_nama: optionalText("Nama mitra", 200),
    mitra_alamat: optionalText("Alamat mitra", 500),
    mitra_kontak: optionalText("Kontak mitra", 100),
  });
}
export type IdentitasInput = z.infer<ReturnType<typeof identitasSchema>>;

/** Part 2, Tim: a lecturer invited by NIDN (typed, or picked from the search). */
export const undangSchema = z.object({
  nidn: z
    .string({ error: "NIDN wajib diisi." })
    .trim()
    .min(1, "NIDN wajib diisi.")
    .transform((v) => v.replace(/[\s.-]/g, ""))
    .refine((v) => /^\d{10,20}$/.test(v), "NIDN terdiri dari 10–20 angka."),
});

/** Part 2, Tim: a student member. */
export const mahasiswaSchema = z.object({
  nama: requiredText("Nama mahasiswa", 150),
  nim: requiredText("NIM", 20).refine((v) => /^[A-Za-z0-9.-]+$/.test(v), "NIM hanya boleh berisi huruf, angka, titik atau tanda hubung."),
  prodi: requiredText("Program studi", 150),
});
export type MahasiswaInput = z.infer<typeof mahasiswaSchema>;

/** Rupiah and volume ceilings that keep volume × harga a safe integer. */
export const VOLUME_MAKS = 100_000;
export const HARGA_MAKS = 10_000_000_000;

/** Part 3, RAB: one budget line of one of the groups (RAB_KELOMPOK, sent by the loader). */
export function rabSchema(kelompok: readonly [string, ...string[]]) {
  return z.object({
    kelompok: z.enum(kelompok, { error: "Kelompok wajib dipilih." }),
    item: requiredText("Item", 200),
    satuan: requiredText("Satuan", 50),
    volume: wholeNumber("Volume", { min: 1, max: VOLUME_MAKS }),
    harga_satuan: rupiahField("Harga satuan", { max: HARGA_MAKS }),
  });
}
export type RabInput = z.infer<ReturnType<typeof rabSchema>>;

/** Part 4, Luaran: a target output — one of the skema's required kinds, or 'Lainnya' named freely. */
export function luaranSchema(jenisWajib: readonly string[]) {
  const choices = [...jenisWajib, LUARAN_LAINNYA];
  return z
    .object({
      jenis: z.string({ error: "Jenis luaran wajib dipilih." }).refine((v) => choices.includes(v), "Jenis luaran tidak dikenal."),
      jenis_lain: optionalText("Jenis luaran lainnya", 150),
      target: z.enum(LUARAN_TARGETS, { error: "Target status wajib dipilih." }),
      keterangan: optionalText("Keterangan", 500),
    })
    .superRefine((value, issue) => {
      if (value.jenis === LUARAN_LAINNYA && !value.jenis_lain) {
        issue.addIssue({ code: "custom", path: ["jenis_lain"], message: "Sebutkan jenis luaran lainnya." });
      }
    });
}
export type LuaranForm = z.infer<ReturnType<typeof luaranSchema>>;

/** The luaran as stored: 'Lainnya' becomes the kind the proposer named. (Not a transform of the
 * schema: Conform derives the form's constraints from a plain object schema only.) */
export function luaranInput({ jenis, jenis_lain, target, keterangan }: LuaranForm) {
  return { jenis: jenis === LUARAN_LAINNYA ? jenis_lain : jenis, target, keterangan };
}
export type LuaranInput = ReturnType<typeof luaranInput>;

/** Part 5, Dokumen: the proposal as a PDF (its content is checked again on the server). */
export const dokumenSchema = z.object({ berkas: requiredDocument() });

/** The Skema form (Operator → LPPM → Skema), client-safe: the browser and the server check the same rules. */
import { z } from "zod";
import { JENIS, JENIS_LUARAN, type JenisLuaran } from "~/domain/lppm/jenis";
import { JABATAN_AKADEMIK } from "~/domain/users/roles";
import { checkbox, optionalWholeNumber, requiredText } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";

export const LUARAN_TIDAK_DIKENAL = "Jenis luaran tidak dikenal.";

/** Ticked luaran kinds, in the list's order, without repeats (one ticked box arrives as a string). */
const luaranWajib = z
  .preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()))
  .refine((list) => list.every((item) => (JENIS_LUARAN as readonly string[]).includes(item)), LUARAN_TIDAK_DIKENAL)
  .transform((list) => JENIS_LUARAN.filter((jenis) => list.includes(jenis)) as JenisLuaran[]);

export const TKT_HANYA_PENELITIAN = "TKT hanya untuk skema penelitian.";
export const TKT_BERPASANGAN = "Isi TKT minimal dan maksimal, atau kosongkan keduanya.";
export const TKT_URUTAN = "TKT maksimal tidak boleh lebih kecil dari TKT minimal.";
export const MITRA_HANYA_PENGABDIAN = "Mitra wajib hanya untuk skema pengabdian.";

export const skemaSchema = z
  .object({
    jenis: z.enum(JENIS, { error: "Jenis wajib dipilih." }),
    nama: requiredText("Nama skema", 150),
    dana_maksimal: rupiahField("Dana maksimal"),
    honor_maks_persen: optionalWholeNumber("Batas honor", { min: 0, max: 100, fallback: 10 }),
    // "" is 'Semua': any jabatan akademik may lead.
    min_jabatan: z
      .enum(JABATAN_AKADEMIK, { error: "Jabatan minimal tidak dikenal." })
      .optional()
      .transform((v) => v ?? null),
    max_anggota_dosen: optionalWholeNumber("Maksimal anggota dosen", { min: 0, max: 10, fallback: 2 }),
    wajib_mahasiswa: optionalWholeNumber("Jumlah mahasiswa wajib", { min: 0, max: 10, fallback: 0 }),
    luaran_wajib: luaranWajib,
    tkt_min: optionalWholeNumber("TKT minimal", { min: 1, max: 9 }),
    tkt_max: optionalWholeNumber("TKT maksimal", { min: 1, max: 9 }),
    wajib_mitra: checkbox,
    reviewer_lain_prodi: checkbox,
    review_buta: checkbox,
    aktif: checkbox,
  })
  .superRefine((v, ctx) => {
    const tkt = v.tkt_min !== null || v.tkt_max !== null;
    if (v.jenis === "pengabdian" && tkt) {
      ctx.addIssue({ code: "custom", path: [v.tkt_min !== null ? "tkt_min" : "tkt_max"], message: TKT_HANYA_PENELITIAN });
    }
    if (v.jenis === "penelitian" && tkt) {
      if (v.tkt_min === null || v.tkt_max === null) {
        ctx.addIssue({ code: "custom", path: [v.tkt_min === null ? "tkt_min" : "tkt_max"], message: TKT_BERPASANGAN });
      } else if (v.tkt_min > v.tkt_max) {
        ctx.addIssue({ code: "custom", path: ["tkt_max"], message: TKT_URUTAN });
      }
    }
    if (v.jenis === "penelitian" && v.wajib_mitra) {
      ctx.addIssue({ code: "custom", path: ["wajib_mitra"], message: MITRA_HANYA_PENGABDIAN });
    }
  });
export type SkemaInput = z.output<typeof skemaSchema>;

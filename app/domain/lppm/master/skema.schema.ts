/** The Skema form (Operator → LPPM → Skema), client-safe: the browser and the server check the same rules. */
import { z } from "zod";
import { JENIS } from "~/domain/lppm/jenis";
import { JABATAN_AKADEMIK } from "~/domain/users/roles";
import { checkbox, optionalWholeNumber, requiredText } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";

export const MAX_LUARAN = 20;
const LUARAN_MAX_CHARS = 150;

/**
 * The luaran list as typed: one per line; a single line may also be comma-separated. Blanks
 * and repeats (any case) are dropped, the order kept.
 */
export function parseLuaranList(text: string | null | undefined): string[] {
  const value = (text ?? "").replace(/\r\n?/g, "\n").trim();
  if (!value) return [];
  const pieces = value.includes("\n") ? value.split("\n") : value.split(",");
  const seen = new Set<string>();
  const list: string[] = [];
  for (const piece of pieces) {
    const item = piece.trim().replace(/\s+/g, " ");
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    list.push(item);
  }
  return list;
}

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
    luaran_wajib: z
      .string()
      .max(5000, "Luaran wajib terlalu panjang.")
      .optional()
      .transform(parseLuaranList)
      .refine((list) => list.length <= MAX_LUARAN, `Luaran wajib maksimal ${MAX_LUARAN} butir.`)
      .refine((list) => list.every((item) => item.length <= LUARAN_MAX_CHARS), `Setiap luaran maksimal ${LUARAN_MAX_CHARS} karakter.`),
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

/**
 * The default rubrics of LPPM.md ("Rubrik … Seed defaults"), written on a database without any
 * rubric (a fresh install, or one whose operator never saw the screen). Idempotent: once any
 * rubric exists — seeded or the operator's own — nothing is written again, so an operator who
 * deletes or reshapes a rubric keeps their choice. (An install seeded before the insentif
 * checklist was a rubric got it from the migration "rubrik_insentif_tarif", which copies
 * DEFAULT_CHECKLIST_INSENTIF.)
 */
import { count } from "drizzle-orm";
import type { Db } from "../../app/lib/server/db.server";
import { CARA_NILAI, JENIS_RUBRIK_INSENTIF, SKOR, type DeskripsiSkor, type TahapRubrik } from "../../app/domain/lppm/rubrik";
import * as schema from "../../db/schema";

type Seed = { jenis: "penelitian" | "pengabdian"; tahap: TahapRubrik; nama: string; kriteria: [string, number][] };

/** What the reviewer checks on every incentive claim, until the operator changes the insentif rubric. */
export const DEFAULT_CHECKLIST_INSENTIF = [
  "Publikasi sesuai jenis dan peringkat yang diklaim",
  "Pengusul tercantum sebagai penulis dengan peran yang diklaim",
  "Terbit pada tahun periode insentif",
  "Bukti publikasi lengkap dan dapat diverifikasi",
  "Bukan publikasi yang sudah pernah diberi insentif",
] as const;

const ADMINISTRASI: [string, number][] = [
  ["Identitas & kelayakan pengusul", 0],
  ["Komposisi tim", 0],
  ["Kelengkapan dokumen & format", 0],
  ["Kesesuaian skema & bidang", 0],
  ["RAB sesuai batas", 0],
];

export const DEFAULT_RUBRIK: readonly Seed[] = [
  { jenis: "penelitian", tahap: "administrasi", nama: "Evaluasi Administrasi Penelitian", kriteria: ADMINISTRASI },
  {
    jenis: "penelitian",
    tahap: "substansi",
    nama: "Evaluasi Substansi Penelitian",
    kriteria: [
      ["Ringkasan", 10],
      ["Latar belakang & rumusan masalah", 25],
      ["Tinjauan pustaka & kebaruan", 20],
      ["Metode", 25],
      ["Luaran & jadwal", 10],
      ["Kewajaran RAB", 10],
    ],
  },
  {
    jenis: "penelitian",
    tahap: "monev",
    nama: "Monev Internal Penelitian",
    kriteria: [
      ["Luaran wajib", 30],
      ["Luaran tambahan", 15],
      ["Kesesuaian pelaksanaan dengan usulan", 25],
      ["Realisasi anggaran", 15],
      ["Catatan harian", 15],
    ],
  },
  { jenis: "pengabdian", tahap: "administrasi", nama: "Evaluasi Administrasi Pengabdian", kriteria: ADMINISTRASI },
  {
    jenis: "pengabdian",
    tahap: "substansi",
    nama: "Evaluasi Substansi Pengabdian",
    kriteria: [
      ["Analisis situasi & permasalahan mitra", 25],
      ["Solusi & metode", 25],
      ["Luaran", 20],
      ["Tim & kepakaran", 10],
      ["Kewajaran RAB", 20],
    ],
  },
  {
    jenis: "pengabdian",
    tahap: "monev",
    nama: "Monev Internal Pengabdian",
    kriteria: [
      ["Keberdayaan mitra", 30],
      ["Luaran", 25],
      ["Kesesuaian pelaksanaan", 20],
      ["Realisasi anggaran", 15],
      ["Dokumentasi", 10],
    ],
  },
  // One checklist for every claim: a claim has no penelitian/pengabdian kind.
  { jenis: JENIS_RUBRIK_INSENTIF, tahap: "insentif", nama: "Evaluasi Klaim Insentif", kriteria: DEFAULT_CHECKLIST_INSENTIF.map((k): [string, number] => [k, 0]) },
];

/** The national form's wording of each score, applied to one criterion. */
function deskripsi(kriteria: string): DeskripsiSkor {
  const words: Record<(typeof SKOR)[number], string> = {
    1: "buruk",
    2: "sangat kurang",
    3: "kurang",
    5: "cukup",
    6: "baik",
    7: "sangat baik",
  };
  return Object.fromEntries(SKOR.map((s) => [s, `${kriteria}: ${words[s]}.`])) as DeskripsiSkor;
}

/** Writes the defaults when no rubric exists; returns how many rubrics it wrote. */
export function seedLppmRubrik(db: Db): number {
  return db.transaction((tx) => {
    if ((tx.select({ n: count() }).from(schema.rubrik).get()?.n ?? 0) > 0) return 0;
    for (const seed of DEFAULT_RUBRIK) {
      const { id } = tx.insert(schema.rubrik).values({ jenis: seed.jenis, tahap: seed.tahap, nama: seed.nama }).returning({ id: schema.rubrik.id }).get();
      const cara = CARA_NILAI[seed.tahap];
      tx.insert(schema.rubrikKriteria)
        .values(
          seed.kriteria.map(([kriteria, bobot], i) => ({
            id_rubrik: id,
            urutan: i + 1,
            kriteria,
            bobot: cara === "checklist" ? 0 : bobot,
            deskripsi_skor: cara === "skala" ? JSON.stringify(deskripsi(kriteria)) : null,
          })),
        )
        .run();
    }
    return DEFAULT_RUBRIK.length;
  });
}

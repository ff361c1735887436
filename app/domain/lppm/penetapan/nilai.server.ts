/**
 * The reviewers' scores of a proposal as the secretary, the head and the ranking board read them
 * (written by the review step: penugasan_reviewer per round and reviewer, penilaian_item per
 * criterion). Every round is kept; the current one is usulan.putaran_review.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { penilaianItem, penugasanReviewer, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { selisihBesar, selisihNilai } from "~/domain/lppm/penetapan/penetapan";

export type NilaiItem = { kriteria: string; bobot: number; skor: number | null; nilai: number | null; justifikasi: string };

export type PenilaianReviewer = {
  id: number;
  putaran: number;
  reviewer: string;
  total_nilai: number | null;
  rekomendasi: string | null;
  dana_rekomendasi: number | null;
  catatan: string | null;
  substansi_at: Date | null;
  items: NilaiItem[];
};

export type PutaranPenilaian = {
  putaran: number;
  reviews: PenilaianReviewer[];
  /** Highest total − lowest total of the round (null with fewer than two totals). */
  selisih: number | null;
  selisihBesar: boolean;
};

/** A replaced reviewer's assignment is history of the Penugasan screen, not a review: never counted. */
const BUKAN_DIGANTI = or(isNull(penugasanReviewer.ditutup), ne(penugasanReviewer.ditutup, "DIGANTI"));

/** Every round's reviews of proposal `idUsulan`, newest round first, with their substantive items. */
export function penilaianUsulan(db: Db, idUsulan: number): PutaranPenilaian[] {
  const reviews = db
    .select({
      id: penugasanReviewer.id,
      putaran: penugasanReviewer.putaran,
      reviewer: users.name,
      total_nilai: penugasanReviewer.total_nilai,
      rekomendasi: penugasanReviewer.rekomendasi,
      dana_rekomendasi: penugasanReviewer.dana_rekomendasi,
      catatan: penugasanReviewer.catatan,
      substansi_at: penugasanReviewer.substansi_at,
    })
    .from(penugasanReviewer)
    .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
    .where(and(eq(penugasanReviewer.id_usulan, idUsulan), BUKAN_DIGANTI))
    .orderBy(desc(penugasanReviewer.putaran), asc(penugasanReviewer.id))
    .all();
  const items = reviews.length
    ? db
        .select()
        .from(penilaianItem)
        .where(and(inArray(penilaianItem.id_penugasan, reviews.map((r) => r.id)), eq(penilaianItem.tahap, "substansi")))
        .orderBy(asc(penilaianItem.urutan))
        .all()
    : [];
  const rounds = new Map<number, PenilaianReviewer[]>();
  for (const review of reviews) {
    const own = items
      .filter((item) => item.id_penugasan === review.id)
      .map((item) => ({ kriteria: item.kriteria, bobot: item.bobot, skor: item.skor, nilai: item.nilai, justifikasi: item.justifikasi }));
    rounds.set(review.putaran, [...(rounds.get(review.putaran) ?? []), { ...review, items: own }]);
  }
  return [...rounds.entries()].map(([putaran, list]) => {
    const totals = list.map((r) => r.total_nilai);
    return { putaran, reviews: list, selisih: selisihNilai(totals), selisihBesar: selisihBesar(totals) };
  });
}

export type RingkasNilai = { totals: (number | null)[]; selisih: number | null; selisihBesar: boolean; danaRekomendasi: number | null };

/**
 * The current round's totals and average recommended budget of several proposals at once (the
 * ranking board and the lists): one query for all of them.
 */
export function ringkasNilai(db: Db, rows: readonly { id: number; putaran_review: number }[]): Map<number, RingkasNilai> {
  const result = new Map<number, RingkasNilai>();
  if (rows.length === 0) return result;
  const putaranOf = new Map(rows.map((r) => [r.id, r.putaran_review]));
  const reviews = db
    .select({
      id_usulan: penugasanReviewer.id_usulan,
      putaran: penugasanReviewer.putaran,
      total_nilai: penugasanReviewer.total_nilai,
      dana_rekomendasi: penugasanReviewer.dana_rekomendasi,
    })
    .from(penugasanReviewer)
    .where(and(inArray(penugasanReviewer.id_usulan, [...putaranOf.keys()]), BUKAN_DIGANTI))
    .orderBy(asc(penugasanReviewer.id))
    .all()
    .filter((r) => putaranOf.get(r.id_usulan) === r.putaran);
  for (const { id } of rows) {
    const own = reviews.filter((r) => r.id_usulan === id);
    const totals = own.map((r) => r.total_nilai);
    const dana = own.map((r) => r.dana_rekomendasi).filter((d): d is number => d !== null);
    result.set(id, {
      totals,
      selisih: selisihNilai(totals),
      selisihBesar: selisihBesar(totals),
      danaRekomendasi: dana.length ? Math.round(dana.reduce((a, b) => a + b, 0) / dana.length) : null,
    });
  }
  return result;
}

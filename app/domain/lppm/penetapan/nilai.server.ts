/**
 * The reviewers' scores of a proposal as the office (secretary, head, ranking board), the team and
 * the faculty's verifier read them (written by the review step: penugasan_reviewer per round and
 * reviewer, penilaian_item per criterion and tahap). Every round is kept; the current one is
 * usulan.putaran_review. `penilaianFor` says what each of them sees: the office every round with
 * the reviewers' names; the others the rounds that have closed, the reviewers unnamed.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { penilaianItem, penugasanReviewer, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import { selisihBesar, selisihNilai } from "~/domain/lppm/penetapan/penetapan";

export type NilaiItem = { kriteria: string; bobot: number; skor: number | null; nilai: number | null; justifikasi: string };

/** One item of the administrative checklist: passed or not, with the reviewer's note. */
export type CekAdministrasi = { kriteria: string; lolos: boolean | null; catatan: string };

export type PenilaianReviewer = {
  id: number;
  putaran: number;
  /** Who scored; null for a reader who sees reviews without names ('Reviewer 1', 'Reviewer 2'). */
  reviewer: string | null;
  /** The administrative check: null until saved. */
  administrasi_lolos: boolean | null;
  administrasi_catatan: string | null;
  administrasi: CekAdministrasi[];
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

/** Every round's reviews of proposal `idUsulan`, newest round first, with their checklist and substantive items. */
export function penilaianUsulan(db: Db, idUsulan: number): PutaranPenilaian[] {
  const reviews = db
    .select({
      id: penugasanReviewer.id,
      putaran: penugasanReviewer.putaran,
      reviewer: users.name,
      administrasi_lolos: penugasanReviewer.administrasi_lolos,
      administrasi_catatan: penugasanReviewer.administrasi_catatan,
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
        .where(inArray(penilaianItem.id_penugasan, reviews.map((r) => r.id)))
        .orderBy(asc(penilaianItem.urutan))
        .all()
    : [];
  const rounds = new Map<number, PenilaianReviewer[]>();
  for (const review of reviews) {
    const own = items.filter((item) => item.id_penugasan === review.id);
    const substansi = own
      .filter((item) => item.tahap === "substansi")
      .map((item) => ({ kriteria: item.kriteria, bobot: item.bobot, skor: item.skor, nilai: item.nilai, justifikasi: item.justifikasi }));
    const administrasi = own.filter((item) => item.tahap === "administrasi").map((item) => ({ kriteria: item.kriteria, lolos: item.lolos, catatan: item.justifikasi }));
    rounds.set(review.putaran, [...(rounds.get(review.putaran) ?? []), { ...review, administrasi, items: substansi }]);
  }
  return [...rounds.entries()].map(([putaran, list]) => {
    const totals = list.map((r) => r.total_nilai);
    return { putaran, reviews: list, selisih: selisihNilai(totals), selisihBesar: selisihBesar(totals) };
  });
}

/** Statuses in which the current round is still being reviewed: its results are the office's only. */
const ROUND_OPEN: readonly UsulanStatus[] = ["REVIEW", "DIKEMBALIKAN_KE_REVIEW"];

/** The reviews as one reader sees them. */
export type PenilaianView = {
  /** The reviewers' names are shown (the LPPM office); otherwise 'Reviewer 1', 'Reviewer 2'. */
  named: boolean;
  /** The proposal's current round (usulan.putaran_review). */
  current: number;
  rounds: PutaranPenilaian[];
  /** The current round is still being reviewed (its results come once it closes). */
  menunggu: boolean;
};

/**
 * What `reader` sees of proposal `usulan`'s reviews. "kantor" (the LPPM office): every round,
 * named, the one in progress too. "tim" (the team, the faculty's verifier): a round once it has
 * closed — every earlier round, and the current one from DINILAI / TIDAK_LOLOS on — with the
 * reviewers unnamed, so that scores and comments reach the proposer without telling who wrote them.
 */
export function penilaianFor(
  db: Db,
  usulan: { id: number; status: UsulanStatus; putaran_review: number },
  reader: "kantor" | "tim",
): PenilaianView {
  const all = penilaianUsulan(db, usulan.id);
  if (reader === "kantor") return { named: true, current: usulan.putaran_review, rounds: all, menunggu: false };
  const menunggu = ROUND_OPEN.includes(usulan.status);
  const rounds = all
    .filter((round) => round.putaran < usulan.putaran_review || !menunggu)
    .map((round) => ({ ...round, reviews: round.reviews.map((review) => ({ ...review, reviewer: null })) }));
  return { named: false, current: usulan.putaran_review, rounds, menunggu };
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

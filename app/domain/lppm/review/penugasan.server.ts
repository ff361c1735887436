/**
 * Penugasan Reviewer (the Operator, LPPM.md row DISETUJUI_FAKULTAS → REVIEW): two reviewers
 * (active users holding Reviewer-Internal or Reviewer-External) with a deadline, none on the
 * team (ketua or invited/accepted anggota), none from the ketua's prodi when the skema says
 * reviewer_lain_prodi. The assignment rows and the move to REVIEW are one transaction (the
 * engine's `alongside` hook). A proposal returned to review (DIKEMBALIKAN_KE_REVIEW, after the
 * secretary bumped putaran_review) gets the redo's assignments without a status change: the
 * proposal stays DIKEMBALIKAN_KE_REVIEW until the system closes the round.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { penugasanReviewer, periode, prodi, skema, usulan, usulanAnggota, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { tanggalWaktu } from "~/lib/util/wib";
import { extendRows, type Page } from "~/lib/server/paging.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { namaLppm } from "~/domain/setting/setting.server";
import { queueMessages, sendQueued } from "~/domain/notifications/outbox.server";
import { domainChanged } from "~/domain/changes.server";
import { usulanRef } from "~/domain/lppm/aktivitas.server";
import { windowsOf } from "~/domain/lppm/master/periode.server";
import { usulanTransition } from "~/domain/lppm/usulan/transition.server";
import { PENUGASAN_STATUSES } from "~/domain/lppm/review/statuses";
import { IN_REVIEW, type UsulanStatus } from "~/domain/lppm/workflow";
import { lewatTenggat } from "~/domain/lppm/tenggat";
import { windowRefusal, type Actor } from "~/domain/lppm/workflow.server";
import type { PenugasanInput } from "~/domain/lppm/review/review.schema";
import { usulanDetail, type UsulanDetail } from "~/domain/lppm/usulan/read.server";
import { REVIEWER_ROLES, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { statusCondition, usulanPage, type StatusFilter, type UsulanBaris } from "~/domain/lppm/review/verifikasi.server";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";
import { aktifBerperan } from "~/domain/users/users.server";

export { PENUGASAN_STATUSES };
/** The statuses in which the operator assigns (the first round, or a redo). */
const ASSIGNABLE: readonly string[] = ["DISETUJUI_FAKULTAS", "DIKEMBALIKAN_KE_REVIEW"];

export const REVIEWER_TIDAK_VALID = "Reviewer tidak ditemukan, tidak aktif, atau tidak memegang peran reviewer.";
export const TENGGAT_LEWAT = "Tenggat harus setelah waktu sekarang.";
export const SUDAH_DITUGASKAN = "Reviewer untuk putaran ini sudah ditugaskan.";

/** An active user holding a reviewer role, or undefined: whom an assignment may name. */
export function activeReviewer(db: Db, id: number): { id: number; name: string; prodi: number | null; phone: string } | undefined {
  return db
    .select({ id: users.id, name: users.name, prodi: users.id_prodi, phone: users.no_hp })
    .from(users)
    .where(and(eq(users.id, id), aktifBerperan(...REVIEWER_ROLES)))
    .get();
}

export type ReviewerPilihan = { id: number; name: string; prodi: string | null; bidang_keahlian: string };

/** Active reviewers, by name (the assignment form's choices). */
export function listReviewerPilihan(db: Db): ReviewerPilihan[] {
  return db
    .select({ id: users.id, name: users.name, prodi: prodi.nama, bidang_keahlian: users.bidang_keahlian })
    .from(users)
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .where(aktifBerperan(...REVIEWER_ROLES))
    .orderBy(asc(users.name))
    .all()
    .map((r) => ({ ...r, bidang_keahlian: r.bidang_keahlian ?? "" }));
}

/** What the operator's list says of a proposal that waits for them: its first reviewers, or a redo's. */
export const MENUNGGU_PENUGASAN = "Menunggu penugasan";
export const MENUNGGU_PENUGASAN_ULANG = "Menunggu penugasan ulang";

export type PenugasanBaris = UsulanBaris & {
  reviewer: string;
  /** The soonest deadline of the round's assignments still open (else of any of the round). */
  tenggat: Date | null;
  /** An assignment of the round still open is past its deadline. */
  lewat: boolean;
  /** It waits for the operator to assign (MENUNGGU_PENUGASAN, MENUNGGU_PENUGASAN_ULANG), or null. */
  menunggu: string | null;
};

/** An assignment that has its result: an administrative 'Tidak lolos', or the substantive scores. */
export function penugasanSelesai(p: { administrasi_lolos: boolean | null; substansi_at: Date | null }): boolean {
  return p.administrasi_lolos === false || p.substansi_at !== null;
}

/** In SQL, over the proposal row: its current round has no assignment that stands (none, or all replaced). */
const TANPA_REVIEWER = sql`not exists (select 1 from penugasan_reviewer p where p.id_usulan = "usulan"."id" and p.putaran = "usulan"."putaran_review" and p.ditutup is null)`;

/**
 * The operator's list: approved proposals, those in review, those returned to review. A redo
 * still waiting for its reviewers comes first, then those with a reviewer past the deadline.
 */
export function listPenugasan(db: Db, state: TableState, filter: StatusFilter, now = new Date()): Page<PenugasanBaris> {
  const overdue = sql`exists (select 1 from penugasan_reviewer p where p.id_usulan = "usulan"."id" and p.putaran = "usulan"."putaran_review"
    and p.ditutup is null and p.substansi_at is null and coalesce(p.administrasi_lolos, 1) = 1 and p.tenggat < ${now.getTime()})`;
  const page = usulanPage(db, state, statusCondition(filter, PENUGASAN_STATUSES), [
    sql`case when ${usulan.status} = 'DIKEMBALIKAN_KE_REVIEW' and ${TANPA_REVIEWER} then 0 when ${overdue} then 1 else 2 end`,
  ]);
  return extendRows(
    page,
    (ids) =>
      db
        .select({
          id_usulan: penugasanReviewer.id_usulan,
          name: users.name,
          tenggat: penugasanReviewer.tenggat,
          administrasi_lolos: penugasanReviewer.administrasi_lolos,
          substansi_at: penugasanReviewer.substansi_at,
        })
        .from(penugasanReviewer)
        .innerJoin(usulan, and(eq(usulan.id, penugasanReviewer.id_usulan), eq(usulan.putaran_review, penugasanReviewer.putaran)))
        .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
        .where(and(inArray(penugasanReviewer.id_usulan, ids), isNull(penugasanReviewer.ditutup)))
        .orderBy(asc(penugasanReviewer.id))
        .all(),
    (row, assigned) => {
      const mine = assigned.filter((a) => a.id_usulan === row.id);
      const open = mine.filter((a) => !penugasanSelesai(a)).sort((a, b) => a.tenggat.getTime() - b.tenggat.getTime());
      const menunggu =
        mine.length > 0 ? null : row.status === "DIKEMBALIKAN_KE_REVIEW" ? MENUNGGU_PENUGASAN_ULANG : row.status === "DISETUJUI_FAKULTAS" ? MENUNGGU_PENUGASAN : null;
      return {
        reviewer: mine.map((a) => a.name).join(", "),
        tenggat: open[0]?.tenggat ?? mine[0]?.tenggat ?? null,
        lewat: open.some((a) => lewatTenggat(a.tenggat, now)),
        menunggu,
      };
    },
  );
}

export type PenugasanReviewerRow = {
  /** The assignment's id (what ?ganti= and ?perpanjang= name). */
  penugasanId: number;
  id: number;
  name: string;
  tenggat: Date;
  administrasi_lolos: boolean | null;
  total_nilai: number | null;
  substansi_at: Date | null;
  /** Replaced ('DIGANTI', with whom) or closed by the withdrawal ('DITARIK'); null: it stands. */
  ditutup: "DIGANTI" | "DITARIK" | null;
  pengganti: string | null;
  /** Open (no result yet, not closed) and past its deadline. */
  lewat: boolean;
  /** The operator may replace this reviewer or extend the deadline now. */
  terbuka: boolean;
};

export type PenugasanRonde = { putaran: number; reviewer: PenugasanReviewerRow[] };

export type PenugasanDetail = {
  detail: UsulanDetail;
  putaran_review: number;
  /** It waits for the operator (MENUNGGU_PENUGASAN, MENUNGGU_PENUGASAN_ULANG), or null. */
  menunggu: string | null;
  /** May the operator assign now (the status allows it and the round has no reviewers yet). */
  bisaDitugaskan: boolean;
  /** The reviewers the form proposes: the last round's for a redo. */
  usulanReviewer: [number | null, number | null];
  /** When the periode's review window closes (the deadline proposed by the form). */
  reviewTutup: Date | null;
  ronde: PenugasanRonde[];
};

/** One proposal of the list with every review round's reviewers (null: not a proposal of this screen). */
export function getPenugasan(db: Db, viewer: UsulanViewer, id: number, now = new Date()): PenugasanDetail | null {
  const row = db
    .select({ status: usulan.status, putaran: usulan.putaran_review, periode })
    .from(usulan)
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .where(eq(usulan.id, id))
    .get();
  if (!row || !(PENUGASAN_STATUSES as readonly string[]).includes(row.status)) return null;
  const detail = usulanDetail(db, viewer, id);
  if (!detail) return null;
  const rows = db
    .select({
      putaran: penugasanReviewer.putaran,
      penugasanId: penugasanReviewer.id,
      id: users.id,
      name: users.name,
      tenggat: penugasanReviewer.tenggat,
      administrasi_lolos: penugasanReviewer.administrasi_lolos,
      total_nilai: penugasanReviewer.total_nilai,
      substansi_at: penugasanReviewer.substansi_at,
      ditutup: penugasanReviewer.ditutup,
      id_pengganti: penugasanReviewer.id_pengganti,
    })
    .from(penugasanReviewer)
    .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
    .where(eq(penugasanReviewer.id_usulan, id))
    .orderBy(asc(penugasanReviewer.putaran), asc(penugasanReviewer.id))
    .all();
  const inReview = IN_REVIEW.includes(row.status as UsulanStatus);
  const ronde: PenugasanRonde[] = [];
  for (const { putaran, id_pengganti, ...r } of rows) {
    const terbuka = inReview && putaran === row.putaran && r.ditutup === null && !penugasanSelesai(r);
    const reviewer: PenugasanReviewerRow = {
      ...r,
      pengganti: rows.find((other) => other.penugasanId === id_pengganti)?.name ?? null,
      lewat: terbuka && lewatTenggat(r.tenggat, now),
      terbuka,
    };
    const last = ronde.at(-1);
    if (last?.putaran === putaran) last.reviewer.push(reviewer);
    else ronde.push({ putaran, reviewer: [reviewer] });
  }
  const current = row.status === "DISETUJUI_FAKULTAS" ? row.putaran + 1 : row.putaran;
  const bisaDitugaskan = ASSIGNABLE.includes(row.status) && !ronde.some((r) => r.putaran === current);
  // The form proposes the reviewers who stood in the last round.
  const previous = (ronde.at(-1)?.reviewer ?? []).filter((r) => r.ditutup !== "DIGANTI");
  return {
    detail,
    putaran_review: row.putaran,
    menunggu: bisaDitugaskan ? (row.status === "DIKEMBALIKAN_KE_REVIEW" ? MENUNGGU_PENUGASAN_ULANG : MENUNGGU_PENUGASAN) : null,
    bisaDitugaskan,
    usulanReviewer: [previous[0]?.id ?? null, previous[1]?.id ?? null],
    reviewTutup: windowsOf(row.periode).review?.closes ?? null,
    ronde,
  };
}

/** A refusal of the assignment: on a field of the form, or over it. */
export type PenugasanResult =
  | { ok: true; putaran: number }
  | { ok: false; status: 403 | 404 | 409 | 422; message: string; field?: "reviewer_1" | "reviewer_2" | "tenggat" };

class PenugasanRefused extends Error {
  constructor(readonly refusal: Extract<PenugasanResult, { ok: false }>) {
    super(refusal.message);
  }
}

/**
 * The checks on the assignment against the stored proposal, inside the transaction that
 * writes it; throws PenugasanRefused (rolling everything back) or inserts the rows.
 */
/**
 * Why a deadline `tenggat` set at `now` is refused for proposal `id`'s review (not after now, or
 * past the periode's review window, inside which alone the reviewer can score), or null.
 */
export function tenggatRefusal(db: Db, id: number, tenggat: Date, now: Date): string | null {
  if (tenggat.getTime() <= now.getTime()) return TENGGAT_LEWAT;
  const row = db.select({ periode }).from(usulan).innerJoin(periode, eq(periode.id, usulan.id_periode)).where(eq(usulan.id, id)).get();
  const review = row ? windowsOf(row.periode).review : undefined;
  if (review && tenggat > review.closes) return `Tenggat tidak boleh melewati penutupan review (${tanggalWaktu(review.closes)}).`;
  return null;
}

/**
 * Why `reviewerId` may not review proposal `id`: not an active user with a reviewer role, on its
 * team (the ketua, or a member invited and not refused), or from the ketua's prodi when the skema
 * asks for reviewers of another prodi. The reviewer when they may.
 */
export function reviewerFor(db: Db, id: number, reviewerId: number): { ok: true; reviewer: NonNullable<ReturnType<typeof activeReviewer>> } | { ok: false; message: string } {
  const target = withKonteks(db.select({ ketua: usulan.id_ketua, ketuaProdi: users.id_prodi, lainProdi: skema.reviewer_lain_prodi }).from(usulan).$dynamic())
    .where(eq(usulan.id, id))
    .get();
  const reviewer = activeReviewer(db, reviewerId);
  if (!target || !reviewer) return { ok: false, message: REVIEWER_TIDAK_VALID };
  const onTeam =
    reviewerId === target.ketua ||
    Boolean(
      db
        .select({ id: usulanAnggota.id })
        .from(usulanAnggota)
        .where(and(eq(usulanAnggota.id_usulan, id), eq(usulanAnggota.id_user, reviewerId), ne(usulanAnggota.status_undangan, "DITOLAK")))
        .get(),
    );
  if (onTeam) return { ok: false, message: `${reviewer.name} termasuk tim usulan ini dan tidak dapat menjadi reviewernya.` };
  if (target.lainProdi && target.ketuaProdi !== null && reviewer.prodi === target.ketuaProdi) {
    return { ok: false, message: `${reviewer.name} berasal dari program studi ketua pengusul; skema ini meminta reviewer dari program studi lain.` };
  }
  return { ok: true, reviewer };
}

function insertAssignments(tx: Db, id: number, putaran: number, input: PenugasanInput, now: Date): number[] {
  if (!tx.select({ id: usulan.id }).from(usulan).where(eq(usulan.id, id)).get()) throw new PenugasanRefused({ ok: false, status: 404, message: NOT_FOUND });
  if (input.reviewer_1 === input.reviewer_2) {
    throw new PenugasanRefused({ ok: false, status: 422, field: "reviewer_2", message: "Reviewer 1 dan Reviewer 2 harus berbeda." });
  }
  const late = tenggatRefusal(tx, id, input.tenggat, now);
  if (late) throw new PenugasanRefused({ ok: false, status: 422, field: "tenggat", message: late });
  const fields = ["reviewer_1", "reviewer_2"] as const;
  const ids = [input.reviewer_1, input.reviewer_2];
  const names = new Map<number, string>();
  ids.forEach((reviewerId, i) => {
    const allowed = reviewerFor(tx, id, reviewerId);
    if (!allowed.ok) throw new PenugasanRefused({ ok: false, status: 422, field: fields[i]!, message: allowed.message });
    names.set(reviewerId, allowed.reviewer.name);
  });
  const existing = tx
    .select({ id: penugasanReviewer.id })
    .from(penugasanReviewer)
    .where(and(eq(penugasanReviewer.id_usulan, id), eq(penugasanReviewer.putaran, putaran)))
    .get();
  if (existing) throw new PenugasanRefused({ ok: false, status: 409, message: SUDAH_DITUGASKAN });
  for (const reviewerId of ids) {
    const row = tx
      .insert(penugasanReviewer)
      .values({ id_usulan: id, id_reviewer: reviewerId, putaran, tenggat: input.tenggat, created_at: now, updated_at: now })
      .returning()
      .get();
    domainChanged(tx, {
      entity: "penugasan_reviewer",
      action: "tambah",
      id: row.id,
      before: null,
      after: row,
      summary: `${names.get(reviewerId)} ditugaskan mereview ${usulanRef(id)} (putaran ${putaran})`,
    });
  }
  return ids;
}

/**
 * Assigns two reviewers to proposal `id` with a deadline: DISETUJUI_FAKULTAS → REVIEW (round 1,
 * or the next) through usulanTransition with the rows written alongside; for a proposal
 * returned to review, the redo's round (putaran_review) in its own transaction, inside the
 * review window, with a message to each reviewer.
 */
export function tugaskanReviewer(db: Db, actor: Actor, id: number, input: PenugasanInput, now = new Date()): PenugasanResult {
  const row = db.select({ status: usulan.status, putaran: usulan.putaran_review, judul: usulan.judul }).from(usulan).where(eq(usulan.id, id)).get();
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  if (!actor.roles.includes("Operator")) return { ok: false, status: 403, message: "Anda tidak berwenang melakukan tindakan ini." };
  try {
    if (row.status === "DIKEMBALIKAN_KE_REVIEW") return assignRedo(db, id, row.putaran, input, now);
    if (row.status === "REVIEW") return { ok: false, status: 409, message: SUDAH_DITUGASKAN };
    const putaran = row.putaran + 1;
    const result = usulanTransition(db, actor, id, "REVIEW", {
      now,
      putaran_review: putaran,
      alongside: (tx) => void insertAssignments(tx, id, putaran, input, now),
    });
    if (!result.ok) return { ok: false, status: result.status, message: result.message };
    return { ok: true, putaran };
  } catch (error) {
    if (error instanceof PenugasanRefused) return error.refusal;
    throw error;
  }
}

function assignRedo(db: Db, id: number, putaran: number, input: PenugasanInput, now: Date): PenugasanResult {
  const outcome = db.transaction((tx) => {
    const current = tx
      .select({ status: usulan.status, putaran: usulan.putaran_review, judul: usulan.judul, periode })
      .from(usulan)
      .innerJoin(periode, eq(periode.id, usulan.id_periode))
      .where(eq(usulan.id, id))
      .get();
    if (!current || current.status !== "DIKEMBALIKAN_KE_REVIEW" || current.putaran !== putaran) {
      throw new PenugasanRefused({ ok: false, status: 409, message: "Usulan ini sudah berubah. Muat ulang halaman." });
    }
    const closed = windowRefusal("review", windowsOf(current.periode).review, now);
    if (closed) throw new PenugasanRefused({ ok: false, status: 409, message: closed });
    const ids = insertAssignments(tx, id, putaran, input, now);
    const sender = namaLppm(tx);
    const messages = ids.map((userId) => ({
      userId,
      subject: "Usulan: Review ulang",
      body: `Anda ditugaskan mereview ulang usulan "${current.judul}" (putaran ${putaran}), tenggat ${tanggalWaktu(input.tenggat)}.`,
      link: "/reviewer/evaluasi-substansi",
      sender,
    }));
    return queueMessages(tx, messages, now);
  });
  void sendQueued(db, outcome);
  return { ok: true, putaran };
}

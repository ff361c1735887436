/**
 * The reviewer's work (LPPM.md row REVIEW): on each assignment of the current round, first the
 * administrative checklist (rubric tahap 'administrasi' of the proposal's jenis: Lolos / Tidak
 * lolos per item with notes, and overall), then — when it passed — the substantive scoring
 * (rubric tahap 'substansi': a score from 1, 2, 3, 5, 6, 7 per criterion with a justification,
 * value = bobot × skor, total ≤ 700, a recommendation and a proposed budget). Both saves are
 * final. When the last result of the round is saved, the same transaction moves the proposal
 * (the engine's system actor): any administrative 'Tidak lolos' → TIDAK_LOLOS, else → DINILAI
 * with nilai_rata = the average total of the round.
 *
 * A reviewer reaches only their own assignments (another's answers 404), only inside the review
 * window and before the deadline.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { penilaianItem, penugasanReviewer, periode, rubrik, rubrikKriteria, skema, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { tanggalWaktu } from "~/lib/util/wib";
import { contains, paged, type Page } from "~/lib/server/paging.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { domainChanged } from "~/domain/changes.server";
import { usulanRef } from "~/domain/lppm/aktivitas.server";
import { periodeLabel, windowsOf } from "~/domain/lppm/master/periode.server";
import { MAX_NILAI, parseDeskripsiSkor, type DeskripsiSkor } from "~/domain/lppm/rubrik";
import { usulanAdapter } from "~/domain/lppm/usulan/transition.server";
import { IN_REVIEW, USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { lewatTenggat } from "~/domain/lppm/tenggat";
import { SYSTEM, transition, windowRefusal, type Actor } from "~/domain/lppm/workflow.server";
import type { AdministrasiInput, Rekomendasi, SubstansiInput } from "~/domain/lppm/review/review.schema";
import { usulanDetail, type UsulanDetail } from "~/domain/lppm/usulan/read.server";

export type Tahap = "administrasi" | "substansi";

/** Two totals further apart than this are flagged for the secretary (20 % of the maximum). */
export const SELISIH_BESAR = 0.2 * MAX_NILAI;

export const SUDAH_DINILAI = "Penilaian ini sudah disimpan dan tidak dapat diubah.";
export const BUKAN_TAHAP_REVIEW = "Usulan ini tidak sedang dalam tahap review.";
export const ADMINISTRASI_BELUM = "Evaluasi substansi dibuka setelah evaluasi administrasi dinyatakan Lolos.";
export const PENUGASAN_DIALIHKAN = "Penugasan ini telah dialihkan ke reviewer lain.";
export const USULAN_DITARIK = "Usulan ini telah ditarik; penilaiannya tidak diperlukan lagi.";

// ---- Rubric ----------------------------------------------------------------------------------------

export type Kriteria = { urutan: number; kriteria: string; bobot: number; deskripsi: DeskripsiSkor | null };

/** The criteria of a jenis's rubric for a tahap, in order (empty when the operator has none). */
export function kriteriaRubrik(db: Db, jenis: "penelitian" | "pengabdian", tahap: Tahap): Kriteria[] {
  return db
    .select({ urutan: rubrikKriteria.urutan, kriteria: rubrikKriteria.kriteria, bobot: rubrikKriteria.bobot, deskripsi: rubrikKriteria.deskripsi_skor })
    .from(rubrikKriteria)
    .innerJoin(rubrik, eq(rubrik.id, rubrikKriteria.id_rubrik))
    .where(and(eq(rubrik.jenis, jenis), eq(rubrik.tahap, tahap)))
    .orderBy(asc(rubrikKriteria.urutan), asc(rubrikKriteria.id))
    .all()
    .map((k) => ({ ...k, deskripsi: parseDeskripsiSkor(k.deskripsi) }));
}

export function rubrikKosong(jenis: string, tahap: Tahap): string {
  return `Rubrik ${tahap} ${jenis} belum diatur. Hubungi operator LPPM.`;
}

// ---- The reviewer's lists ---------------------------------------------------------------------------

export const PENILAIAN_FILTERS = ["belum", "sudah", "semua"] as const;
export type PenilaianFilter = (typeof PENILAIAN_FILTERS)[number];
export const PENILAIAN_FILTER_LABELS: Record<PenilaianFilter, string> = { belum: "Belum dinilai", sudah: "Sudah dinilai", semua: "Semua" };

export function parsePenilaianFilter(value: string | null): PenilaianFilter {
  return (PENILAIAN_FILTERS as readonly string[]).includes(value ?? "") ? (value as PenilaianFilter) : "belum";
}

export type PenugasanSaya = {
  /** The assignment's id (the URL's ?nilai=). */
  id: number;
  id_usulan: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  periode: string;
  putaran: number;
  tenggat: Date;
  status: UsulanStatus;
  administrasi_lolos: boolean | null;
  total_nilai: number | null;
  selesai: boolean;
  /** Still to do and past its deadline (decided at the request's time). */
  lewat: boolean;
};

/**
 * The reviewer's assignments for a tahap: administrasi lists every assignment; substansi only
 * those whose administrasi passed. "belum": of the current round of a proposal in review and
 * not yet done; "sudah": done (any round).
 */
export function listPenugasanSaya(db: Db, reviewerId: number, tahap: Tahap, state: TableState, filter: PenilaianFilter, now = new Date()): Page<PenugasanSaya> {
  const done = tahap === "administrasi" ? isNotNull(penugasanReviewer.administrasi_at) : isNotNull(penugasanReviewer.substansi_at);
  const open = and(
    tahap === "administrasi" ? isNull(penugasanReviewer.administrasi_at) : isNull(penugasanReviewer.substansi_at),
    eq(penugasanReviewer.putaran, usulan.putaran_review),
    isNull(penugasanReviewer.ditutup),
    sql`${usulan.status} in ('REVIEW', 'DIKEMBALIKAN_KE_REVIEW')`,
  );
  const conditions: (SQL | undefined)[] = [
    eq(penugasanReviewer.id_reviewer, reviewerId),
    // A replaced reviewer's assignment went to someone else: it is no longer theirs to list.
    sql`coalesce(${penugasanReviewer.ditutup}, '') <> 'DIGANTI'`,
    tahap === "substansi" ? eq(penugasanReviewer.administrasi_lolos, true) : undefined,
    filter === "belum" ? open : filter === "sudah" ? done : or(open, done),
    state.q ? contains(usulan.judul, state.q) : undefined,
  ];
  const where = and(...conditions);
  return paged(
    state,
    () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(penugasanReviewer)
        .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
        .where(where)
        .get()?.n ?? 0,
    (limit, offset) =>
      db
        .select({
          id: penugasanReviewer.id,
          id_usulan: usulan.id,
          judul: usulan.judul,
          jenis: usulan.jenis,
          tahun: periode.tahun,
          skema: skema.nama,
          putaran: penugasanReviewer.putaran,
          tenggat: penugasanReviewer.tenggat,
          status: usulan.status,
          administrasi_lolos: penugasanReviewer.administrasi_lolos,
          administrasi_at: penugasanReviewer.administrasi_at,
          total_nilai: penugasanReviewer.total_nilai,
          substansi_at: penugasanReviewer.substansi_at,
          ditutup: penugasanReviewer.ditutup,
          putaran_usulan: usulan.putaran_review,
        })
        .from(penugasanReviewer)
        .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
        .innerJoin(periode, eq(periode.id, usulan.id_periode))
        .innerJoin(skema, eq(skema.id, periode.id_skema))
        .where(where)
        .orderBy(filter === "belum" ? asc(penugasanReviewer.tenggat) : desc(penugasanReviewer.tenggat), desc(penugasanReviewer.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(({ tahun, skema: namaSkema, administrasi_at, substansi_at, status, ditutup, putaran_usulan, ...row }) => {
          const selesai = tahap === "administrasi" ? administrasi_at !== null : substansi_at !== null;
          const terbuka = !selesai && ditutup === null && row.putaran === putaran_usulan && IN_REVIEW.includes(status as UsulanStatus);
          return {
            ...row,
            status: status as UsulanStatus,
            periode: periodeLabel({ tahun }, { nama: namaSkema }),
            selesai,
            lewat: terbuka && lewatTenggat(row.tenggat, now),
          };
        }),
  );
}

/** The jenis of the proposal of one of this reviewer's assignments (null: not theirs). */
export function jenisPenugasan(db: Db, reviewerId: number, penugasanId: number): "penelitian" | "pengabdian" | null {
  return (
    db
      .select({ jenis: usulan.jenis })
      .from(penugasanReviewer)
      .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
      .where(and(eq(penugasanReviewer.id, penugasanId), eq(penugasanReviewer.id_reviewer, reviewerId)))
      .get()?.jenis ?? null
  );
}

// ---- One assignment ------------------------------------------------------------------------------

type Penugasan = typeof penugasanReviewer.$inferSelect;

type AssignmentFacts = {
  penugasan: Penugasan;
  usulan: { id: number; status: UsulanStatus; jenis: "penelitian" | "pengabdian"; putaran_review: number; dana_diusulkan: number };
  windows: ReturnType<typeof windowsOf>;
};

function loadAssignment(db: Db, reviewerId: number, penugasanId: number): AssignmentFacts | null {
  const row = db
    .select({ penugasan: penugasanReviewer, usulan, periode })
    .from(penugasanReviewer)
    .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .where(and(eq(penugasanReviewer.id, penugasanId), eq(penugasanReviewer.id_reviewer, reviewerId)))
    .get();
  if (!row) return null;
  return {
    penugasan: row.penugasan,
    usulan: {
      id: row.usulan.id,
      status: row.usulan.status as UsulanStatus,
      jenis: row.usulan.jenis,
      putaran_review: row.usulan.putaran_review,
      dana_diusulkan: row.usulan.dana_diusulkan,
    },
    windows: windowsOf(row.periode),
  };
}

/** Why this assignment cannot be evaluated at this tahap now, or null. */
function evaluationRefusal(facts: AssignmentFacts, tahap: Tahap, now: Date): string | null {
  const { penugasan: p, usulan: u } = facts;
  if (tahap === "administrasi" && p.administrasi_at) return SUDAH_DINILAI;
  if (tahap === "substansi" && p.substansi_at) return SUDAH_DINILAI;
  if (p.ditutup === "DIGANTI") return PENUGASAN_DIALIHKAN;
  if (u.status === "DITARIK") return USULAN_DITARIK;
  if (!IN_REVIEW.includes(u.status) || p.putaran !== u.putaran_review || p.ditutup !== null) return BUKAN_TAHAP_REVIEW;
  if (tahap === "substansi" && p.administrasi_lolos !== true) return ADMINISTRASI_BELUM;
  const closed = windowRefusal("review", facts.windows.review, now);
  if (closed) return closed;
  if (now > p.tenggat) return `Batas waktu penilaian telah lewat pada ${tanggalWaktu(p.tenggat)}.`;
  return null;
}

export type ItemTersimpan = { urutan: number; kriteria: string; bobot: number; lolos: boolean | null; skor: number | null; nilai: number | null; justifikasi: string };

/** A reviewer's results on an assignment, as the screens show them. */
export type Hasil = Pick<
  Penugasan,
  "tenggat" | "administrasi_lolos" | "administrasi_catatan" | "total_nilai" | "rekomendasi" | "dana_rekomendasi" | "catatan" | "substansi_at"
>;

function hasilOf(p: Penugasan): Hasil {
  const { tenggat, administrasi_lolos, administrasi_catatan, total_nilai, rekomendasi, dana_rekomendasi, catatan, substansi_at } = p;
  return { tenggat, administrasi_lolos, administrasi_catatan, total_nilai, rekomendasi, dana_rekomendasi, catatan, substansi_at };
}

export type PenilaianDetail = {
  penugasan: Hasil & { id: number; putaran: number };
  /** The proposal as this reviewer sees it (without the team when blind). */
  usulan: UsulanDetail;
  kriteria: Kriteria[];
  /** What was saved at this tahap (read-only once saved). */
  tersimpan: ItemTersimpan[];
  /** Why the form is closed (saved, deadline, window, …), or null when it is open. */
  tertutup: string | null;
};

/** The saved items of these assignments at a tahap, in the rubric's order. */
function savedItems(db: Db, penugasanIds: readonly number[], tahap: Tahap): (ItemTersimpan & { id_penugasan: number })[] {
  if (!penugasanIds.length) return [];
  return db
    .select({
      id_penugasan: penilaianItem.id_penugasan,
      urutan: penilaianItem.urutan,
      kriteria: penilaianItem.kriteria,
      bobot: penilaianItem.bobot,
      lolos: penilaianItem.lolos,
      skor: penilaianItem.skor,
      nilai: penilaianItem.nilai,
      justifikasi: penilaianItem.justifikasi,
    })
    .from(penilaianItem)
    .where(and(inArray(penilaianItem.id_penugasan, [...penugasanIds]), eq(penilaianItem.tahap, tahap)))
    .orderBy(asc(penilaianItem.urutan))
    .all();
}

/**
 * The reviewer's view of one of their assignments at a tahap (null: not theirs, or not at this
 * tahap — answered as 404). Both views hide the team when the skema is blind (the administrative
 * one shows its composition without names).
 */
export function getPenilaian(db: Db, viewer: { id: number; roles: Actor["roles"] }, penugasanId: number, tahap: Tahap, now = new Date()): PenilaianDetail | null {
  const facts = loadAssignment(db, viewer.id, penugasanId);
  if (!facts) return null;
  if (tahap === "substansi" && facts.penugasan.administrasi_lolos !== true) return null;
  const detail = usulanDetail(db, viewer, facts.usulan.id);
  if (!detail?.access.relations.includes("reviewer")) return null;
  const kriteria = kriteriaRubrik(db, facts.usulan.jenis, tahap);
  const p = facts.penugasan;
  const refusal = evaluationRefusal(facts, tahap, now) ?? (kriteria.length ? null : rubrikKosong(facts.usulan.jenis, tahap));
  return {
    penugasan: { id: p.id, putaran: p.putaran, ...hasilOf(p) },
    usulan: detail,
    kriteria,
    tersimpan: savedItems(db, [p.id], tahap).map(({ id_penugasan: _, ...item }) => item),
    tertutup: refusal,
  };
}

// ---- Saving ----------------------------------------------------------------------------------------

export type PenilaianResult =
  | { ok: true; usulanStatus: UsulanStatus }
  | { ok: false; status: 404 | 409 | 422; message: string; field?: string };

class PenilaianRefused extends Error {
  constructor(readonly refusal: Extract<PenilaianResult, { ok: false }>) {
    super(refusal.message);
  }
}

/** Runs a save in one transaction with the round's closing; a refusal rolls it all back. */
function saveWith(
  db: Db,
  reviewerId: number,
  penugasanId: number,
  tahap: Tahap,
  now: Date,
  write: (tx: Db, facts: AssignmentFacts, kriteria: Kriteria[]) => void,
): PenilaianResult {
  try {
    return db.transaction((tx) => {
      const facts = loadAssignment(tx, reviewerId, penugasanId);
      if (!facts || (tahap === "substansi" && facts.penugasan.administrasi_lolos === null)) {
        throw new PenilaianRefused({ ok: false, status: 404, message: NOT_FOUND });
      }
      const refusal = evaluationRefusal(facts, tahap, now);
      if (refusal) throw new PenilaianRefused({ ok: false, status: 409, message: refusal });
      const kriteria = kriteriaRubrik(tx, facts.usulan.jenis, tahap);
      if (!kriteria.length) throw new PenilaianRefused({ ok: false, status: 409, message: rubrikKosong(facts.usulan.jenis, tahap) });
      write(tx, facts, kriteria);
      return { ok: true as const, usulanStatus: closeRoundIfDone(tx, facts.usulan.id, facts.usulan.putaran_review, now) };
    });
  } catch (error) {
    if (error instanceof PenilaianRefused) return error.refusal;
    throw error;
  }
}

/** Saves the administrative checklist of one of the reviewer's assignments. */
export function simpanAdministrasi(db: Db, reviewer: { id: number }, penugasanId: number, input: AdministrasiInput, now = new Date()): PenilaianResult {
  return saveWith(db, reviewer.id, penugasanId, "administrasi", now, (tx, facts, kriteria) => {
    if (input.items.length !== kriteria.length) {
      throw new PenilaianRefused({ ok: false, status: 422, message: "Daftar periksa tidak sesuai rubrik. Muat ulang halaman." });
    }
    const items: Record<string, unknown> = {};
    kriteria.forEach((k, i) => {
      const item = input.items[i]!;
      tx.insert(penilaianItem)
        .values({ id_penugasan: penugasanId, tahap: "administrasi", kriteria: k.kriteria, urutan: k.urutan, bobot: 0, lolos: item.lolos, justifikasi: item.catatan })
        .run();
      items[`lolos_${k.urutan}`] = item.lolos;
      items[`catatan_${k.urutan}`] = item.catatan;
    });
    const after = tx
      .update(penugasanReviewer)
      .set({ administrasi_lolos: input.hasil, administrasi_catatan: input.catatan || null, administrasi_at: now, updated_at: now })
      .where(eq(penugasanReviewer.id, facts.penugasan.id))
      .returning()
      .get();
    logPenilaian(tx, facts, { ...after, ...items }, `Penilaian administrasi ${usulanRef(facts.usulan.id)}: ${input.hasil ? "Lolos" : "Tidak lolos"}`);
  });
}

/** Saves the substantive scores: nilai = bobot × skor per item, their sum on the assignment. */
export function simpanSubstansi(db: Db, reviewer: { id: number }, penugasanId: number, input: SubstansiInput, now = new Date()): PenilaianResult {
  return saveWith(db, reviewer.id, penugasanId, "substansi", now, (tx, facts, kriteria) => {
    if (input.items.length !== kriteria.length) {
      throw new PenilaianRefused({ ok: false, status: 422, message: "Kriteria penilaian tidak sesuai rubrik. Muat ulang halaman." });
    }
    if (input.dana_rekomendasi > facts.usulan.dana_diusulkan) {
      throw new PenilaianRefused({
        ok: false,
        status: 422,
        field: "dana_rekomendasi",
        message: "Dana rekomendasi tidak boleh melebihi dana yang diusulkan.",
      });
    }
    let total = 0;
    const items: Record<string, unknown> = {};
    kriteria.forEach((k, i) => {
      const item = input.items[i]!;
      const nilai = k.bobot * item.skor;
      total += nilai;
      tx.insert(penilaianItem)
        .values({ id_penugasan: penugasanId, tahap: "substansi", kriteria: k.kriteria, urutan: k.urutan, bobot: k.bobot, skor: item.skor, nilai, justifikasi: item.justifikasi })
        .run();
      items[`skor_${k.urutan}`] = item.skor;
      items[`nilai_${k.urutan}`] = nilai;
      items[`justifikasi_${k.urutan}`] = item.justifikasi;
    });
    const after = tx
      .update(penugasanReviewer)
      .set({
        total_nilai: total,
        rekomendasi: input.rekomendasi satisfies Rekomendasi,
        dana_rekomendasi: input.dana_rekomendasi,
        catatan: input.catatan || null,
        substansi_at: now,
        updated_at: now,
      })
      .where(eq(penugasanReviewer.id, facts.penugasan.id))
      .returning()
      .get();
    logPenilaian(tx, facts, { ...after, ...items }, `Penilaian substansi ${usulanRef(facts.usulan.id)}: total ${total}`);
  });
}

/**
 * A reviewer's saved verdict in the activity log (entity "penilaian", id = the assignment): the
 * assignment's fields that changed and each criterion's answer ("skor_1", "justifikasi_1", …).
 */
function logPenilaian(tx: Db, facts: AssignmentFacts, after: Record<string, unknown>, summary: string) {
  domainChanged(tx, {
    entity: "penilaian",
    action: "tambah",
    id: facts.penugasan.id,
    before: facts.penugasan,
    after,
    summary: `${summary} (putaran ${facts.penugasan.putaran})`,
  });
}

/**
 * When every assignment of the round has its result (administrasi 'Tidak lolos', or the
 * substantive scores), the system moves the proposal; answers its status afterwards.
 */
function closeRoundIfDone(tx: Db, usulanId: number, putaran: number, now: Date): UsulanStatus {
  const rows = tx
    .select({ lolos: penugasanReviewer.administrasi_lolos, total: penugasanReviewer.total_nilai, substansi_at: penugasanReviewer.substansi_at })
    .from(penugasanReviewer)
    // A replaced reviewer's partial work counts for nothing: the round is its standing assignments.
    .where(and(eq(penugasanReviewer.id_usulan, usulanId), eq(penugasanReviewer.putaran, putaran), isNull(penugasanReviewer.ditutup)))
    .all();
  const status = tx.select({ status: usulan.status }).from(usulan).where(eq(usulan.id, usulanId)).get()?.status as UsulanStatus;
  const done = rows.length > 0 && rows.every((r) => r.lolos === false || r.substansi_at !== null);
  if (!done) return status;
  const gagal = rows.some((r) => r.lolos === false);
  const to: UsulanStatus = gagal ? "TIDAK_LOLOS" : "DINILAI";
  const nilai_rata = gagal ? undefined : rows.reduce((sum, r) => sum + (r.total ?? 0), 0) / rows.length;
  const result = transition(tx, usulanAdapter, SYSTEM, usulanId, to, { now, ...(nilai_rata === undefined ? {} : { nilai_rata }) });
  if (!result.ok) throw new PenilaianRefused({ ok: false, status: 409, message: result.message });
  return to;
}

// ---- The round's scores (the secretary's screen) -----------------------------------------------

export type SkorReviewer = Hasil & { penugasanId: number; reviewerId: number; nama: string; items: ItemTersimpan[] };

export type RoundScores = { putaran: number; reviewers: SkorReviewer[]; rata: number | null; selisihBesar: boolean };

/** Whether two reviewers' totals differ by more than 20 % of the maximum (700). */
export function isSelisihBesar(totals: readonly (number | null)[]): boolean {
  const scored = totals.filter((t): t is number => t !== null);
  if (scored.length < 2) return false;
  return Math.max(...scored) - Math.min(...scored) > SELISIH_BESAR;
}

/**
 * Each reviewer's result in round `putaran` of proposal `usulanId`: the administrative verdict,
 * the substantive total, recommendation, budget and items, and whether the totals disagree.
 */
export function roundScores(db: Db, usulanId: number, putaran: number): RoundScores {
  const rows = db
    .select({ p: penugasanReviewer, nama: users.name })
    .from(penugasanReviewer)
    .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
    .where(and(eq(penugasanReviewer.id_usulan, usulanId), eq(penugasanReviewer.putaran, putaran), sql`coalesce(${penugasanReviewer.ditutup}, '') <> 'DIGANTI'`))
    .orderBy(asc(penugasanReviewer.id))
    .all();
  const items = savedItems(db, rows.map((r) => r.p.id), "substansi");
  const reviewers = rows.map(({ p, nama }) => ({
    penugasanId: p.id,
    reviewerId: p.id_reviewer,
    nama,
    ...hasilOf(p),
    items: items.filter((i) => i.id_penugasan === p.id).map(({ id_penugasan: _, ...item }) => item),
  }));
  const totals = reviewers.map((r) => r.total_nilai);
  const scored = totals.filter((t): t is number => t !== null);
  return {
    putaran,
    reviewers,
    rata: scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : null,
    selisihBesar: isSelisihBesar(totals),
  };
}

export const USULAN_LABELS = USULAN_WORKFLOW.labels;

/**
 * The head's ranking board and batch decision per periode (LPPM.md: DIREKOMENDASIKAN → DIDANAI
 * (dana_disetujui) | TIDAK_DIDANAI, "average score, reviewers' spread, kuota left, anggaran left;
 * records nomor and tanggal SK; batch decision"). `tetapkan` is ONE transaction: the penetapan
 * row and every row's transition (each through usulanTransition, nested as a savepoint) happen
 * together or not at all; a refusal changes nothing.
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { penetapan, usulan, users } from "../../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { getPeriode, listPeriode, type Periode } from "~/domain/lppm/master/periode.server";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import { windowRefusal, type Actor } from "~/domain/lppm/workflow.server";
import { usulanTransition } from "~/domain/lppm/usulan/transition.server";
import { formatRupiah } from "~/lib/util/rupiah";
import { ringkasNilai } from "~/domain/lppm/penetapan/nilai.server";
import {
  ANGGARAN_TERLAMPAUI,
  DANA_MELEBIHI_USULAN,
  DANA_WAJIB,
  danaField,
  FUNDED_STATUSES,
  KUOTA_TERLAMPAUI,
  TIDAK_ADA_USULAN,
  USULAN_BERUBAH,
} from "~/domain/lppm/penetapan/penetapan";

/** The board shows at most this many proposals (ranked); a call never has near that many winners. */
export const BOARD_LIMIT = 500;
/**
 * Shown by default: the top of the ranking, where the winners are (kuota are a few dozen at
 * most); 'Tampilkan semua' shows up to BOARD_LIMIT. A batch decides only the rows it shows, so
 * the head decides the top, then the next ones appear.
 */
export const BOARD_TOP = 25;

export type Sisa = {
  kuotaTotal: number;
  judulDidanai: number;
  kuota: number;
  anggaranTotal: number;
  danaTerpakai: number;
  anggaran: number;
};

/** What is left of a periode's kuota and anggaran: everything already funded counts. */
export function sisaPeriode(db: Db, p: Pick<Periode, "id" | "kuota_judul" | "anggaran_total">): Sisa {
  const used = db
    .select({ n: sql<number>`count(*)`, dana: sql<number>`coalesce(sum(${usulan.dana_disetujui}), 0)` })
    .from(usulan)
    .where(and(eq(usulan.id_periode, p.id), inArray(usulan.status, [...FUNDED_STATUSES])))
    .get() ?? { n: 0, dana: 0 };
  return {
    kuotaTotal: p.kuota_judul,
    judulDidanai: used.n,
    kuota: p.kuota_judul - used.n,
    anggaranTotal: p.anggaran_total,
    danaTerpakai: used.dana,
    anggaran: p.anggaran_total - used.dana,
  };
}

export type BoardRow = {
  id: number;
  peringkat: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  ketua: string;
  nidn: string | null;
  status: UsulanStatus;
  nilai_rata: number | null;
  totals: (number | null)[];
  selisih: number | null;
  selisihBesar: boolean;
  dana_diusulkan: number;
  dana_rekomendasi: number | null;
  dana_disetujui: number | null;
  id_penetapan: number | null;
};

/** Proposals of a periode in `statuses`, ranked by average score (highest first). */
export function rankedUsulan(db: Db, periodeId: number, statuses: readonly UsulanStatus[], limit = BOARD_LIMIT): BoardRow[] {
  // The boards of the secretary and the head: built once per set of statuses (the callers'
  // constants), the periode and the limit filled per call.
  const rows = preparedQuery(db, `rankedUsulan:${statuses.join(",")}`, (d) =>
    d
      .select({
        id: usulan.id,
        judul: usulan.judul,
        jenis: usulan.jenis,
        ketua: users.name,
        nidn: users.nidn,
        status: usulan.status,
        nilai_rata: usulan.nilai_rata,
        putaran_review: usulan.putaran_review,
        dana_diusulkan: usulan.dana_diusulkan,
        dana_disetujui: usulan.dana_disetujui,
        id_penetapan: usulan.id_penetapan,
      })
      .from(usulan)
      .innerJoin(users, eq(users.id, usulan.id_ketua))
      .where(and(eq(usulan.id_periode, sql.placeholder("periodeId")), inArray(usulan.status, [...statuses])))
      .orderBy(sql`${usulan.nilai_rata} is null`, desc(usulan.nilai_rata), asc(usulan.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  ).all({ periodeId, limit });
  const nilai = ringkasNilai(db, rows);
  return rows.map(({ putaran_review: _p, ...row }, i) => {
    const n = nilai.get(row.id);
    return {
      ...row,
      peringkat: i + 1,
      status: row.status as UsulanStatus,
      totals: n?.totals ?? [],
      selisih: n?.selisih ?? null,
      selisihBesar: n?.selisihBesar ?? false,
      dana_rekomendasi: n?.danaRekomendasi ?? null,
    };
  });
}

export type SkBatch = { id: number; nomor_sk: string; tanggal_sk: Date; didanai: number; tidak_didanai: number };

/** The SK batches already decided in a periode, newest first. */
export function listPenetapan(db: Db, periodeId: number): SkBatch[] {
  return db
    .select({
      id: penetapan.id,
      nomor_sk: penetapan.nomor_sk,
      tanggal_sk: penetapan.tanggal_sk,
      // Qualified by hand: drizzle leaves a single table's columns unqualified.
      didanai: sql<number>`(select count(*) from usulan u where u.id_penetapan = "penetapan"."id" and u.status <> 'TIDAK_DIDANAI')`,
      tidak_didanai: sql<number>`(select count(*) from usulan u where u.id_penetapan = "penetapan"."id" and u.status = 'TIDAK_DIDANAI')`,
    })
    .from(penetapan)
    .where(eq(penetapan.id_periode, periodeId))
    .orderBy(desc(penetapan.id))
    .all();
}

export type Board = {
  periodes: { id: number; label: string }[];
  periode: Periode | null;
  rows: BoardRow[];
  /** How many proposals wait on the board in all (rows may show only the top). */
  total: number;
  sisa: Sisa | null;
  batches: SkBatch[];
  /** Why 'Tetapkan' is refused now (the penetapan window), or null when it is open. */
  windowClosed: string | null;
};

/** The board of periode `periodeId` (default: the newest periode): its top, or `semua` of it. */
export function rankingBoard(db: Db, periodeId: number | null, now = new Date(), { semua = false }: { semua?: boolean } = {}): Board {
  const periodes = listPeriode(db).map((p) => ({ id: p.id, label: `${p.label} (${p.skema.jenis === "penelitian" ? "Penelitian" : "Pengabdian"})` }));
  const chosen = periodeId ?? periodes[0]?.id ?? null;
  const p = chosen ? getPeriode(db, chosen) : null;
  if (!p) return { periodes, periode: null, rows: [], total: 0, sisa: null, batches: [], windowClosed: null };
  const total =
    db
      .select({ n: count() })
      .from(usulan)
      .where(and(eq(usulan.id_periode, p.id), eq(usulan.status, "DIREKOMENDASIKAN")))
      .get()?.n ?? 0;
  return {
    periodes,
    periode: p,
    rows: rankedUsulan(db, p.id, ["DIREKOMENDASIKAN"], semua ? BOARD_LIMIT : BOARD_TOP),
    total,
    sisa: sisaPeriode(db, p),
    batches: listPenetapan(db, p.id),
    windowClosed: windowRefusal("penetapan", p.windows.penetapan, now),
  };
}

export type KeputusanBaris = { id: number; didanai: boolean; dana: number | null };

export type TetapkanInput = {
  periodeId: number;
  nomor_sk: string;
  tanggal_sk: Date;
  rows: readonly KeputusanBaris[];
  now?: Date;
};

export type TetapkanResult =
  | { ok: true; penetapanId: number; didanai: number; tidakDidanai: number }
  | { ok: false; status: 403 | 404 | 409 | 422; message: string; fieldErrors?: Record<string, string[]> };

type Refused = Extract<TetapkanResult, { ok: false }>;

/** Thrown inside the transaction to roll the whole batch back. */
class BatchRefused extends Error {
  constructor(readonly refusal: Refused) {
    super(refusal.message);
  }
}


function check(tx: Db, input: TetapkanInput, now: Date): Refused | null {
  const p = getPeriode(tx, input.periodeId);
  if (!p) return { ok: false, status: 404, message: "Periode tidak ditemukan." };
  const closed = windowRefusal("penetapan", p.windows.penetapan, now);
  if (closed) return { ok: false, status: 409, message: closed };
  if (input.rows.length === 0) return { ok: false, status: 422, message: TIDAK_ADA_USULAN };
  const ids = input.rows.map((r) => r.id);
  if (new Set(ids).size !== ids.length) return { ok: false, status: 422, message: USULAN_BERUBAH };
  const current = tx
    .select({ id: usulan.id, status: usulan.status, id_periode: usulan.id_periode, dana_diusulkan: usulan.dana_diusulkan })
    .from(usulan)
    .where(inArray(usulan.id, ids))
    .all();
  const byId = new Map(current.map((r) => [r.id, r]));
  if (input.rows.some((r) => byId.get(r.id)?.status !== "DIREKOMENDASIKAN" || byId.get(r.id)?.id_periode !== p.id)) {
    return { ok: false, status: 409, message: USULAN_BERUBAH };
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const row of input.rows) {
    if (!row.didanai) continue;
    if (row.dana === null || row.dana <= 0) fieldErrors[danaField(row.id)] = [DANA_WAJIB];
    else if (row.dana > byId.get(row.id)!.dana_diusulkan) fieldErrors[danaField(row.id)] = [DANA_MELEBIHI_USULAN];
  }
  if (Object.keys(fieldErrors).length) {
    return { ok: false, status: 422, message: Object.values(fieldErrors)[0]![0]!, fieldErrors };
  }
  const chosen = input.rows.filter((r) => r.didanai);
  const sisa = sisaPeriode(tx, p);
  if (chosen.length > sisa.kuota) return { ok: false, status: 422, message: KUOTA_TERLAMPAUI(chosen.length, Math.max(0, sisa.kuota)) };
  const total = chosen.reduce((sum, r) => sum + (r.dana ?? 0), 0);
  if (total > sisa.anggaran) {
    return { ok: false, status: 422, message: ANGGARAN_TERLAMPAUI(formatRupiah(total), formatRupiah(Math.max(0, sisa.anggaran))) };
  }
  return null;
}

/**
 * Decides a batch: one penetapan row (the SK), each chosen row DIDANAI with its dana_disetujui,
 * every other posted row TIDAK_DIDANAI. Refused as a whole — nothing written — outside the
 * penetapan window, over the kuota or the anggaran left, with a bad amount, or when any row is
 * no longer DIREKOMENDASIKAN in this periode (someone else decided it first).
 */
export function tetapkan(db: Db, actor: Actor, input: TetapkanInput): TetapkanResult {
  const now = input.now ?? new Date();
  try {
    return db.transaction((tx) => {
      const refused = check(tx, input, now);
      if (refused) throw new BatchRefused(refused);
      const sk = tx
        .insert(penetapan)
        .values({ id_periode: input.periodeId, nomor_sk: input.nomor_sk, tanggal_sk: input.tanggal_sk, id_user: actor.id, created_at: now, updated_at: now })
        .returning()
        .get();
      const penetapanId = sk.id;
      const chosen = input.rows.filter((r) => r.didanai).length;
      // The SK itself; each proposal's move (DIDANAI / TIDAK_DIDANAI) is recorded by the engine.
      domainChanged(tx, {
        entity: "penetapan",
        action: "tambah",
        id: penetapanId,
        before: null,
        after: sk,
        summary: `SK ${input.nomor_sk}: ${chosen} usulan didanai, ${input.rows.length - chosen} tidak didanai`,
      });
      for (const row of input.rows) {
        const result = usulanTransition(tx, actor, row.id, row.didanai ? "DIDANAI" : "TIDAK_DIDANAI", {
          now,
          id_penetapan: penetapanId,
          ...(row.didanai ? { dana_disetujui: row.dana } : {}),
        });
        if (!result.ok) throw new BatchRefused({ ok: false, status: result.status, message: result.message });
      }
      const didanai = input.rows.filter((r) => r.didanai).length;
      return { ok: true as const, penetapanId, didanai, tidakDidanai: input.rows.length - didanai };
    });
  } catch (error) {
    if (error instanceof BatchRefused) return error.refusal;
    throw error;
  }
}

/**
 * The secretary's verification (DINILAI → DIVERIFIKASI | DIKEMBALIKAN_KE_REVIEW) and the head's
 * approval (DIVERIFIKASI → DIREKOMENDASIKAN | DITOLAK): one list and one detail for both, each
 * screen with its own statuses and decisions (`SEKRETARIS`, `KEPALA`). Every decision goes
 * through usulanTransition (role, status and note are checked there, in one transaction).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { periode, skema, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { Page } from "~/lib/server/paging.server";
import { usulanListPage, type UsulanListBase } from "~/domain/lppm/penetapan/usulan-list.server";
import type { TableState } from "~/lib/util/table-state";
import { periodeLabel } from "~/domain/lppm/master/periode.server";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { statusTimeline, type Actor, type TimelineEntry } from "~/domain/lppm/workflow.server";
import { usulanTransition, type UsulanTransitionResult } from "~/domain/lppm/usulan/transition.server";
import { KEPALA_STATUSES, SEKRETARIS_STATUSES, selisihBesar, SELISIH_BATAS } from "~/domain/lppm/penetapan/penetapan";
import { penilaianUsulan, type PutaranPenilaian } from "~/domain/lppm/penetapan/nilai.server";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";
import { bukaKembaliTujuan } from "~/domain/lppm/usulan/override.server";

export type Keputusan = "setujui" | "kembalikan" | "tolak";

/** One approval screen: the statuses it lists and the decision each button makes from its first status. */
export type PersetujuanScreen = {
  statuses: readonly UsulanStatus[];
  /** The status it decides on (its list's default filter). */
  from: UsulanStatus;
  decisions: Partial<Record<Keputusan, UsulanStatus>>;
};

export const SEKRETARIS: PersetujuanScreen = {
  statuses: SEKRETARIS_STATUSES,
  from: "DINILAI",
  decisions: { setujui: "DIVERIFIKASI", kembalikan: "DIKEMBALIKAN_KE_REVIEW" },
};

export const KEPALA: PersetujuanScreen = {
  statuses: KEPALA_STATUSES,
  from: "DIVERIFIKASI",
  decisions: { setujui: "DIREKOMENDASIKAN", tolak: "DITOLAK" },
};

export type PersetujuanRow = UsulanListBase & {
  nilai_rata: number | null;
  dana_diusulkan: number;
  selisih: number | null;
  selisihBesar: boolean;
};

/** The current round's spread of totals, in SQL (null with fewer than two totals). */
const selisihSql = sql<number | null>`(
  select case when count(p.total_nilai) >= 2 then max(p.total_nilai) - min(p.total_nilai) end
  from penugasan_reviewer p
  where p.id_usulan = "usulan"."id" and p.putaran = "usulan"."putaran_review" and p.ditutup is null)`;

/** A page of proposals in `statuses`, searched by title or ketua, newest first. */
export function listPersetujuanPage(db: Db, state: TableState, statuses: readonly UsulanStatus[]): Page<PersetujuanRow> {
  const page = usulanListPage(db, state, inArray(usulan.status, [...statuses]), {
    nilai_rata: usulan.nilai_rata,
    dana_diusulkan: usulan.dana_diusulkan,
    selisih: selisihSql,
  });
  return { ...page, rows: page.rows.map((row) => ({ ...row, selisihBesar: row.selisih !== null && row.selisih > SELISIH_BATAS })) };
}

export type PersetujuanDetail = {
  id: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  status: UsulanStatus;
  ketua: string;
  nidn: string | null;
  periode: string;
  ringkasan: string;
  dana_diusulkan: number;
  nilai_rata: number | null;
  putaran_review: number;
  rounds: PutaranPenilaian[];
  /** The current round's flag. */
  selisihBesar: boolean;
  timeline: TimelineEntry[];
  /** Where 'Buka Kembali' would take this decided proposal (a Ditolak, Tidak Lolos or Tidak Didanai), or null. */
  bukaKembali: UsulanStatus | null;
};

/** A proposal in one of `statuses` with every review round and its timeline, or null. */
export function getPersetujuanDetail(db: Db, id: number, statuses: readonly UsulanStatus[]): PersetujuanDetail | null {
  const row = withKonteks(db.select({ usulan, ketua: users.name, nidn: users.nidn, tahun: periode.tahun, skema: skema.nama }).from(usulan).$dynamic())
    .where(and(eq(usulan.id, id), inArray(usulan.status, [...statuses])))
    .get();
  if (!row) return null;
  const rounds = penilaianUsulan(db, id);
  const current = rounds.find((r) => r.putaran === row.usulan.putaran_review);
  return {
    id,
    judul: row.usulan.judul,
    jenis: row.usulan.jenis,
    status: row.usulan.status as UsulanStatus,
    ketua: row.ketua,
    nidn: row.nidn,
    periode: periodeLabel({ tahun: row.tahun }, { nama: row.skema }),
    ringkasan: row.usulan.ringkasan,
    dana_diusulkan: row.usulan.dana_diusulkan,
    nilai_rata: row.usulan.nilai_rata,
    putaran_review: row.usulan.putaran_review,
    rounds,
    selisihBesar: current ? selisihBesar(current.reviews.map((r) => r.total_nilai)) : false,
    timeline: statusTimeline(db, USULAN_WORKFLOW, id),
    bukaKembali: bukaKembaliTujuan(db, id),
  };
}

export const KEPUTUSAN_TIDAK_DIKENAL = "Keputusan tidak dikenal.";

/**
 * Makes a screen's decision on proposal `id`. Returning it to review opens a new round
 * (putaran_review + 1): the earlier round's scores stay as history.
 */
export function putuskan(
  db: Db,
  screen: PersetujuanScreen,
  actor: Actor,
  id: number,
  keputusan: Keputusan,
  note: string | null,
  now = new Date(),
): UsulanTransitionResult {
  const to = screen.decisions[keputusan];
  if (!to) return { ok: false, status: 422, message: KEPUTUSAN_TIDAK_DIKENAL };
  const putaran = db.select({ putaran: usulan.putaran_review }).from(usulan).where(eq(usulan.id, id)).get()?.putaran ?? 0;
  return usulanTransition(db, actor, id, to, {
    note,
    now,
    ...(to === "DIKEMBALIKAN_KE_REVIEW" ? { putaran_review: putaran + 1 } : {}),
  });
}

/**
 * The secretary's verification (DINILAI → DIVERIFIKASI | DIKEMBALIKAN_KE_REVIEW) and the head's
 * approval (DIVERIFIKASI → DIREKOMENDASIKAN | DITOLAK): one list and one detail for both, each
 * screen with its own statuses and decisions (`SEKRETARIS`, `KEPALA`). Every decision goes
 * through usulanTransition (role, status and note are checked there, in one transaction).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { usulan } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { Page } from "~/lib/server/paging.server";
import { usulanListPage, type UsulanListBase } from "~/domain/lppm/penetapan/usulan-list.server";
import type { TableState } from "~/lib/util/table-state";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import type { Actor } from "~/domain/lppm/workflow.server";
import { usulanTransition, type UsulanTransitionResult } from "~/domain/lppm/usulan/transition.server";
import { KEPALA_STATUSES, SEKRETARIS_STATUSES, SELISIH_BATAS } from "~/domain/lppm/penetapan/penetapan";
import { usulanDetail, type UsulanDetail } from "~/domain/lppm/usulan/read.server";
import type { UsulanViewer } from "~/domain/lppm/usulan/access.server";
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

/**
 * A proposal on an approval screen: the whole record as the shared detail shows it (documents,
 * RAB, team, luaran, every review round with the reviewers' names, timeline) and the current
 * round's 'Selisih nilai reviewer > 20%' flag, and where 'Buka Kembali' would take a decided
 * proposal (a Ditolak, Tidak Lolos or Tidak Didanai), or null.
 */
export type PersetujuanDetail = UsulanDetail & { selisihBesar: boolean; bukaKembali: UsulanStatus | null };

/** A proposal in one of `statuses` as `viewer` (the secretary, the head) reads it, or null. */
export function getPersetujuanDetail(db: Db, viewer: UsulanViewer, id: number, statuses: readonly UsulanStatus[]): PersetujuanDetail | null {
  const detail = usulanDetail(db, viewer, id);
  if (!detail?.penilaian || !statuses.includes(detail.usulan.status)) return null;
  const current = detail.penilaian.rounds.find((r) => r.putaran === detail.penilaian!.current);
  return { ...detail, selisihBesar: current?.selisihBesar ?? false, bukaKembali: bukaKembaliTujuan(db, id) };
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

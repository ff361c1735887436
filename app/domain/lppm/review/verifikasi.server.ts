/**
 * The faculty verifier's screen (OperatorFakultasPersetujuanUsulanReguler): the submitted
 * proposals whose ketua belongs to the faculty the verifier verifies for
 * (users.id_fakultas_verifikasi = the ketua's prodi's fakultas), and the decision — 'Setujui',
 * 'Kembalikan', 'Tolak' — through usulanTransition (the engine checks role, faculty, status and
 * note in one transaction: two verifiers deciding at once cannot both win).
 */
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { periode, prodi, skema, usulan, users } from "../../../../db/schema";
import { fakultasVerifikasi } from "~/domain/users/users.server";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { periodeLabel } from "~/domain/lppm/master/periode.server";
import { usulanAccess, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { usulanTransition, type UsulanTransitionResult } from "~/domain/lppm/usulan/transition.server";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import { VERIFIKASI_STATUSES } from "~/domain/lppm/review/statuses";
import type { Actor } from "~/domain/lppm/workflow.server";
import { KEPUTUSAN_FAKULTAS, type KeputusanFakultas } from "~/domain/lppm/review/review.schema";
import { usulanDetail, type UsulanDetail } from "~/domain/lppm/usulan/read.server";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";

export type UsulanBaris = {
  id: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  ketua: string;
  prodi: string | null;
  periode: string;
  status: UsulanStatus;
  dana_diusulkan: number;
  diajukan_at: Date | null;
};

/** A status filter value: one status, or "semua" (every status the screen lists). */
export type StatusFilter = UsulanStatus | "semua";

export { VERIFIKASI_STATUSES };

/** The rows of a proposal list under `where`, searched by title or ketua, `first` first, then the newest. */
export function usulanPage(db: Db, state: TableState, where: SQL | undefined, first: SQL[] = []): Page<UsulanBaris> {
  const search = searchIn(state, usulan.judul, users.name);
  const condition = and(where, search);
  const base = () =>
    withKonteks(
      db
        .select({
          id: usulan.id,
          judul: usulan.judul,
          jenis: usulan.jenis,
          ketua: users.name,
          prodi: prodi.nama,
          tahun: periode.tahun,
          skema: skema.nama,
          status: usulan.status,
          dana_diusulkan: usulan.dana_diusulkan,
          diajukan_at: usulan.diajukan_at,
        })
        .from(usulan)
        .$dynamic(),
    );
  return paged(
    state,
    () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(usulan)
        .innerJoin(users, eq(users.id, usulan.id_ketua))
        .leftJoin(prodi, eq(prodi.id, users.id_prodi))
        .where(condition)
        .get()?.n ?? 0,
    (limit, offset) =>
      base()
        .where(condition)
        .orderBy(...first, desc(usulan.diajukan_at), desc(usulan.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(({ tahun, skema: namaSkema, status, ...row }) => ({
          ...row,
          status: status as UsulanStatus,
          periode: periodeLabel({ tahun }, { nama: namaSkema }),
        })),
  );
}

export function statusCondition(filter: StatusFilter, offered: readonly UsulanStatus[]): SQL {
  return filter === "semua"
    ? sql`${usulan.status} in (${sql.join(offered.map((s) => sql`${s}`), sql`, `)})`
    : eq(usulan.status, filter);
}

/** The verifier's list: proposals of their faculty (none when they verify for no faculty). */
export function listVerifikasi(db: Db, verifierId: number, state: TableState, filter: StatusFilter): Page<UsulanBaris> & { fakultas: boolean } {
  const fakultasId = fakultasVerifikasi(db, verifierId);
  if (fakultasId === null) return { rows: [], total: 0, page: 1, size: state.size, offset: 0, q: state.q, fakultas: false };
  const where = and(eq(prodi.id_fakultas, fakultasId), ne(usulan.status, "DRAF"), statusCondition(filter, VERIFIKASI_STATUSES));
  return { ...usulanPage(db, state, where), fakultas: true };
}

export type VerifikasiDetail = {
  detail: UsulanDetail;
  keputusan: { key: KeputusanFakultas; label: string; noteRequired: boolean }[];
};

/** The proposal as its verifier sees it (null: not theirs to see — answered as 404). */
export function getVerifikasi(db: Db, viewer: UsulanViewer, id: number): VerifikasiDetail | null {
  const detail = usulanDetail(db, viewer, id);
  if (!detail?.access.relations.includes("verifikator")) return null;
  const keputusan =
    detail.usulan.status === "DIAJUKAN"
      ? (Object.keys(KEPUTUSAN_FAKULTAS) as KeputusanFakultas[]).map((key) => ({
          key,
          label: KEPUTUSAN_FAKULTAS[key].label,
          noteRequired: key !== "setujui",
        }))
      : [];
  return { detail, keputusan };
}

/**
 * The verifier's decision on proposal `id`. A proposal outside their faculty answers 404 (it
 * is not theirs to know of); the rest is the engine's verdict.
 */
export function putuskanFakultas(
  db: Db,
  actor: Actor,
  id: number,
  keputusan: KeputusanFakultas,
  catatan: string,
  now = new Date(),
): UsulanTransitionResult {
  const access = usulanAccess(db, actor, id);
  if (!access?.relations.includes("verifikator")) return { ok: false, status: 404, message: NOT_FOUND };
  return usulanTransition(db, actor, id, KEPUTUSAN_FAKULTAS[keputusan].to, { note: catatan || null, now });
}


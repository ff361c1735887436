/**
 * Monev Internal (LPPM.md "Execution"). Once a running project's progress report is
 * accepted, the Operator assigns it one monev reviewer (active, holding a reviewer role, not on
 * its team) with a deadline — reassigning is possible until it is scored. The reviewer, within
 * the periode's monev window, scores every criterion of the monev rubric 0–100 with a berita
 * acara (PDF): DITUGASKAN → DINILAI through the workflow engine, the scores, total and file in
 * the same transaction. OperatorMonevInternal lists every project's monev with its scores and
 * grade for the Operator and the Kepala.
 */
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { monev, monevItem, usulan, usulanAnggota, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { usulanRef } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { extendRows, type Page } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import { queueMessages, sendQueued } from "~/domain/notifications/outbox.server";
import { namaLppm } from "~/domain/setting/setting.server";
import { usulanListPage, type UsulanListBase } from "~/domain/lppm/penetapan/usulan-list.server";
import { usulanAccess, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { usulanAdapter } from "~/domain/lppm/usulan/transition.server";
import { getPeriode } from "~/domain/lppm/master/periode.server";
import { rubrikFor } from "~/domain/lppm/master/rubrik.server";
import { activeReviewer, REVIEWER_TIDAK_VALID, TENGGAT_LEWAT } from "~/domain/lppm/review/penugasan.server";
import { laporanFor, type LaporanDetail } from "~/domain/lppm/laporan/read.server";
import { MONEV_WORKFLOW, type MonevStatus, type UsulanStatus } from "~/domain/lppm/workflow";
import {
  checkTransition,
  logCreated,
  NOT_PERMITTED,
  NOTE_REQUIRED,
  Refused,
  refusedOr,
  statusTimeline,
  transition,
  windowRefusal,
  type Actor,
  type TimelineEntry,
  type TransitionInput,
  type TransitionResult,
  type WorkflowAdapter,
} from "~/domain/lppm/workflow.server";
import type { StageWindow } from "~/domain/lppm/stage-window";
import { documentResponse, fileNotFound, removeDocument, storeDocument } from "~/lib/server/documents.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { lewatTenggat, TENGGAT_TIDAK_MAJU } from "~/domain/lppm/tenggat";
import { BERITA_ACARA_WAJIB, monevGrade, monevTotal, type MonevFilter, type MonevGrade, type MonevTugasInput } from "~/domain/lppm/monev/monev";
import type { WorkflowRefusal } from "~/domain/refusal";

export const MONEV_BELUM_BOLEH = "Monev dapat ditugaskan setelah laporan kemajuan diterima.";
export const MONEV_BUKAN_BERJALAN = "Monev hanya untuk kegiatan yang sedang berjalan.";
export const MONEV_SUDAH_DINILAI = "Monev kegiatan ini sudah dinilai.";
export const MONEV_REVIEWER_TIDAK_VALID = REVIEWER_TIDAK_VALID;
export const MONEV_TENGGAT_LEWAT = TENGGAT_LEWAT;
export const RUBRIK_MONEV_BELUM_ADA = "Rubrik monev untuk jenis kegiatan ini belum ada.";

export type MonevRefusal = WorkflowRefusal;


// ---- The engine's plug ---------------------------------------------------------------------------

type Nilai = { items: { urutan: number; kriteria: string; bobot: number; skor: number }[]; catatan: string; beritaAcara: { file: string; nama_file: string; ukuran: number } };
type MonevInput = TransitionInput & { nilai?: Nilai };

/** A monev is checked as its project is (ketua, team, windows), its reviewer the one assigned. */
const adapter: WorkflowAdapter<MonevStatus, MonevInput> = {
  workflow: MONEV_WORKFLOW,
  load(db, id) {
    const row = db.select({ id_usulan: monev.id_usulan, status: monev.status, id_reviewer: monev.id_reviewer }).from(monev).where(eq(monev.id, id)).get();
    const project = row ? usulanAdapter.load(db, row.id_usulan) : null;
    if (!row || !project) return null;
    return { ...project, status: row.status as MonevStatus, assignedIds: [row.id_reviewer] };
  },
  write(tx, id, to, input) {
    const now = input.now ?? new Date();
    const nilai = input.nilai;
    if (!nilai) throw new Error("A monev is scored with its scores.");
    tx.update(monev)
      .set({
        status: to,
        total_nilai: monevTotal(nilai.items),
        catatan: nilai.catatan || null,
        berita_acara_file: nilai.beritaAcara.file,
        berita_acara_nama: nilai.beritaAcara.nama_file,
        berita_acara_ukuran: nilai.beritaAcara.ukuran,
        dinilai_at: now,
        updated_at: now,
      })
      .where(eq(monev.id, id))
      .run();
    tx.insert(monevItem).values(nilai.items.map((item) => ({ id_monev: id, ...item }))).run();
  },
  fakultasOf: usulanAdapter.fakultasOf,
  verifiersOf: usulanAdapter.verifiersOf,
};

/** A monev row as the activity log keeps it: the berita acara by name and size, never its stored path. */
function monevLog(row: typeof monev.$inferSelect) {
  const { berita_acara_file: _file, ...rest } = row;
  return rest;
}

// ---- The office's list ---------------------------------------------------------------------------

export type MonevRow = UsulanListBase & {
  monev_status: MonevStatus | null;
  reviewer: string | null;
  tenggat: Date | null;
  /** Assigned, not yet scored, and past its deadline. */
  lewat: boolean;
  total_nilai: number | null;
  grade: MonevGrade | null;
};

/** Due for monev: the accepted progress reports (driven from laporan_jenis_status_idx, not a probe per proposal). */
const KEMAJUAN_DITERIMA = sql`"usulan"."id" in (select l.id_usulan from laporan l where l.jenis = 'kemajuan' and l.status = 'DITERIMA')`;

function withMonev(db: Db, page: Page<UsulanListBase>, now: Date): Page<MonevRow> {
  return extendRows(
    page,
    (ids) =>
      db
        .select({ id_usulan: monev.id_usulan, status: monev.status, reviewer: users.name, tenggat: monev.tenggat, total_nilai: monev.total_nilai })
        .from(monev)
        .innerJoin(users, eq(users.id, monev.id_reviewer))
        .where(inArray(monev.id_usulan, ids))
        .all(),
    (row, rows) => {
      const m = rows.find((r) => r.id_usulan === row.id);
      return {
        monev_status: (m?.status as MonevStatus | undefined) ?? null,
        reviewer: m?.reviewer ?? null,
        tenggat: m?.tenggat ?? null,
        lewat: m?.status === "DITUGASKAN" && lewatTenggat(m.tenggat, now),
        total_nilai: m?.total_nilai ?? null,
        grade: m?.total_nilai === null || m?.total_nilai === undefined ? null : monevGrade(m.total_nilai),
      };
    },
  );
}

/** Every project due for monev (its progress report accepted), with its monev; `filter` narrows it. */
export function listMonevKantor(db: Db, state: TableState, filter: MonevFilter, now = new Date()): Page<MonevRow> {
  const conditions: SQL[] = [inArray(usulan.status, ["BERJALAN", "SELESAI"]), KEMAJUAN_DITERIMA];
  if (filter === "belum") conditions.push(sql`"usulan"."id" not in (select m.id_usulan from monev m)`);
  if (filter === "DITUGASKAN" || filter === "DINILAI") conditions.push(sql`"usulan"."id" in (select m.id_usulan from monev m where m.status = ${filter})`);
  return withMonev(db, usulanListPage(db, state, and(...conditions), {}), now);
}

/** The reviewer's monev assignments (to score, or scored), with their deadline. */
export function listMonevReviewer(db: Db, reviewerId: number, state: TableState, status: MonevStatus | null, now = new Date()): Page<MonevRow> {
  const mine = status
    ? sql`exists (select 1 from monev m where m.id_usulan = "usulan"."id" and m.id_reviewer = ${reviewerId} and m.status = ${status})`
    : sql`exists (select 1 from monev m where m.id_usulan = "usulan"."id" and m.id_reviewer = ${reviewerId})`;
  return withMonev(db, usulanListPage(db, state, mine, {}), now);
}

// ---- One project's monev -------------------------------------------------------------------------

export type MonevDetail = {
  usulan: { id: number; judul: string; jenis: "penelitian" | "pengabdian"; status: UsulanStatus; ketua: string; periode: string };
  /** The accepted progress report the monev looks at (its figures, PDF and outputs). */
  kemajuan: LaporanDetail | null;
  monev: {
    id: number;
    status: MonevStatus;
    id_reviewer: number;
    reviewer: string;
    tenggat: Date;
    /** Not yet scored and past its deadline. */
    lewat: boolean;
    total_nilai: number | null;
    grade: MonevGrade | null;
    catatan: string | null;
    beritaAcara: { nama_file: string; ukuran: number } | null;
    items: { urutan: number; kriteria: string; bobot: number; skor: number }[];
  } | null;
  /** The monev rubric of the project's kind (the criteria to score, with the operator's guidance if any). */
  kriteria: { urutan: number; kriteria: string; bobot: number; panduan: string | null }[];
  window: StageWindow | null;
  windowClosed: string | null;
  /** The progress report is accepted, the project runs and the monev is not yet scored. */
  canAssign: boolean;
  /** The Operator may extend the reviewer's deadline: assigned and not yet scored. */
  canExtend: boolean;
  /** The viewer is the assigned reviewer and may score now (window open, not yet scored). */
  canScore: boolean;
  timeline: TimelineEntry[];
};

/**
 * The monev of project `usulanId` for the LPPM office or its assigned monev reviewer, or null
 * (anyone else, or a project not running or finished). The reviewer meets the team, so the
 * project is never blinded here.
 */
export function getMonev(db: Db, viewer: UsulanViewer, usulanId: number, now = new Date()): MonevDetail | null {
  const access = usulanAccess(db, viewer, usulanId);
  if (!access?.canView || !["BERJALAN", "SELESAI"].includes(access.usulan.status)) return null;
  const row = db
    .select({ monev, reviewer: users.name })
    .from(monev)
    .innerJoin(users, eq(users.id, monev.id_reviewer))
    .where(eq(monev.id_usulan, usulanId))
    .get();
  const office = access.relations.includes("lppm");
  const assigned = row?.monev.id_reviewer === viewer.id && access.relations.includes("monev");
  if (!office && !assigned) return null;
  const ketua = db.select({ name: users.name }).from(users).where(eq(users.id, access.usulan.id_ketua)).get()?.name ?? "";
  const periode = getPeriode(db, access.usulan.id_periode);
  const rubrik = rubrikFor(db, access.usulan.jenis, "monev");
  const kemajuan = laporanFor(db, access, "kemajuan", now);
  const window = periode?.windows.monev ?? null;
  const windowClosed = windowRefusal("monev", window ?? undefined, now);
  const m = row?.monev;
  const items = m ? db.select().from(monevItem).where(eq(monevItem.id_monev, m.id)).orderBy(monevItem.urutan).all() : [];
  const kemajuanDiterima = kemajuan?.laporan?.status === "DITERIMA";
  return {
    usulan: { id: usulanId, judul: access.usulan.judul, jenis: access.usulan.jenis, status: access.usulan.status, ketua, periode: periode?.label ?? "" },
    kemajuan: kemajuan?.laporan && kemajuan.laporan.status !== "DRAF" ? kemajuan : null,
    monev: m
      ? {
          id: m.id,
          status: m.status as MonevStatus,
          id_reviewer: m.id_reviewer,
          reviewer: row.reviewer,
          tenggat: m.tenggat,
          lewat: m.status === "DITUGASKAN" && lewatTenggat(m.tenggat, now),
          total_nilai: m.total_nilai,
          grade: m.total_nilai === null ? null : monevGrade(m.total_nilai),
          catatan: m.catatan,
          beritaAcara: m.berita_acara_nama ? { nama_file: m.berita_acara_nama, ukuran: m.berita_acara_ukuran ?? 0 } : null,
          items: items.map(({ urutan, kriteria, bobot, skor }) => ({ urutan, kriteria, bobot, skor })),
        }
      : null,
    kriteria: (rubrik?.kriteria ?? []).map((k, i) => ({ urutan: i + 1, kriteria: k.kriteria, bobot: k.bobot, panduan: k.panduan })),
    window,
    windowClosed,
    canAssign: office && viewer.roles.includes("Operator") && access.usulan.status === "BERJALAN" && kemajuanDiterima && m?.status !== "DINILAI",
    canExtend: office && viewer.roles.includes("Operator") && m?.status === "DITUGASKAN",
    canScore: assigned && m?.status === "DITUGASKAN" && !windowClosed,
    timeline: m ? statusTimeline(db, MONEV_WORKFLOW, m.id) : [],
  };
}

// ---- Assigning -----------------------------------------------------------------------------------

/**
 * The Operator assigns (or, until it is scored, reassigns) project `usulanId`'s monev reviewer
 * with a deadline; the reviewer and the ketua hear of it. One transaction.
 */
export function tugaskanMonev(db: Db, actor: Actor, usulanId: number, input: MonevTugasInput, now = new Date()): { ok: true } | MonevRefusal {
  if (!actor.roles.includes("Operator")) return { ok: false, status: 403, message: NOT_PERMITTED };
  const outcome = db.transaction((tx): { result: { ok: true } | MonevRefusal; queued: number[] } => {
    const refuse = (refusal: MonevRefusal) => ({ result: refusal, queued: [] });
    const project = tx.select({ status: usulan.status, judul: usulan.judul, ketua: usulan.id_ketua }).from(usulan).where(eq(usulan.id, usulanId)).get();
    if (!project) return refuse({ ok: false, status: 404, message: NOT_FOUND });
    if (project.status !== "BERJALAN") return refuse({ ok: false, status: 409, message: MONEV_BUKAN_BERJALAN });
    if (!tx.get<{ ok: 1 } | undefined>(sql`select 1 as ok from laporan where id_usulan = ${usulanId} and jenis = 'kemajuan' and status = 'DITERIMA'`)) {
      return refuse({ ok: false, status: 409, message: MONEV_BELUM_BOLEH });
    }
    if (input.tenggat.getTime() <= now.getTime()) return refuse({ ok: false, status: 422, field: "tenggat", message: MONEV_TENGGAT_LEWAT });
    const reviewer = activeReviewer(tx, input.reviewer);
    if (!reviewer) return refuse({ ok: false, status: 422, field: "reviewer", message: MONEV_REVIEWER_TIDAK_VALID });
    const onTeam =
      reviewer.id === project.ketua ||
      Boolean(
        tx
          .select({ id: usulanAnggota.id })
          .from(usulanAnggota)
          .where(and(eq(usulanAnggota.id_usulan, usulanId), eq(usulanAnggota.id_user, reviewer.id), ne(usulanAnggota.status_undangan, "DITOLAK")))
          .get(),
      );
    if (onTeam) return refuse({ ok: false, status: 422, field: "reviewer", message: `${reviewer.name} termasuk tim kegiatan ini dan tidak dapat menjadi reviewer monevnya.` });
    const existing = tx.select().from(monev).where(eq(monev.id_usulan, usulanId)).get();
    if (existing?.status === "DINILAI") return refuse({ ok: false, status: 409, message: MONEV_SUDAH_DINILAI });
    const summary = `Reviewer monev ${usulanRef(usulanId)}: ${reviewer.name}`;
    if (existing) {
      // Another reviewer or deadline is a new assignment: its reminder and the operators' notice may come again.
      const baru = existing.id_reviewer !== reviewer.id || existing.tenggat.getTime() !== input.tenggat.getTime();
      const after = tx
        .update(monev)
        .set({ id_reviewer: reviewer.id, tenggat: input.tenggat, ...(baru ? { pengingat_at: null, eskalasi_at: null } : {}), updated_at: now })
        .where(eq(monev.id, existing.id))
        .returning()
        .get();
      domainChanged(tx, { entity: "monev", action: "ubah", id: existing.id, before: monevLog(existing), after: after && monevLog(after), summary });
    } else {
      const row = tx.insert(monev).values({ id_usulan: usulanId, id_reviewer: reviewer.id, tenggat: input.tenggat, created_at: now, updated_at: now }).returning().get();
      logCreated(tx, MONEV_WORKFLOW, row.id, actor, now);
      domainChanged(tx, { entity: "monev", action: "tambah", id: row.id, before: null, after: monevLog(row), summary });
    }
    const sender = namaLppm(tx);
    const queued = queueMessages(
      tx,
      [
        {
          userId: reviewer.id,
          subject: "Monev: Ditugaskan",
          body: `Anda ditugaskan sebagai reviewer monev kegiatan "${project.judul}" dengan tenggat ${tanggalWaktu(input.tenggat)}.`,
          link: "/reviewer/evaluasi-monev",
          sender,
        },
        {
          userId: project.ketua,
          subject: "Monev: Ditugaskan",
          body: `Monev kegiatan "${project.judul}" dijadwalkan; reviewer: ${reviewer.name}.`,
          link: `/pengusul/usulan/${usulanId}`,
          sender,
        },
      ],
      now,
    );
    return { result: { ok: true }, queued };
  });
  if (outcome.result.ok) {
    setImmediate(() => void sendQueued(db, outcome.queued));
  }
  return outcome.result;
}

/**
 * 'Perpanjang tenggat': the Operator gives project `usulanId`'s monev reviewer, while the monev
 * is not yet scored, a later deadline, with a note — an override of the monev workflow (logged,
 * status kept); the reviewer is told, and the deadline's reminder and notice marks are cleared.
 */
export function perpanjangTenggatMonev(
  db: Db,
  actor: Actor,
  usulanId: number,
  input: { tenggat: Date; catatan: string },
  now = new Date(),
): { ok: true } | MonevRefusal {
  const row = db.select({ id: monev.id }).from(monev).where(eq(monev.id_usulan, usulanId)).get();
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  const result = refusedOr(() =>
    transition(db, adapter, actor, row.id, "DITUGASKAN", {
      override: "perpanjang-tenggat",
      note: input.catatan,
      now,
      alongside: (tx) => {
        const m = tx.select().from(monev).where(eq(monev.id, row.id)).get()!;
        if (input.tenggat.getTime() <= now.getTime()) throw new Refused({ ok: false, status: 422, field: "tenggat", message: MONEV_TENGGAT_LEWAT });
        if (input.tenggat.getTime() <= m.tenggat.getTime()) throw new Refused({ ok: false, status: 422, field: "tenggat", message: TENGGAT_TIDAK_MAJU(m.tenggat) });
        // The later deadline gets its own reminder, and the operators hear again if it passes too.
        const after = tx.update(monev).set({ tenggat: input.tenggat, pengingat_at: null, eskalasi_at: null, updated_at: now }).where(eq(monev.id, m.id)).returning().get();
        const project = tx.select({ judul: usulan.judul }).from(usulan).where(eq(usulan.id, usulanId)).get();
        domainChanged(tx, { entity: "monev", action: "ubah", id: m.id, before: monevLog(m), after: after && monevLog(after), summary: `Tenggat monev ${usulanRef(usulanId)} diperpanjang hingga ${tanggalWaktu(input.tenggat)}` });
        const reviewer = tx.select({ id: users.id }).from(users).where(eq(users.id, m.id_reviewer)).get();
        return reviewer
          ? [
              {
                userId: reviewer.id,
                subject: "Monev: Tenggat diperpanjang",
                body: [`Tenggat monev kegiatan "${project?.judul ?? ""}" diperpanjang hingga ${tanggalWaktu(input.tenggat)}.`, "", `Catatan: ${input.catatan}`].join("\n"),
                link: "/reviewer/evaluasi-monev",
                sender: namaLppm(tx),
              },
            ]
          : [];
      },
    }),
  );
  if (!result.ok) return { ...result, ...(result.message === NOTE_REQUIRED ? { field: "catatan" } : {}) };
  return { ok: true };
}

// ---- Scoring -------------------------------------------------------------------------------------

export type NilaiMonevInput = { skor: Record<number, number>; catatan: string };

/**
 * 'Simpan Penilaian': the assigned reviewer scores every criterion 0–100 with the berita acara
 * (PDF, checked by content). The engine checks the reviewer, the status and the monev window
 * before the file is stored and again in the transaction; a refusal removes the file again.
 */
export async function nilaiMonev(
  db: Db,
  actor: Actor,
  usulanId: number,
  input: NilaiMonevInput,
  beritaAcara: File | null,
  now = new Date(),
): Promise<TransitionResult<MonevStatus> | MonevRefusal> {
  const row = db.select({ id: monev.id }).from(monev).where(eq(monev.id_usulan, usulanId)).get();
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  const checked = checkTransition(db, adapter, actor, adapter.load(db, row.id), "DINILAI", { now });
  if (!checked.ok) return checked;
  const jenis = db.select({ jenis: usulan.jenis }).from(usulan).where(eq(usulan.id, usulanId)).get()!.jenis;
  const rubrik = rubrikFor(db, jenis, "monev");
  if (!rubrik?.kriteria.length) return { ok: false, status: 409, message: RUBRIK_MONEV_BELUM_ADA };
  const items = rubrik.kriteria.map((k, i) => ({ urutan: i + 1, kriteria: k.kriteria, bobot: k.bobot, skor: input.skor[i + 1] }));
  const missing = items.find((item) => item.skor === undefined || !Number.isInteger(item.skor) || item.skor < 0 || item.skor > 100);
  if (missing) return { ok: false, status: 422, field: `skor_${missing.urutan}`, message: `Nilai ${missing.kriteria} harus antara 0 dan 100.` };
  if (!beritaAcara || beritaAcara.size === 0) return { ok: false, status: 422, field: "berita_acara", message: BERITA_ACARA_WAJIB };
  const stored = await storeDocument(beritaAcara, "monev", ["pdf"]);
  let result: TransitionResult<MonevStatus>;
  try {
    result = transition(db, adapter, actor, row.id, "DINILAI", {
      now,
      nilai: { items: items as Nilai["items"], catatan: input.catatan, beritaAcara: stored },
    });
  } catch (error) {
    await removeDocument(stored.file);
    throw error;
  }
  if (!result.ok) await removeDocument(stored.file);
  return result;
}

/** The berita acara of project `usulanId`'s monev, for whoever may see that monev; 404 otherwise. */
export function beritaAcaraResponse(db: Db, viewer: UsulanViewer, usulanId: number): Response {
  const detail = getMonev(db, viewer, usulanId);
  const row = detail?.monev ? db.select({ file: monev.berita_acara_file, nama: monev.berita_acara_nama }).from(monev).where(eq(monev.id, detail.monev.id)).get() : null;
  if (!row?.file || !row.nama) return fileNotFound();
  return documentResponse(row.file, row.nama);
}

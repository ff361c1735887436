/**
 * The figures of each LPPM area's dashboard (LPPM.md, "Every screen"): the proposer's
 * proposals by status and their next deadlines; the reviewer's open assignments with deadlines
 * (overdue ones marked); the approvals waiting for the verifier, the secretary and the head; the
 * head's budget and kuota used per periode. Each is a few indexed aggregate queries: the
 * dashboards are never cached and must stay cheap with thousands of proposals.
 */
import { and, asc, count, eq, inArray, isNull, ne, or, sql, sum } from "drizzle-orm";
import { insentif, laporan, monev, penugasanReviewer, periode, prodi, skema, usulan, usulanAnggota, users } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { IN_REVIEW, USULAN_WORKFLOW, type InsentifStatus, type UsulanStatus } from "~/domain/lppm/workflow";
import { stageStates, type StageState } from "~/domain/lppm/stage-window";
import { periodeLabel, windowsOf } from "~/domain/lppm/master/periode.server";
import { fakultasVerifikasi } from "~/domain/users/users.server";
import { nextDeadline, usulanCountsByStatus, type NextDeadline } from "~/domain/lppm/usulan/read.server";

export type StatusCount = { status: UsulanStatus; label: string; jumlah: number };

/** Rows of `status → count` in the workflow's order, with its label; zero counts left out. */
function inWorkflowOrder(rows: { status: string; jumlah: number }[]): StatusCount[] {
  const by = new Map(rows.map((r) => [r.status, r.jumlah]));
  return USULAN_WORKFLOW.statuses
    .filter((status) => (by.get(status) ?? 0) > 0)
    .map((status) => ({ status, label: USULAN_WORKFLOW.labels[status], jumlah: by.get(status) ?? 0 }));
}

/**
 * A periode's proposals by status for the Operator's Dashboard LPPM, in the workflow's order
 * (drafts, their teams' alone, left out), from usulan_periode_idx alone.
 */
export function usulanPerStatusPeriode(db: Db, periodeId: number): StatusCount[] {
  const rows = db
    .select({ status: usulan.status, jumlah: count() })
    .from(usulan)
    .where(and(eq(usulan.id_periode, periodeId), ne(usulan.status, "DRAF")))
    .groupBy(usulan.status)
    .all();
  return inWorkflowOrder(rows);
}

/** A stage window still ahead or open, for "Tenggat terdekat". */
export type Tenggat = { periode: string; tahap: string; state: StageState; closes: number };

/** The stage windows of active schemes' periodes that are open now or open later, soonest first. */
function upcomingWindows(db: Db, now: Date, limit: number, periodeIds?: number[]): Tenggat[] {
  if (periodeIds && periodeIds.length === 0) return [];
  const rows = db
    .select({ periode, skemaNama: skema.nama })
    .from(periode)
    .innerJoin(skema, eq(skema.id, periode.id_skema))
    .where(periodeIds ? inArray(periode.id, periodeIds) : eq(skema.aktif, true))
    .all();
  const windows: Tenggat[] = [];
  for (const row of rows) {
    const label = periodeLabel(row.periode, { nama: row.skemaNama });
    const byStage = windowsOf(row.periode);
    for (const { stage, name, state } of stageStates(byStage, now)) {
      const window = byStage[stage];
      if (!window || state.kind === "ditutup" || state.kind === "belum-dijadwalkan") continue;
      windows.push({ periode: label, tahap: name, state, closes: window.closes.getTime() });
    }
  }
  return windows.sort((a, b) => a.closes - b.closes).slice(0, limit);
}

export type PengusulDashboard = {
  kind: "pengusul";
  perStatus: StatusCount[];
  total: number;
  undanganMenunggu: number;
  /** The soonest window one of their own proposals waits for (usulan/read.server.ts). */
  berikutnya: (Omit<NextDeadline, "closes"> & { closes: number }) | null;
  tenggat: Tenggat[];
};

/** The proposer: their proposals as ketua by status, invitations to answer, the next deadlines. */
export function pengusulDashboard(db: Db, userId: number, now = new Date()): PengusulDashboard {
  const rows = usulanCountsByStatus(db, userId);
  const next = nextDeadline(db, userId, now);
  const undanganMenunggu =
    db
      .select({ jumlah: count() })
      .from(usulanAnggota)
      .where(and(eq(usulanAnggota.id_user, userId), eq(usulanAnggota.status_undangan, "MENUNGGU")))
      .get()?.jumlah ?? 0;
  return {
    kind: "pengusul",
    perStatus: rows.filter((r) => r.jumlah > 0),
    total: rows.reduce((n, r) => n + r.jumlah, 0),
    undanganMenunggu,
    berikutnya: next ? { ...next, closes: next.closes.getTime() } : null,
    tenggat: upcomingWindows(db, now, 4),
  };
}

export type Penugasan = { id: number; judul: string; tenggat: number; lewat: boolean; tahap: "Administrasi" | "Substansi" | "Monev" | "Insentif" };

export type ReviewerDashboard = { kind: "reviewer"; terbuka: Penugasan[]; terlambat: number; selesai: number };


/** The reviewer: assignments of the current round still open (soonest deadline first), and done. */
export function reviewerDashboard(db: Db, userId: number, now = new Date()): ReviewerDashboard {
  const current = and(eq(penugasanReviewer.id_reviewer, userId), eq(penugasanReviewer.putaran, usulan.putaran_review));
  const open = db
    .select({ id: usulan.id, judul: usulan.judul, tenggat: penugasanReviewer.tenggat, administrasiAt: penugasanReviewer.administrasi_at })
    .from(penugasanReviewer)
    .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
    .where(
      and(
        current,
        inArray(usulan.status, [...IN_REVIEW]),
        isNull(penugasanReviewer.ditutup),
        isNull(penugasanReviewer.substansi_at),
        or(isNull(penugasanReviewer.administrasi_lolos), eq(penugasanReviewer.administrasi_lolos, true)),
      ),
    )
    .orderBy(asc(penugasanReviewer.tenggat))
    .all();
  const selesai =
    db
      .select({ jumlah: count() })
      .from(penugasanReviewer)
      .where(
        and(
          eq(penugasanReviewer.id_reviewer, userId),
          or(sql`${penugasanReviewer.substansi_at} is not null`, eq(penugasanReviewer.administrasi_lolos, false)),
          sql`coalesce(${penugasanReviewer.ditutup}, '') <> 'DIGANTI'`,
        ),
      )
      .get()?.jumlah ?? 0;
  // The monev assignments, to score and scored.
  const monevOpen = db
    .select({ id: usulan.id, judul: usulan.judul, tenggat: monev.tenggat })
    .from(monev)
    .innerJoin(usulan, eq(usulan.id, monev.id_usulan))
    .where(and(eq(monev.id_reviewer, userId), eq(monev.status, "DITUGASKAN"), eq(usulan.status, "BERJALAN")))
    .all();
  const monevDone = db.select({ jumlah: count() }).from(monev).where(and(eq(monev.id_reviewer, userId), eq(monev.status, "DINILAI"))).get()?.jumlah ?? 0;
  // And the publication-incentive claims to evaluate (id is the claim's).
  const klaimOpen = db
    .select({ id: insentif.id, judul: insentif.judul, tenggat: insentif.tenggat })
    .from(insentif)
    .where(and(eq(insentif.id_reviewer, userId), eq(insentif.status, "DIAJUKAN")))
    .all()
    // The Operator assigns a reviewer with a deadline: an assigned claim always has one.
    .flatMap((row) => (row.tenggat ? [{ ...row, tenggat: row.tenggat }] : []));
  const terbuka: Penugasan[] = [
    ...open.map((row) => ({ ...row, tahap: row.administrasiAt ? ("Substansi" as const) : ("Administrasi" as const) })),
    ...monevOpen.map((row) => ({ ...row, tahap: "Monev" as const })),
    ...klaimOpen.map((row) => ({ ...row, tahap: "Insentif" as const })),
  ]
    .map(({ id, judul, tenggat, tahap }) => ({ id, judul, tenggat: tenggat.getTime(), lewat: tenggat.getTime() < now.getTime(), tahap }))
    .sort((a, b) => a.tenggat - b.tenggat);
  return { kind: "reviewer", terbuka, terlambat: terbuka.filter((p) => p.lewat).length, selesai: selesai + monevDone };
}

export type Antrean = { label: string; jumlah: number; to: string };

/** Publication-incentive claims in `statuses`. */
function countKlaim(db: Db, statuses: InsentifStatus[]): number {
  return db.select({ jumlah: count() }).from(insentif).where(inArray(insentif.status, statuses)).get()?.jumlah ?? 0;
}

/** Reports of one kind in `status`. */
function countLaporan(db: Db, jenis: "kemajuan" | "akhir", status: string): number {
  return db.select({ jumlah: count() }).from(laporan).where(and(eq(laporan.jenis, jenis), eq(laporan.status, status))).get()?.jumlah ?? 0;
}

export type PersetujuanDashboard = { kind: "persetujuan"; antrean: Antrean[]; perStatus: StatusCount[]; catatan: string | null };

function countStatus(db: Db, statuses: UsulanStatus[], extra?: ReturnType<typeof and>): number {
  return (
    db
      .select({ jumlah: count() })
      .from(usulan)
      .where(and(inArray(usulan.status, statuses), extra))
      .get()?.jumlah ?? 0
  );
}

/** The faculty verifier: DIAJUKAN proposals of their faculty's lecturers, and the faculty's totals. */
export function verifikatorDashboard(db: Db, userId: number): PersetujuanDashboard {
  const fakultasId = fakultasVerifikasi(db, userId);
  const to = "/operatorfakultas/persetujuan-usulan/usulan-reguler";
  if (fakultasId === null) {
    return {
      kind: "persetujuan",
      antrean: [{ label: "Usulan menunggu persetujuan fakultas", jumlah: 0, to }],
      perStatus: [],
      catatan: "Akun Anda belum ditetapkan sebagai verifikator fakultas mana pun. Hubungi operator LPPM.",
    };
  }
  const rows = db
    .select({ status: usulan.status, jumlah: count() })
    .from(usulan)
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .innerJoin(prodi, eq(prodi.id, users.id_prodi))
    .where(and(eq(prodi.id_fakultas, fakultasId), sql`${usulan.status} <> 'DRAF'`))
    .groupBy(usulan.status)
    .all();
  const menunggu = rows.find((r) => r.status === "DIAJUKAN")?.jumlah ?? 0;
  return { kind: "persetujuan", antrean: [{ label: "Usulan menunggu persetujuan fakultas", jumlah: menunggu, to }], perStatus: inWorkflowOrder(rows), catatan: null };
}

/** The secretary: scored proposals to verify. */
export function sekretarisDashboard(db: Db): PersetujuanDashboard {
  return {
    kind: "persetujuan",
    antrean: [
      { label: "Usulan dinilai, menunggu verifikasi", jumlah: countStatus(db, ["DINILAI"]), to: "/sekretarislppm/persetujuan-usulan/usulan-reguler" },
      { label: "Usulan dikembalikan ke review", jumlah: countStatus(db, ["DIKEMBALIKAN_KE_REVIEW"]), to: "/sekretarislppm/persetujuan-usulan/usulan-reguler" },
      { label: "Klaim insentif dievaluasi, menunggu persetujuan", jumlah: countKlaim(db, ["DIEVALUASI"]), to: "/sekretarislppm/persetujuan-usulan/insentif-publikasi" },
    ],
    perStatus: [],
    catatan: null,
  };
}

export type Anggaran = {
  id: number;
  periode: string;
  anggaranTotal: number;
  terpakai: number;
  kuota: number;
  didanai: number;
};

export type KepalaDashboard = { kind: "kepala"; antrean: Antrean[]; anggaran: Anggaran[] };

/** Statuses of a funded proposal: its dana_disetujui is spent from the periode's anggaran. */
export const FUNDED: UsulanStatus[] = ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"];

/** The head: approvals and decisions waiting, and the budget used vs total per periode. */
export function kepalaDashboard(db: Db): KepalaDashboard {
  const used = db
    .select({ id_periode: usulan.id_periode, terpakai: sum(usulan.dana_disetujui).mapWith(Number), didanai: count() })
    .from(usulan)
    .where(inArray(usulan.status, FUNDED))
    .groupBy(usulan.id_periode)
    .all();
  const byPeriode = new Map(used.map((u) => [u.id_periode, u]));
  const anggaran = db
    .select({ periode, skemaNama: skema.nama })
    .from(periode)
    .innerJoin(skema, eq(skema.id, periode.id_skema))
    .orderBy(sql`${periode.tahun} desc`, asc(skema.nama))
    .limit(12)
    .all()
    .map(({ periode: p, skemaNama }) => ({
      id: p.id,
      periode: periodeLabel(p, { nama: skemaNama }),
      anggaranTotal: p.anggaran_total,
      terpakai: byPeriode.get(p.id)?.terpakai ?? 0,
      kuota: p.kuota_judul,
      didanai: byPeriode.get(p.id)?.didanai ?? 0,
    }));
  return {
    kind: "kepala",
    antrean: [
      { label: "Usulan diverifikasi, menunggu persetujuan", jumlah: countStatus(db, ["DIVERIFIKASI"]), to: "/kepalalppm/persetujuan-usulan/usulan-reguler" },
      { label: "Usulan direkomendasikan, menunggu penetapan", jumlah: countStatus(db, ["DIREKOMENDASIKAN"]), to: "/kepalalppm/penetapan-pemenang/usulan-reguler" },
      { label: "Perbaikan usulan menunggu pemeriksaan operator", jumlah: countStatus(db, ["PERBAIKAN_DIAJUKAN"]), to: "/kepalalppm/monitoring/perbaikan-usulan" },
      { label: "Laporan kemajuan menunggu pemeriksaan operator", jumlah: countLaporan(db, "kemajuan", "DIAJUKAN"), to: "/kepalalppm/monitoring/laporan-kemajuan" },
      { label: "Laporan akhir menunggu pemeriksaan operator", jumlah: countLaporan(db, "akhir", "DIAJUKAN"), to: "/kepalalppm/monitoring/laporan-akhir" },
      { label: "Klaim insentif menunggu persetujuan", jumlah: countKlaim(db, ["DISETUJUI_SEKRETARIS"]), to: "/kepalalppm/persetujuan-usulan/insentif-publikasi" },
      { label: "Klaim insentif menunggu penetapan", jumlah: countKlaim(db, ["DISETUJUI_KEPALA"]), to: "/kepalalppm/penetapan-pemenang/usulan-insentif" },
    ],
    anggaran,
  };
}

export type LppmDashboard = PengusulDashboard | ReviewerDashboard | PersetujuanDashboard | KepalaDashboard;

/** The figures of an area's dashboard for this user. */
export function lppmDashboard(db: Db, areaKey: string, userId: number, now = new Date()): LppmDashboard | null {
  switch (areaKey) {
    case "pengusul":
      return pengusulDashboard(db, userId, now);
    case "reviewer":
      return reviewerDashboard(db, userId, now);
    case "operatorfakultas":
      return verifikatorDashboard(db, userId);
    case "sekretarislppm":
      return sekretarisDashboard(db);
    case "kepalalppm":
      return kepalaDashboard(db);
    default:
      return null;
  }
}

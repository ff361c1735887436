/**
 * The LPPM workflows as data (../shared/LPPM.md, "Statuses and transitions"): for each kind of
 * record, its statuses with their Indonesian labels, and every allowed transition with who may
 * make it, in what relation to the record, in which stage's date window, whether a note is
 * required, and who hears of it. The one engine that applies them is workflow.server.ts;
 * screens never set a status column themselves. Client-safe: badges and buttons read it too.
 */
import type { Role } from "~/domain/users/roles";

export const STAGES = [
  "pengajuan",
  "review",
  "penetapan",
  "perbaikan",
  "laporan_kemajuan",
  "monev",
  "laporan_akhir",
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  pengajuan: "Pengajuan",
  review: "Review",
  penetapan: "Penetapan",
  perbaikan: "Perbaikan usulan",
  laporan_kemajuan: "Laporan kemajuan",
  monev: "Monev",
  laporan_akhir: "Laporan akhir",
};

/**
 * Who among the holders of the transition's roles may make it:
 * - `ketua`: the proposer who owns the record;
 * - `assigned`: a reviewer assigned to it (current round);
 * - `fakultas`: a verifier of the ketua's own faculty;
 * - `any`: any holder of the role (the LPPM office).
 */
export type Relation = "ketua" | "assigned" | "fakultas" | "any";

/**
 * Who is told of a transition (the outbox): whoever must act next, and the proposer (`ketua`) of
 * every change of their record (LPPM.md) — the engine leaves out the one who made the move.
 */
export type Audience = "ketua" | "tim" | "fakultas" | "operator" | "reviewer" | "sekretaris" | "kepala";

/**
 * The steps outside the normal flow, each an intent of its screen: the office corrects what got
 * stuck or went wrong, the ketua withdraws. `internal`: the office's business about reviewers,
 * left out of the timeline the team and the claimant read. `refusal`: what a record in a status
 * the step is not offered from answers.
 */
export const OVERRIDES = {
  "ganti-reviewer": { label: "Ganti Reviewer", internal: true, refusal: "Reviewer hanya dapat diganti selama usulan dalam tahap review." },
  "perpanjang-tenggat": { label: "Perpanjang Tenggat", internal: true, refusal: "Tenggat hanya dapat diperpanjang selama penugasan masih terbuka." },
  "buka-kembali": { label: "Buka Kembali", internal: false, refusal: "Hanya keputusan Ditolak, Tidak Lolos atau Tidak Didanai yang dapat dibuka kembali." },
  tarik: { label: "Tarik", internal: false, refusal: "Usulan hanya dapat ditarik setelah diajukan dan sebelum didanai." },
} as const;
export type Override = keyof typeof OVERRIDES;

export type Transition<S extends string> = {
  from: S;
  to: S;
  /** "system": made by the engine's own rules (e.g. every review done), never by a person. */
  by: readonly Role[] | "system";
  relation: Relation;
  /** The stage whose date window must be open (from the record's periode). */
  stage?: Stage;
  note?: "required" | "optional";
  notify: readonly Audience[];
  /** The button that makes it. */
  action?: string;
  /**
   * An override of the normal flow (OVERRIDES): made only when asked for by name. One that keeps
   * the status (from = to) is logged under its name; its notices, which name the people it
   * concerns, are written by its own step (`notify` is then empty).
   */
  override?: Override;
};

export type Workflow<S extends string> = {
  kind: string;
  /** "Usulan", "Klaim insentif", …: the record in messages. */
  noun: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  /** The status a new record starts in (its creation is logged as a transition from none). */
  initial: S;
  transitions: readonly Transition<S>[];
};

const LPPM_OFFICE: readonly Role[] = ["Operator"];
const REVIEWERS: readonly Role[] = ["Reviewer-Internal", "Reviewer-External"];
/** Who may reopen a decided step: the office that runs the workflow and its head. */
const REOPENERS: readonly Role[] = ["Operator", "Kepala-LPPM"];

// ---- Usulan (penelitian and pengabdian) -------------------------------------------------------

export const USULAN_STATUSES = [
  "DRAF",
  "DIAJUKAN",
  "DISETUJUI_FAKULTAS",
  "DIKEMBALIKAN",
  "DITOLAK",
  "REVIEW",
  "DINILAI",
  "TIDAK_LOLOS",
  "DIKEMBALIKAN_KE_REVIEW",
  "DIVERIFIKASI",
  "DIREKOMENDASIKAN",
  "DIDANAI",
  "TIDAK_DIDANAI",
  "PERBAIKAN_DIAJUKAN",
  "BERJALAN",
  "SELESAI",
  "DITARIK",
] as const;
export type UsulanStatus = (typeof USULAN_STATUSES)[number];

/** A proposal's statuses once submitted: what the LPPM office lists (a draft is its team's alone). */
export const USULAN_KANTOR_STATUSES: readonly UsulanStatus[] = USULAN_STATUSES.filter((s) => s !== "DRAF");

/** Statuses in which a review round runs (the first, or a redo the Sekretaris asked for). */
export const IN_REVIEW: readonly UsulanStatus[] = ["REVIEW", "DIKEMBALIKAN_KE_REVIEW"];

/**
 * Where a proposal may be withdrawn (DITARIK) from: once submitted, until the penetapan funds it.
 * A draft is deleted instead; a decided one (Ditolak, Tidak Lolos, Tidak Didanai) is already out
 * of every queue; a funded one is bound by its SK (money, quota), which this workflow does not
 * undo.
 */
export const WITHDRAWABLE: readonly UsulanStatus[] = [
  "DIAJUKAN",
  "DIKEMBALIKAN",
  "DISETUJUI_FAKULTAS",
  "REVIEW",
  "DINILAI",
  "DIKEMBALIKAN_KE_REVIEW",
  "DIVERIFIKASI",
  "DIREKOMENDASIKAN",
];

export const USULAN_WORKFLOW: Workflow<UsulanStatus> = {
  kind: "usulan",
  noun: "Usulan",
  statuses: USULAN_STATUSES,
  labels: {
    DRAF: "Draf",
    DIAJUKAN: "Diajukan",
    DISETUJUI_FAKULTAS: "Disetujui Fakultas",
    DIKEMBALIKAN: "Dikembalikan",
    DITOLAK: "Ditolak",
    REVIEW: "Review",
    DINILAI: "Dinilai",
    TIDAK_LOLOS: "Tidak Lolos",
    DIKEMBALIKAN_KE_REVIEW: "Dikembalikan ke Review",
    DIVERIFIKASI: "Diverifikasi",
    DIREKOMENDASIKAN: "Direkomendasikan",
    DIDANAI: "Didanai",
    TIDAK_DIDANAI: "Tidak Didanai",
    PERBAIKAN_DIAJUKAN: "Perbaikan Diajukan",
    BERJALAN: "Berjalan",
    SELESAI: "Selesai",
    DITARIK: "Ditarik",
  },
  initial: "DRAF",
  transitions: [
    { from: "DRAF", to: "DIAJUKAN", by: ["Pengusul"], relation: "ketua", stage: "pengajuan", notify: ["fakultas", "tim"], action: "Ajukan" },
    // Returned for changes: the proposer edits it again and resubmits in the window.
    { from: "DIKEMBALIKAN", to: "DIAJUKAN", by: ["Pengusul"], relation: "ketua", stage: "pengajuan", notify: ["fakultas", "tim"], action: "Ajukan" },
    { from: "DIAJUKAN", to: "DISETUJUI_FAKULTAS", by: ["Verifikator-Fakultas"], relation: "fakultas", note: "optional", notify: ["ketua", "operator"], action: "Setujui" },
    { from: "DIAJUKAN", to: "DIKEMBALIKAN", by: ["Verifikator-Fakultas"], relation: "fakultas", note: "required", notify: ["ketua"], action: "Kembalikan" },
    { from: "DIAJUKAN", to: "DITOLAK", by: ["Verifikator-Fakultas"], relation: "fakultas", note: "required", notify: ["ketua"], action: "Tolak" },
    // The operator assigns the reviewers (with a deadline); the assignment opens the review.
    { from: "DISETUJUI_FAKULTAS", to: "REVIEW", by: LPPM_OFFICE, relation: "any", stage: "review", notify: ["reviewer", "ketua"], action: "Tugaskan" },
    { from: "REVIEW", to: "DINILAI", by: "system", relation: "any", notify: ["sekretaris", "ketua"] },
    { from: "REVIEW", to: "TIDAK_LOLOS", by: "system", relation: "any", notify: ["ketua"] },
    { from: "DINILAI", to: "DIVERIFIKASI", by: ["Sekretaris-LPPM"], relation: "any", note: "optional", notify: ["kepala", "ketua"], action: "Setujui" },
    // A new round waits for the operator's assignment (Penugasan Reviewer shows it first): the
    // operators are told and the proposer hears why; not the old reviewers, who may not be
    // assigned again (whoever is assigned hears from the assignment).
    { from: "DINILAI", to: "DIKEMBALIKAN_KE_REVIEW", by: ["Sekretaris-LPPM"], relation: "any", note: "required", notify: ["operator", "ketua"], action: "Kembalikan" },
    // The redone review ends like the first one.
    { from: "DIKEMBALIKAN_KE_REVIEW", to: "DINILAI", by: "system", relation: "any", notify: ["sekretaris", "ketua"] },
    { from: "DIKEMBALIKAN_KE_REVIEW", to: "TIDAK_LOLOS", by: "system", relation: "any", notify: ["ketua"] },
    { from: "DIVERIFIKASI", to: "DIREKOMENDASIKAN", by: ["Kepala-LPPM"], relation: "any", note: "optional", notify: ["ketua"], action: "Setujui" },
    { from: "DIVERIFIKASI", to: "DITOLAK", by: ["Kepala-LPPM"], relation: "any", note: "required", notify: ["ketua"], action: "Tolak" },
    { from: "DIREKOMENDASIKAN", to: "DIDANAI", by: ["Kepala-LPPM"], relation: "any", stage: "penetapan", notify: ["ketua", "tim", "operator"], action: "Tetapkan" },
    { from: "DIREKOMENDASIKAN", to: "TIDAK_DIDANAI", by: ["Kepala-LPPM"], relation: "any", stage: "penetapan", notify: ["ketua"], action: "Tetapkan" },
    { from: "DIDANAI", to: "PERBAIKAN_DIAJUKAN", by: ["Pengusul"], relation: "ketua", stage: "perbaikan", notify: ["operator"], action: "Ajukan" },
    { from: "PERBAIKAN_DIAJUKAN", to: "BERJALAN", by: LPPM_OFFICE, relation: "any", note: "optional", notify: ["ketua", "tim"], action: "Terima" },
    { from: "PERBAIKAN_DIAJUKAN", to: "DIDANAI", by: LPPM_OFFICE, relation: "any", note: "required", notify: ["ketua"], action: "Kembalikan" },
    { from: "BERJALAN", to: "SELESAI", by: "system", relation: "any", notify: ["ketua", "tim"] },

    // ---- Overrides (README, "what LPPM.md left open") ----
    // The operator replaces a reviewer who has not submitted, or extends an open assignment's
    // deadline; the status stays (review/penggantian.server.ts tells the reviewers concerned).
    ...IN_REVIEW.flatMap((s): Transition<UsulanStatus>[] => [
      { from: s, to: s, by: LPPM_OFFICE, relation: "any", note: "required", notify: [], action: "Ganti Reviewer", override: "ganti-reviewer" },
      { from: s, to: s, by: LPPM_OFFICE, relation: "any", note: "required", notify: [], action: "Perpanjang Tenggat", override: "perpanjang-tenggat" },
    ]),
    // The operator or the Kepala reopens a decision: back to the status it was decided from
    // (reopenTarget reads which from the status log) — a verifier's 'Tolak' to Diajukan, the
    // Kepala's to Diverifikasi, a 'Tidak Didanai' to the ranking board. A failed review goes back
    // to review as a new round waiting for its reviewers (the finished round stays history).
    { from: "DITOLAK", to: "DIAJUKAN", by: REOPENERS, relation: "any", note: "required", notify: ["ketua", "fakultas"], action: "Buka Kembali", override: "buka-kembali" },
    { from: "DITOLAK", to: "DIVERIFIKASI", by: REOPENERS, relation: "any", note: "required", notify: ["ketua", "kepala"], action: "Buka Kembali", override: "buka-kembali" },
    { from: "TIDAK_LOLOS", to: "DIKEMBALIKAN_KE_REVIEW", by: REOPENERS, relation: "any", note: "required", notify: ["ketua", "operator"], action: "Buka Kembali", override: "buka-kembali" },
    { from: "TIDAK_DIDANAI", to: "DIREKOMENDASIKAN", by: REOPENERS, relation: "any", note: "required", notify: ["ketua", "kepala"], action: "Buka Kembali", override: "buka-kembali" },
    // Withdrawn by its ketua (a reason is welcome), or by the operator at the lecturer's request
    // (the note says so). It leaves every queue; its open review assignments are closed.
    ...WITHDRAWABLE.flatMap((s): Transition<UsulanStatus>[] => [
      { from: s, to: "DITARIK", by: ["Pengusul"], relation: "ketua", note: "optional", notify: ["tim", "reviewer", "operator"], action: "Tarik", override: "tarik" },
      { from: s, to: "DITARIK", by: LPPM_OFFICE, relation: "any", note: "required", notify: ["ketua", "tim", "reviewer"], action: "Tarik", override: "tarik" },
    ]),
  ],
};

/**
 * Where reopening a proposal in `status` leads: the status its decision was made from
 * (`decidedFrom`, the status log's last move into it) when the table offers that, else the one
 * target the table has for it; null when it is not a reopenable decision.
 */
export function reopenTarget(status: UsulanStatus, decidedFrom: string | null): UsulanStatus | null {
  const options = USULAN_WORKFLOW.transitions.filter((t) => t.override === "buka-kembali" && t.from === status);
  return (options.find((t) => t.to === decidedFrom) ?? (options.length === 1 ? options[0] : undefined))?.to ?? null;
}

// ---- Reports (laporan kemajuan, laporan akhir) -------------------------------------------------

export const LAPORAN_STATUSES = ["DRAF", "DIAJUKAN", "DITERIMA", "DIKEMBALIKAN"] as const;
export type LaporanStatus = (typeof LAPORAN_STATUSES)[number];

function laporanWorkflow(kind: string, noun: string, stage: Stage): Workflow<LaporanStatus> {
  return {
    kind,
    noun,
    statuses: LAPORAN_STATUSES,
    labels: { DRAF: "Draf", DIAJUKAN: "Diajukan", DITERIMA: "Diterima", DIKEMBALIKAN: "Dikembalikan" },
    initial: "DRAF",
    transitions: [
      { from: "DRAF", to: "DIAJUKAN", by: ["Pengusul"], relation: "ketua", stage, notify: ["operator"], action: "Ajukan" },
      { from: "DIKEMBALIKAN", to: "DIAJUKAN", by: ["Pengusul"], relation: "ketua", stage, notify: ["operator"], action: "Ajukan" },
      { from: "DIAJUKAN", to: "DITERIMA", by: LPPM_OFFICE, relation: "any", note: "optional", notify: ["ketua"], action: "Terima" },
      { from: "DIAJUKAN", to: "DIKEMBALIKAN", by: LPPM_OFFICE, relation: "any", note: "required", notify: ["ketua"], action: "Kembalikan" },
    ],
  };
}

export const LAPORAN_KEMAJUAN_WORKFLOW = laporanWorkflow("laporan_kemajuan", "Laporan kemajuan", "laporan_kemajuan");
export const LAPORAN_AKHIR_WORKFLOW = laporanWorkflow("laporan_akhir", "Laporan akhir", "laporan_akhir");

// ---- Monev internal ------------------------------------------------------------------------------

export const MONEV_STATUSES = ["DITUGASKAN", "DINILAI"] as const;
export type MonevStatus = (typeof MONEV_STATUSES)[number];

/**
 * A project's internal monitoring and evaluation: made DITUGASKAN when the Operator assigns a
 * reviewer (after the progress report is accepted); the assigned reviewer's scores, within the
 * monev window, make it DINILAI.
 */
export const MONEV_WORKFLOW: Workflow<MonevStatus> = {
  kind: "monev",
  noun: "Monev",
  statuses: MONEV_STATUSES,
  labels: { DITUGASKAN: "Ditugaskan", DINILAI: "Dinilai" },
  initial: "DITUGASKAN",
  transitions: [
    { from: "DITUGASKAN", to: "DINILAI", by: REVIEWERS, relation: "assigned", stage: "monev", notify: ["ketua", "operator", "kepala"], action: "Simpan Penilaian" },
    // The operator extends the reviewer's deadline (monev.server.ts tells the reviewer).
    { from: "DITUGASKAN", to: "DITUGASKAN", by: LPPM_OFFICE, relation: "any", note: "required", notify: [], action: "Perpanjang Tenggat", override: "perpanjang-tenggat" },
  ],
};

// ---- Publication incentives ---------------------------------------------------------------------

export const INSENTIF_STATUSES = [
  "DRAF",
  "DIAJUKAN",
  "DIEVALUASI",
  "DIKEMBALIKAN",
  "TIDAK_VALID",
  "DISETUJUI_SEKRETARIS",
  "DISETUJUI_KEPALA",
  "DITETAPKAN",
  "DICAIRKAN",
] as const;
export type InsentifStatus = (typeof INSENTIF_STATUSES)[number];

export const INSENTIF_WORKFLOW: Workflow<InsentifStatus> = {
  kind: "insentif",
  noun: "Klaim insentif",
  statuses: INSENTIF_STATUSES,
  labels: {
    DRAF: "Draf",
    DIAJUKAN: "Diajukan",
    DIEVALUASI: "Dievaluasi",
    DIKEMBALIKAN: "Dikembalikan",
    TIDAK_VALID: "Tidak Valid",
    DISETUJUI_SEKRETARIS: "Disetujui Sekretaris",
    DISETUJUI_KEPALA: "Disetujui Kepala",
    DITETAPKAN: "Ditetapkan",
    DICAIRKAN: "Dicairkan",
  },
  initial: "DRAF",
  transitions: [
    { from: "DRAF", to: "DIAJUKAN", by: ["Pengusul"], relation: "ketua", notify: ["operator"], action: "Ajukan" },
    { from: "DIKEMBALIKAN", to: "DIAJUKAN", by: ["Pengusul"], relation: "ketua", notify: ["reviewer"], action: "Ajukan" },
    { from: "DIAJUKAN", to: "DIEVALUASI", by: REVIEWERS, relation: "assigned", note: "optional", notify: ["sekretaris", "ketua"], action: "Simpan Penilaian" },
    { from: "DIAJUKAN", to: "DIKEMBALIKAN", by: REVIEWERS, relation: "assigned", note: "required", notify: ["ketua"], action: "Kembalikan" },
    { from: "DIAJUKAN", to: "TIDAK_VALID", by: REVIEWERS, relation: "assigned", note: "required", notify: ["ketua"], action: "Tolak" },
    { from: "DIEVALUASI", to: "DISETUJUI_SEKRETARIS", by: ["Sekretaris-LPPM"], relation: "any", note: "optional", notify: ["kepala", "ketua"], action: "Setujui" },
    { from: "DISETUJUI_SEKRETARIS", to: "DISETUJUI_KEPALA", by: ["Kepala-LPPM"], relation: "any", note: "optional", notify: ["ketua"], action: "Setujui" },
    { from: "DISETUJUI_KEPALA", to: "DITETAPKAN", by: ["Kepala-LPPM"], relation: "any", notify: ["ketua", "operator"], action: "Tetapkan" },
    { from: "DITETAPKAN", to: "DICAIRKAN", by: LPPM_OFFICE, relation: "any", notify: ["ketua"], action: "Cairkan" },
    // The operator extends the assigned reviewer's deadline (transition.server.ts tells the reviewer).
    { from: "DIAJUKAN", to: "DIAJUKAN", by: LPPM_OFFICE, relation: "any", note: "required", notify: [], action: "Perpanjang Tenggat", override: "perpanjang-tenggat" },
  ],
};

export const WORKFLOWS = [USULAN_WORKFLOW, LAPORAN_KEMAJUAN_WORKFLOW, LAPORAN_AKHIR_WORKFLOW, MONEV_WORKFLOW, INSENTIF_WORKFLOW] as const;

/** The transitions of the normal flow a person may see as buttons on a record in this status (roles only). */
export function transitionsFrom<S extends string>(workflow: Workflow<S>, status: S, roles: readonly Role[]): Transition<S>[] {
  return workflow.transitions.filter(
    (t) => t.from === status && !t.override && t.by !== "system" && t.by.some((role) => roles.includes(role)),
  );
}

/** Whether someone with `roles` may make override `override` on a record in `status` (roles only). */
export function overrideOffered<S extends string>(workflow: Workflow<S>, override: Override, status: S, roles: readonly Role[]): boolean {
  return workflow.transitions.some((t) => t.override === override && t.from === status && t.by !== "system" && t.by.some((role) => roles.includes(role)));
}

/**
 * The claim's plug into the workflow engine (workflow.server.ts): how a claim is loaded for the
 * checks and how its status is written (`insentifAdapter`, every status change goes through it),
 * and the steps after submission: the Operator assigns a reviewer and marks a decided claim
 * paid; the assigned reviewer evaluates it with the operator's insentif rubric (a checklist) and
 * a recommended amount, returns it or refuses it; the Sekretaris and the Kepala approve it. The lecturer's 'Ajukan' is in
 * draft.server.ts, the Kepala's batch decision with an SK in penetapan.server.ts.
 */
import { eq } from "drizzle-orm";
import { insentif, jenisInsentif, prodi, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { queueMessages, sendQueued } from "~/domain/notifications/outbox.server";
import { namaLppm } from "~/domain/setting/setting.server";
import { activeReviewer, REVIEWER_TIDAK_VALID, TENGGAT_LEWAT } from "~/domain/lppm/review/penugasan.server";
import { INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import {
  checkTransition,
  NOT_PERMITTED,
  NOTE_REQUIRED,
  Refused,
  refusedOr,
  transition,
  type Actor,
  type TransitionInput,
  type TransitionResult,
  type WorkflowAdapter,
} from "~/domain/lppm/workflow.server";
import { TENGGAT_TIDAK_MAJU } from "~/domain/lppm/tenggat";
import { nominalKlaim } from "~/domain/lppm/insentif/tarif";
import {
  BUTIR_BELUM_SESUAI,
  NOMINAL_MELEBIHI_TARIF,
  RUBRIK_INSENTIF_BELUM_ADA,
  RUBRIK_INSENTIF_BERUBAH,
  type EvaluasiInsentifInput,
} from "~/domain/lppm/insentif/insentif.schema";
import { rubrikInsentif } from "~/domain/lppm/master/rubrik.server";
import { formatRupiah } from "~/lib/util/rupiah";
import { tanggalWaktu } from "~/lib/util/wib";
import type { WorkflowRefusal } from "~/domain/refusal";

export type InsentifRefusal = WorkflowRefusal;
export type InsentifResult<T extends object = object> = ({ ok: true } & T) | InsentifRefusal;

export const REVIEWER_INSENTIF_TIDAK_VALID = REVIEWER_TIDAK_VALID;
export const REVIEWER_PENGUSUL_SENDIRI = "Pengusul klaim tidak dapat menjadi reviewernya sendiri.";
export const TENGGAT_INSENTIF_LEWAT = TENGGAT_LEWAT;

// ---- The engine's plug ---------------------------------------------------------------------------

/**
 * The reviewer's evaluation as stored: each criterion of the insentif rubric as it read then
 * (claims evaluated before the checklist was a rubric hold the former fixed list, the same
 * shape), whether it was met, the recommended amount, the remark.
 */
export type Evaluasi = { butir: { butir: string; sesuai: boolean }[]; nominal_rekomendasi: number; catatan: string };
/** What a step may write along with the status: the evaluation, the SK's approved amount and batch. */
type InsentifInput = TransitionInput & { evaluasi?: Evaluasi; nominal_disetujui?: number; id_penetapan?: number };

export const insentifAdapter: WorkflowAdapter<InsentifStatus, InsentifInput> = {
  workflow: INSENTIF_WORKFLOW,
  load(db, id) {
    const row = db
      .select({ status: insentif.status, judul: insentif.judul, pengusul: insentif.id_pengusul, reviewer: insentif.id_reviewer, fakultasId: prodi.id_fakultas })
      .from(insentif)
      .innerJoin(users, eq(users.id, insentif.id_pengusul))
      .leftJoin(prodi, eq(prodi.id, users.id_prodi))
      .where(eq(insentif.id, id))
      .get();
    if (!row) return null;
    return {
      status: row.status as InsentifStatus,
      title: row.judul,
      ketuaId: row.pengusul,
      timIds: [],
      assignedIds: row.reviewer ? [row.reviewer] : [],
      fakultasId: row.fakultasId ?? null,
      // The call's window is checked by the claim's own rules (ajukanKlaim), not a periode stage.
      windows: {},
    };
  },
  write(tx, id, to, input) {
    const now = input.now ?? new Date();
    const extra: Partial<typeof insentif.$inferInsert> = {};
    if (to === "DIAJUKAN") extra.diajukan_at = now;
    if (to === "DIEVALUASI" && input.evaluasi) {
      extra.evaluasi = JSON.stringify(input.evaluasi.butir);
      extra.nominal_rekomendasi = input.evaluasi.nominal_rekomendasi;
      extra.catatan_evaluasi = input.evaluasi.catatan || null;
      extra.dievaluasi_at = now;
    }
    if (to === "DITETAPKAN") {
      extra.nominal_disetujui = input.nominal_disetujui ?? null;
      extra.id_penetapan = input.id_penetapan ?? null;
    }
    if (to === "DICAIRKAN") extra.dicairkan_at = now;
    tx.update(insentif).set({ ...extra, status: to, updated_at: now }).where(eq(insentif.id, id)).run();
  },
  fakultasOf: () => null,
  verifiersOf: () => [],
};

// ---- The Operator --------------------------------------------------------------------------------

/** Assigns (or, until evaluated, reassigns) the claim's reviewer with a deadline; the reviewer hears of it. */
export function tugaskanReviewerKlaim(db: Db, actor: Actor, id: number, input: { reviewer: number; tenggat: Date }, now = new Date()): InsentifResult {
  if (!actor.roles.includes("Operator")) return { ok: false, status: 403, message: NOT_PERMITTED };
  const outcome = db.transaction((tx) => {
    const row = tx.select().from(insentif).where(eq(insentif.id, id)).get();
    if (!row) return { result: { ok: false, status: 404, message: NOT_FOUND } as InsentifRefusal, queued: [] };
    if (row.status !== "DIAJUKAN") return { result: { ok: false, status: 409, message: "Reviewer hanya dapat ditugaskan pada klaim berstatus Diajukan." } as InsentifRefusal, queued: [] };
    if (input.tenggat.getTime() <= now.getTime()) return { result: { ok: false, status: 422, field: "tenggat", message: TENGGAT_INSENTIF_LEWAT } as InsentifRefusal, queued: [] };
    const reviewer = activeReviewer(tx, input.reviewer);
    if (!reviewer) return { result: { ok: false, status: 422, field: "reviewer", message: REVIEWER_INSENTIF_TIDAK_VALID } as InsentifRefusal, queued: [] };
    if (reviewer.id === row.id_pengusul) return { result: { ok: false, status: 422, field: "reviewer", message: REVIEWER_PENGUSUL_SENDIRI } as InsentifRefusal, queued: [] };
    // Another reviewer or deadline is a new assignment: its reminder and the operators' notice may come again.
    const baru = row.id_reviewer !== reviewer.id || row.tenggat?.getTime() !== input.tenggat.getTime();
    const after = tx
      .update(insentif)
      .set({ id_reviewer: reviewer.id, tenggat: input.tenggat, ...(baru ? { pengingat_at: null, eskalasi_at: null } : {}), updated_at: now })
      .where(eq(insentif.id, id))
      .returning()
      .get();
    domainChanged(tx, { entity: "insentif", action: "ubah", id, before: row, after, summary: `Reviewer ditugaskan: ${reviewer.name}` });
    const queued = queueMessages(
      tx,
      [
        {
          userId: reviewer.id,
          subject: "Klaim insentif: evaluasi",
          body: `Anda ditugaskan mengevaluasi klaim insentif "${row.judul}" dengan tenggat ${tanggalWaktu(input.tenggat)}.`,
          link: "/reviewer/evaluasi-insentif",
          sender: namaLppm(tx),
        },
      ],
      now,
    );
    return { result: { ok: true } as const, queued };
  });
  if (outcome.result.ok) {
    setImmediate(() => void sendQueued(db, outcome.queued));
  }
  return outcome.result;
}

export const KLAIM_TANPA_REVIEWER = "Klaim ini belum memiliki reviewer; tugaskan reviewer lebih dulu.";

/**
 * 'Perpanjang tenggat': the Operator gives the assigned reviewer of a claim still waiting for
 * its evaluation (Diajukan) a later deadline, with a note — an override of the claim's workflow
 * (logged, status kept); the reviewer is told, and the deadline's reminder and notice marks are cleared.
 */
export function perpanjangTenggatKlaim(db: Db, actor: Actor, id: number, input: { tenggat: Date; catatan: string }, now = new Date()): InsentifResult {
  const result = refusedOr(() =>
    transition(db, insentifAdapter, actor, id, "DIAJUKAN", {
      override: "perpanjang-tenggat",
      note: input.catatan,
      now,
      alongside: (tx) => {
        const row = tx.select().from(insentif).where(eq(insentif.id, id)).get()!;
        const reviewer = row.id_reviewer ? tx.select({ id: users.id }).from(users).where(eq(users.id, row.id_reviewer)).get() : undefined;
        if (!reviewer || !row.tenggat) throw new Refused({ ok: false, status: 409, message: KLAIM_TANPA_REVIEWER });
        if (input.tenggat.getTime() <= now.getTime()) throw new Refused({ ok: false, status: 422, field: "tenggat", message: TENGGAT_INSENTIF_LEWAT });
        if (input.tenggat.getTime() <= row.tenggat.getTime()) throw new Refused({ ok: false, status: 422, field: "tenggat", message: TENGGAT_TIDAK_MAJU(row.tenggat) });
        // The later deadline gets its own reminder, and the operators hear again if it passes too.
        const after = tx.update(insentif).set({ tenggat: input.tenggat, pengingat_at: null, eskalasi_at: null, updated_at: now }).where(eq(insentif.id, id)).returning().get();
        domainChanged(tx, { entity: "insentif", action: "ubah", id, before: row, after, summary: `Tenggat evaluasi diperpanjang hingga ${tanggalWaktu(input.tenggat)}` });
        return [
          {
            userId: reviewer.id,
            subject: "Klaim insentif: Tenggat diperpanjang",
            body: [`Tenggat evaluasi klaim insentif "${row.judul}" diperpanjang hingga ${tanggalWaktu(input.tenggat)}.`, "", `Catatan: ${input.catatan}`].join("\n"),
            link: "/reviewer/evaluasi-insentif",
            sender: namaLppm(tx),
          },
        ];
      },
    }),
  );
  if (!result.ok) return { ...result, ...(result.message === NOTE_REQUIRED ? { field: "catatan" } : {}) };
  return { ok: true };
}

/** 'Cairkan': DITETAPKAN → DICAIRKAN (the Operator). */
export function cairkanKlaim(db: Db, actor: Actor, id: number, now = new Date()): TransitionResult<InsentifStatus> {
  return transition(db, insentifAdapter, actor, id, "DICAIRKAN", { now });
}

// ---- The reviewer --------------------------------------------------------------------------------

/**
 * The assigned reviewer's decision: 'simpan' (every criterion of the insentif rubric met, an
 * amount within what the claim's tariff gives) → DIEVALUASI; 'kembalikan' → DIKEMBALIKAN and
 * 'tolak' → TIDAK_VALID, each with a note. Without an insentif rubric nothing can be saved (the
 * operator has removed it; the default is seeded); a form showing other criteria than the
 * rubric has now is refused, so nobody passes a criterion they never saw.
 */
export function evaluasiKlaim(
  db: Db,
  actor: Actor,
  id: number,
  keputusan: "simpan" | "kembalikan" | "tolak",
  input: EvaluasiInsentifInput | null,
  note: string | null,
  now = new Date(),
): TransitionResult<InsentifStatus> | InsentifRefusal {
  if (keputusan !== "simpan") return transition(db, insentifAdapter, actor, id, keputusan === "kembalikan" ? "DIKEMBALIKAN" : "TIDAK_VALID", { note, now });
  // Who may evaluate it is said before anything about the form: nobody else learns its tariff.
  const allowed = checkTransition(db, insentifAdapter, actor, insentifAdapter.load(db, id), "DIEVALUASI", { now });
  if (!allowed.ok) return allowed;
  const rubrik = rubrikInsentif(db);
  if (!rubrik?.kriteria.length) return { ok: false, status: 409, message: RUBRIK_INSENTIF_BELUM_ADA };
  if (!input || input.kriteria.join(",") !== rubrik.kriteria.map((k) => k.id).join(",")) return { ok: false, status: 409, message: RUBRIK_INSENTIF_BERUBAH };
  const butir = rubrik.kriteria.map((k) => ({ butir: k.kriteria, sesuai: input.butir.includes(k.id) }));
  if (butir.some((b) => !b.sesuai)) return { ok: false, status: 422, message: BUTIR_BELUM_SESUAI };
  const row = db
    .select({ klaim: { peran: insentif.peran, jumlah_penulis: insentif.jumlah_penulis }, jenis: jenisInsentif })
    .from(insentif)
    .innerJoin(jenisInsentif, eq(jenisInsentif.id, insentif.id_jenis))
    .where(eq(insentif.id, id))
    .get();
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  // At most what the claim is worth by its tariff's rule (its role and number of authors).
  const tarif = nominalKlaim(row.jenis, row.klaim)?.nominal ?? 0;
  if (input.nominal_rekomendasi > tarif) return { ok: false, status: 422, field: "nominal_rekomendasi", message: `${NOMINAL_MELEBIHI_TARIF} (${formatRupiah(tarif)})` };
  return transition(db, insentifAdapter, actor, id, "DIEVALUASI", {
    note: input.catatan || null,
    now,
    evaluasi: { butir, nominal_rekomendasi: input.nominal_rekomendasi, catatan: input.catatan },
  });
}

// ---- The Sekretaris and the Kepala ---------------------------------------------------------------

/** 'Setujui': the Sekretaris (DIEVALUASI → DISETUJUI_SEKRETARIS) or the Kepala (→ DISETUJUI_KEPALA). */
export function setujuiKlaim(db: Db, actor: Actor, id: number, to: "DISETUJUI_SEKRETARIS" | "DISETUJUI_KEPALA", note: string | null, now = new Date()): TransitionResult<InsentifStatus> {
  return transition(db, insentifAdapter, actor, id, to, { note, now });
}

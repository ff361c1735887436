/**
 * The penetapan of publication incentives: the Kepala's board of a call (the claims approved
 * and waiting for the SK, with the amount each is proposed at, and the budget left) and the
 * batch decision ('Tetapkan': one SK, each chosen claim DITETAPKAN with its approved amount, at
 * most what its tariff's rule gives (tarif.ts), within the budget; all of it or nothing).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { insentif, jenisInsentif, penetapanInsentif } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { NOT_FOUND } from "~/lib/util/messages";
import type { InsentifStatus } from "~/domain/lppm/workflow";
import { NOT_PERMITTED, transition, type Actor } from "~/domain/lppm/workflow.server";
import { getPeriodeInsentif, type PeriodeInsentif } from "~/domain/lppm/insentif/master.server";
import type { SkInsentifInput } from "~/domain/lppm/insentif/insentif.schema";
import { klaimPage, type InsentifRow } from "~/domain/lppm/insentif/read.server";
import { nominalKlaim } from "~/domain/lppm/insentif/tarif";
import { insentifAdapter, type InsentifRefusal, type InsentifResult } from "~/domain/lppm/insentif/transition.server";
import { formatRupiah } from "~/lib/util/rupiah";

export const PILIH_KLAIM = "Pilih minimal satu klaim untuk ditetapkan.";

/** Statuses whose approved amounts are spent from the call's budget. */
const SPENT: readonly InsentifStatus[] = ["DITETAPKAN", "DICAIRKAN"];

/** How many waiting claims the board shows, unless the Kepala asks for all (up to PAPAN_SEMUA). */
export const PAPAN_TOP = 25;
export const PAPAN_SEMUA = 1000;

export type PapanInsentif = {
  periode: PeriodeInsentif;
  /** Claims approved by the Kepala, waiting for the SK: the latest approved first, PAPAN_TOP of them unless `semua`. */
  klaim: (InsentifRow & { nominal_usul: number })[];
  /** How many claims wait in all, and what their proposed amounts add up to. */
  menunggu: { jumlah: number; nominal: number };
  /** Approved amounts already decided in this call (DITETAPKAN, DICAIRKAN). */
  terpakai: number;
  sisa: number;
};

/** The amount a waiting claim is proposed at: the reviewer's recommendation, else what its tariff's rule gives. */
function nominalUsul(klaim: { nominal_rekomendasi: number | null; tarif: number | null }): number {
  return klaim.nominal_rekomendasi ?? klaim.tarif ?? 0;
}

/**
 * The penetapan board of a call: the approved claims with the amount to decide (the first
 * PAPAN_TOP, or all with `semua`: a call of hundreds of claims stays a page one can read), what
 * all waiting claims add up to, and the budget left.
 */
export function papanInsentif(db: Db, periodeId: number, { semua = false }: { semua?: boolean } = {}): PapanInsentif | null {
  const periode = getPeriodeInsentif(db, periodeId);
  if (!periode) return null;
  const waiting = and(eq(insentif.id_periode, periodeId), eq(insentif.status, "DISETUJUI_KEPALA"));
  const klaim = klaimPage(db, { page: 1, size: semua ? PAPAN_SEMUA : PAPAN_TOP, q: "" }, waiting).rows.map((row) => ({ ...row, nominal_usul: nominalUsul(row) }));
  // Every waiting claim's proposed amount, by the same rule (a few columns each, summed here).
  const usul = db
    .select({ nominal_rekomendasi: insentif.nominal_rekomendasi, peran: insentif.peran, jumlah_penulis: insentif.jumlah_penulis, jenis: jenisInsentif })
    .from(insentif)
    .innerJoin(jenisInsentif, eq(jenisInsentif.id, insentif.id_jenis))
    .where(waiting)
    .all()
    .map((row) => nominalUsul({ nominal_rekomendasi: row.nominal_rekomendasi, tarif: nominalKlaim(row.jenis, row)?.nominal ?? null }));
  const menunggu = { jumlah: usul.length, nominal: usul.reduce((sum, n) => sum + n, 0) };
  const terpakai = terpakaiOf(db, periodeId);
  return { periode, klaim, menunggu, terpakai, sisa: periode.anggaran_total - terpakai };
}

/** The approved amounts a call has already decided (DITETAPKAN, DICAIRKAN). */
function terpakaiOf(db: Db, periodeId: number): number {
  return (
    db
      .select({ n: sql<number>`coalesce(sum(${insentif.nominal_disetujui}), 0)` })
      .from(insentif)
      .where(and(eq(insentif.id_periode, periodeId), inArray(insentif.status, [...SPENT])))
      .get()?.n ?? 0
  );
}

class BatchRefused extends Error {
  constructor(readonly refusal: InsentifRefusal) {
    super(refusal.message);
  }
}

/**
 * 'Tetapkan': the Kepala decides the chosen claims of a call with one SK and their approved
 * amounts (each at most its tariff), within the budget left; all of it or nothing.
 */
export function tetapkanInsentif(
  db: Db,
  actor: Actor,
  periodeId: number,
  sk: SkInsentifInput,
  pilihan: readonly { id: number; nominal: number }[],
  now = new Date(),
): InsentifResult<{ jumlah: number; total: number }> {
  if (!actor.roles.includes("Kepala-LPPM")) return { ok: false, status: 403, message: NOT_PERMITTED };
  if (!pilihan.length) return { ok: false, status: 422, message: PILIH_KLAIM };
  try {
    const result = db.transaction((tx) => {
      // The budget left, not the board: the batch needs no page of claims.
      const periode = getPeriodeInsentif(tx, periodeId);
      if (!periode) throw new BatchRefused({ ok: false, status: 404, message: NOT_FOUND });
      const sisa = periode.anggaran_total - terpakaiOf(tx, periodeId);
      // The chosen claims themselves (the board may show only its first page of them).
      const chosen = klaimPage(
        tx,
        { page: 1, size: pilihan.length, q: "" },
        and(eq(insentif.id_periode, periodeId), eq(insentif.status, "DISETUJUI_KEPALA"), inArray(insentif.id, pilihan.map((p) => p.id))),
      ).rows;
      const total = pilihan.reduce((sum, p) => sum + p.nominal, 0);
      if (total > sisa) {
        throw new BatchRefused({ ok: false, status: 409, message: `Total nominal (${formatRupiah(total)}) melebihi sisa anggaran insentif (${formatRupiah(sisa)}).` });
      }
      const skRow = tx
        .insert(penetapanInsentif)
        .values({ id_periode: periodeId, nomor_sk: sk.nomor_sk, tanggal_sk: sk.tanggal_sk, id_user: actor.id, created_at: now, updated_at: now })
        .returning()
        .get();
      const batch = skRow.id;
      domainChanged(tx, { entity: "penetapan_insentif", action: "tambah", id: batch, before: null, after: skRow, summary: `SK ${sk.nomor_sk}: ${pilihan.length} klaim insentif` });
      for (const p of pilihan) {
        const claim = chosen.find((k) => k.id === p.id);
        if (!claim) throw new BatchRefused({ ok: false, status: 409, message: `Klaim #${p.id} tidak menunggu penetapan pada periode ini.` });
        if (claim.tarif !== null && p.nominal > claim.tarif) {
          throw new BatchRefused({ ok: false, status: 422, message: `Nominal "${claim.judul}" melebihi tarif (${formatRupiah(claim.tarif)}).` });
        }
        const moved = transition(tx, insentifAdapter, actor, p.id, "DITETAPKAN", { now, nominal_disetujui: p.nominal, id_penetapan: batch, note: `SK ${sk.nomor_sk}` });
        if (!moved.ok) throw new BatchRefused(moved);
      }
      return { ok: true as const, jumlah: pilihan.length, total };
    });
    return result;
  } catch (error) {
    if (error instanceof BatchRefused) return error.refusal;
    throw error;
  }
}

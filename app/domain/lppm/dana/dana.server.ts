/**
 * Grant money: the tranches (termin) of a periode, each funded proposal's amount per tranche,
 * whether it is payable yet, what was paid (Operator → LPPM → Pembayaran Dana; the ketua reads
 * the same on the proposal's page), and the recap per periode. Rules in dana.ts.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { laporan, pembayaranDana, prodi, terminDana, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { removeDocument, storeDocument } from "~/lib/server/documents.server";
import { domainChanged } from "~/domain/changes.server";
import { dokumenLog, usulanRef } from "~/domain/lppm/aktivitas.server";
import type { WorkflowRefusal } from "~/domain/refusal";
import { getPeriode, type Periode } from "~/domain/lppm/master/periode.server";
import { FUNDED_STATUSES } from "~/domain/lppm/penetapan/penetapan";
import type { Tabel } from "~/domain/lppm/penetapan/export.server";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { formatRupiah } from "~/lib/util/rupiah";
import {
  BUKTI_PEMBAYARAN_TYPES,
  rincianTermin,
  statusTermin,
  statusTerminLabel,
  SYARAT_BELUM,
  SYARAT_LABELS,
  type PembayaranInput,
  type StatusTermin,
  type SyaratTermin,
  type TerminInput,
} from "~/domain/lppm/dana/dana";

export type Termin = typeof terminDana.$inferSelect;
export type Pembayaran = { id: number; tanggal: string; jumlah: number; nomor_referensi: string; nama_file: string };

export type TerminUsulan = {
  id: number;
  nama: string;
  persen: number;
  syarat: SyaratTermin;
  jumlah: number;
  dibayar: number;
  sisa: number;
  status: StatusTermin;
  /** What the condition still waits for, while it does not hold ("laporan kemajuan belum diterima"). */
  alasan: string | null;
  pembayaran: Pembayaran[];
};

export type DanaUsulan = {
  id: number;
  judul: string;
  ketua: string;
  nidn: string | null;
  prodi: string | null;
  status: UsulanStatus;
  dana_disetujui: number;
  dibayar: number;
  termin: TerminUsulan[];
};

type Result = { ok: true } | WorkflowRefusal;

export const PERIODE_TIDAK_ADA = "Periode tidak ditemukan.";
export const TERMIN_TERKUNCI = "Termin periode ini tidak dapat diubah karena sudah ada pembayaran yang dicatat.";
export const USULAN_TIDAK_DIDANAI = "Usulan ini tidak didanai: tidak ada dana yang dapat dibayar.";
export const TERMIN_TIDAK_DIKENAL = "Termin tidak dikenal.";
export const TERMIN_BELUM_DITETAPKAN = "Termin pembayaran periode ini belum ditetapkan.";
export const terminBelumDapatDibayar = (nama: string, syarat: SyaratTermin) => `${nama} belum dapat dibayar: ${SYARAT_BELUM[syarat]}.`;
export const melebihiSisa = (nama: string, sisa: number) =>
  sisa > 0 ? `Jumlah melebihi sisa ${nama} (${formatRupiah(sisa)}).` : `${nama} sudah lunas.`;

/** The tranches of a periode, in paying order. */
export function listTermin(db: Db, periodeId: number): Termin[] {
  return db.select().from(terminDana).where(eq(terminDana.id_periode, periodeId)).orderBy(asc(terminDana.urutan)).all();
}

function paymentsOfPeriode(db: Db, periodeId: number): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(pembayaranDana)
      .innerJoin(terminDana, eq(terminDana.id, pembayaranDana.id_termin))
      .where(eq(terminDana.id_periode, periodeId))
      .get()?.n ?? 0
  );
}

/**
 * Replaces a periode's tranches. Refused once a payment of the periode is recorded: the amounts
 * already paid were worked out from the tranches as they stand.
 */
export function saveTermin(db: Db, periodeId: number, input: readonly TerminInput[]): Result {
  const p = getPeriode(db, periodeId);
  if (!p) return { ok: false, status: 404, message: PERIODE_TIDAK_ADA };
  return db.transaction((tx) => {
    if (paymentsOfPeriode(tx, periodeId) > 0) return { ok: false, status: 409, message: TERMIN_TERKUNCI } as const;
    const before = listTermin(tx, periodeId);
    tx.delete(terminDana).where(eq(terminDana.id_periode, periodeId)).run();
    input.forEach((t, i) => tx.insert(terminDana).values({ id_periode: periodeId, urutan: i + 1, ...t }).run());
    const text = (list: readonly { nama: string; persen: number; syarat: SyaratTermin }[]) =>
      list.map((t) => `${t.nama} ${t.persen}% (${SYARAT_LABELS[t.syarat]})`).join("; ") || null;
    domainChanged(tx, {
      entity: "termin_dana",
      action: "ubah",
      id: periodeId,
      before: { termin: text(before) },
      after: { termin: text(input) },
      summary: `Termin dana periode ${p.label}`,
    });
    return { ok: true } as const;
  });
}

type UsulanRow = { id: number; judul: string; ketua: string; nidn: string | null; prodi: string | null; status: string; dana_disetujui: number | null; id_periode: number };

function usulanRows(db: Db, where: ReturnType<typeof and>): UsulanRow[] {
  return db
    .select({
      id: usulan.id,
      judul: usulan.judul,
      ketua: users.name,
      nidn: users.nidn,
      prodi: prodi.nama,
      status: usulan.status,
      dana_disetujui: usulan.dana_disetujui,
      id_periode: usulan.id_periode,
    })
    .from(usulan)
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .where(and(where, inArray(usulan.status, [...FUNDED_STATUSES]), isNotNull(usulan.dana_disetujui)))
    .orderBy(asc(usulan.judul), asc(usulan.id))
    .all();
}

/** Each proposal's tranches with their amounts, payments and standing: three reads for any number of proposals. */
function withTermin(db: Db, rows: readonly UsulanRow[], termin: readonly Termin[]): DanaUsulan[] {
  const ids = rows.map((r) => r.id);
  const paid = ids.length
    ? db
        .select({
          id: pembayaranDana.id,
          id_usulan: pembayaranDana.id_usulan,
          id_termin: pembayaranDana.id_termin,
          tanggal: pembayaranDana.tanggal,
          jumlah: pembayaranDana.jumlah,
          nomor_referensi: pembayaranDana.nomor_referensi,
          nama_file: pembayaranDana.nama_file,
        })
        .from(pembayaranDana)
        .where(inArray(pembayaranDana.id_usulan, ids))
        .orderBy(asc(pembayaranDana.tanggal), asc(pembayaranDana.id))
        .all()
    : [];
  const accepted = ids.length
    ? db
        .select({ id_usulan: laporan.id_usulan, jenis: laporan.jenis })
        .from(laporan)
        .where(and(inArray(laporan.id_usulan, ids), eq(laporan.status, "DITERIMA")))
        .all()
    : [];
  const holds = (row: UsulanRow, syarat: SyaratTermin) =>
    syarat === "DIDANAI"
      ? FUNDED_STATUSES.includes(row.status as UsulanStatus)
      : accepted.some((l) => l.id_usulan === row.id && l.jenis === (syarat === "KEMAJUAN_DITERIMA" ? "kemajuan" : "akhir"));
  return rows.map((row) => {
    const dana = row.dana_disetujui ?? 0;
    const amounts = rincianTermin(dana, termin.map((t) => t.persen));
    const list = termin.map((t, i): TerminUsulan => {
      const pembayaran = paid.filter((p) => p.id_usulan === row.id && p.id_termin === t.id).map(({ id_usulan: _u, id_termin: _t, ...p }) => p);
      const jumlah = amounts[i] ?? 0;
      const dibayar = pembayaran.reduce((sum, p) => sum + p.jumlah, 0);
      const syaratTerpenuhi = holds(row, t.syarat);
      const status = statusTermin(jumlah, dibayar, syaratTerpenuhi);
      return {
        id: t.id,
        nama: t.nama,
        persen: t.persen,
        syarat: t.syarat,
        jumlah,
        dibayar,
        sisa: Math.max(0, jumlah - dibayar),
        status,
        alasan: status === "BELUM" ? SYARAT_BELUM[t.syarat] : null,
        pembayaran,
      };
    });
    return {
      id: row.id,
      judul: row.judul,
      ketua: row.ketua,
      nidn: row.nidn,
      prodi: row.prodi,
      status: row.status as UsulanStatus,
      dana_disetujui: dana,
      dibayar: list.reduce((sum, t) => sum + t.dibayar, 0),
      termin: list,
    };
  });
}

/** Every funded proposal of a periode with its tranches (the Pembayaran Dana list). */
export function danaPeriode(db: Db, periodeId: number): DanaUsulan[] {
  return withTermin(db, usulanRows(db, and(eq(usulan.id_periode, periodeId))), listTermin(db, periodeId));
}

/** One funded proposal's tranches and payments; null when it is not funded (nothing to pay). */
export function danaUsulan(db: Db, usulanId: number): DanaUsulan | null {
  const row = usulanRows(db, and(eq(usulan.id, usulanId)))[0];
  return row ? (withTermin(db, [row], listTermin(db, row.id_periode))[0] ?? null) : null;
}

/** The tranche `terminId` of the proposal as it stands, or why it cannot be paid. */
function payable(db: Db, usulanId: number, terminId: number, jumlah: number): { termin: TerminUsulan; dana: DanaUsulan } | WorkflowRefusal {
  const dana = danaUsulan(db, usulanId);
  if (!dana) return { ok: false, status: 409, message: USULAN_TIDAK_DIDANAI };
  if (dana.termin.length === 0) return { ok: false, status: 409, message: TERMIN_BELUM_DITETAPKAN };
  const termin = dana.termin.find((t) => t.id === terminId);
  if (!termin) return { ok: false, status: 422, message: TERMIN_TIDAK_DIKENAL, field: "termin" };
  if (termin.status === "BELUM") return { ok: false, status: 409, message: terminBelumDapatDibayar(termin.nama, termin.syarat), field: "termin" };
  if (jumlah > termin.sisa) return { ok: false, status: 422, message: melebihiSisa(termin.nama, termin.sisa), field: "jumlah" };
  return { termin, dana };
}

/**
 * Records a payment of a tranche with its proof. Checked before the proof is stored (a payable
 * tranche, no more than what remains of it) and again inside the write's transaction, so two
 * operators paying at once never overpay; a refused write removes the stored proof again.
 */
export async function catatPembayaran(db: Db, actorId: number, usulanId: number, input: PembayaranInput, bukti: File): Promise<Result> {
  const first = payable(db, usulanId, input.termin, input.jumlah);
  if ("ok" in first) return first;
  const stored = await storeDocument(bukti, "pembayaran", BUKTI_PEMBAYARAN_TYPES);
  try {
    const outcome = db.transaction((tx): Result => {
      const check = payable(tx, usulanId, input.termin, input.jumlah);
      if ("ok" in check) return check;
      const row = tx
        .insert(pembayaranDana)
        .values({
          id_usulan: usulanId,
          id_termin: input.termin,
          tanggal: input.tanggal,
          jumlah: input.jumlah,
          nomor_referensi: input.nomor_referensi,
          file: stored.file,
          nama_file: stored.nama_file,
          ukuran: stored.ukuran,
          id_pencatat: actorId,
        })
        .returning()
        .get();
      const lunas = check.termin.dibayar + input.jumlah >= check.termin.jumlah;
      domainChanged(tx, {
        entity: "pembayaran_dana",
        action: "tambah",
        id: row.id,
        before: null,
        after: dokumenLog(row),
        summary: `Pembayaran ${check.termin.nama} ${formatRupiah(input.jumlah)} untuk ${usulanRef(usulanId)}${lunas ? " (lunas)" : ""}`,
      });
      return { ok: true };
    });
    if (!outcome.ok) await removeDocument(stored.file);
    return outcome;
  } catch (error) {
    await removeDocument(stored.file);
    throw error;
  }
}

/** A payment's proof, for the office's download; null when the payment does not exist. */
export function buktiPembayaran(db: Db, id: number): { file: string; nama_file: string } | null {
  return db.select({ file: pembayaranDana.file, nama_file: pembayaranDana.nama_file }).from(pembayaranDana).where(eq(pembayaranDana.id, id)).get() ?? null;
}

/**
 * The recap of a periode's grant money (XLSX and CSV): one line per funded proposal and
 * tranche, with its amount, what was paid (the payments' dates and references) and what remains.
 */
export function tabelPembayaran(db: Db, p: Periode): Tabel {
  const rows = danaPeriode(db, p.id);
  return {
    title: `Pembayaran Dana ${p.label}`,
    columns: [
      { header: "No", width: 6 },
      { header: "Judul", width: 50 },
      { header: "Ketua", width: 28 },
      { header: "NIDN", width: 14 },
      { header: "Program Studi", width: 24 },
      { header: "Status usulan", width: 18 },
      { header: "Dana disetujui", width: 16, rupiah: true },
      { header: "Termin", width: 14 },
      { header: "Persen", width: 8 },
      { header: "Syarat", width: 30 },
      { header: "Jumlah termin", width: 16, rupiah: true },
      { header: "Dibayar", width: 16, rupiah: true },
      { header: "Sisa", width: 16, rupiah: true },
      { header: "Status pembayaran", width: 34 },
      { header: "Tanggal bayar", width: 24 },
      { header: "Nomor referensi", width: 30 },
    ],
    rows: rows.flatMap((r, i) =>
      r.termin.map((t) => [
        i + 1,
        r.judul,
        r.ketua,
        r.nidn,
        r.prodi,
        USULAN_WORKFLOW.labels[r.status],
        r.dana_disetujui,
        t.nama,
        t.persen,
        SYARAT_LABELS[t.syarat],
        t.jumlah,
        t.dibayar,
        t.sisa,
        statusTerminLabel(t.status, t.alasan),
        t.pembayaran.map((b) => b.tanggal).join(", ") || null,
        t.pembayaran.map((b) => b.nomor_referensi).join(", ") || null,
      ]),
    ),
  };
}

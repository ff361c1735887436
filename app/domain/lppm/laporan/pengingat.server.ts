/**
 * The reports' deadlines (LPPM.md, "Every screen"), once a day:
 * - remindLaporan: the ketua of each running project whose progress or final report window closes
 *   within the next 3 days — and whose report of that kind is not written yet, still a draft or
 *   returned — gets one outbox message per report;
 * - escalateOverdueLaporan: once such a window has closed with the report still missing, a draft
 *   or returned, the active operators are told, one message per kind of report listing them.
 * Each marks what it told of (pengingat_laporan, eskalasi_usulan) in the transaction of the
 * message, once per closing of the window (see ../pengingat.server.ts), so two runs — or two
 * processes — send once, and a window the Operator moves later brings them again.
 */
import { and, asc, eq, gt, lte, or, sql, type SQL } from "drizzle-orm";
import { laporan, periode, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { batasPengingat, belumDieskalasi, belumDiingatkan, kabarOperator, kirimKabar, tandaiEskalasi, tandaiPengingat, type Kabar } from "~/domain/lppm/pengingat.server";
import { LAPORAN_JUDUL, LAPORAN_LABEL, type LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";

/** Each report's window in the periode. */
const WINDOW = {
  kemajuan: { buka: periode.laporan_kemajuan_buka, tutup: periode.laporan_kemajuan_tutup },
  akhir: { buka: periode.laporan_akhir_buka, tutup: periode.laporan_akhir_tutup },
} as const;

const JENIS: readonly LaporanJenis[] = ["kemajuan", "akhir"];

/** The running projects whose `jenis` report is still the ketua's to write (none, a draft or returned), matching `where`. */
function laporanTertunda(tx: Db, jenis: LaporanJenis, where: SQL) {
  return tx
    .select({ id: usulan.id, judul: usulan.judul, tutup: WINDOW[jenis].tutup, userId: users.id, ketua: users.name, status: laporan.status })
    .from(usulan)
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .leftJoin(laporan, and(eq(laporan.id_usulan, usulan.id), eq(laporan.jenis, jenis)))
    .where(and(eq(usulan.status, "BERJALAN"), or(sql`${laporan.id} is null`, sql`${laporan.status} in ('DRAF', 'DIKEMBALIKAN')`), where))
    .orderBy(asc(WINDOW[jenis].tutup), asc(usulan.id))
    .all()
    .flatMap(({ tutup, ...row }) => (tutup ? [{ ...row, tutup }] : []));
}

/** Queues the due reminders at `now`; answers how many reports were reminded. */
export function remindLaporan(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const kabar: Kabar = { count: 0, messages: [] };
    for (const jenis of JENIS) {
      const { buka, tutup } = WINDOW[jenis];
      const due = laporanTertunda(tx, jenis, and(lte(buka, now), gt(tutup, now), lte(tutup, batasPengingat(now)), belumDiingatkan(jenis, tutup))!);
      // Another run may have marked it since the read: only the run whose mark lands sends.
      for (const row of due.filter((r) => tandaiPengingat(tx, r.id, jenis, r.tutup, now))) {
        kabar.count++;
        kabar.messages.push({
          userId: row.userId,
          subject: "Pengingat laporan",
          body: `Pengingat — ${LAPORAN_LABEL[jenis]} "${row.judul}" ditutup pada ${tanggalWaktu(row.tutup)}. Segera lengkapi dan ajukan laporan.`,
          link: `/pengusul/usulan/${row.id}`,
          sender: sender(),
        });
      }
    }
    return kabar;
  });
}

const KEADAAN: Record<string, string> = { DRAF: "masih draf", DIKEMBALIKAN: "dikembalikan, belum diajukan ulang" };

/** Tells the operators of the report windows closed at `now` with the report not submitted; answers how many reports. */
export function escalateOverdueLaporan(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const kabar: Kabar = { count: 0, messages: [] };
    for (const jenis of JENIS) {
      const { tutup } = WINDOW[jenis];
      const overdue = laporanTertunda(tx, jenis, and(lte(tutup, now), belumDieskalasi(jenis, tutup))!).filter((r) => tandaiEskalasi(tx, r.id, jenis, r.tutup, now));
      kabar.count += overdue.length;
      kabar.messages.push(
        ...kabarOperator(tx, sender, {
          subject: `${LAPORAN_LABEL[jenis]} lewat tenggat`,
          judul: `${overdue.length} ${LAPORAN_LABEL[jenis].toLowerCase()} belum diajukan hingga jadwalnya ditutup:`,
          items: overdue.map((row) => `"${row.judul}" — ${row.ketua} (${(row.status && KEADAAN[row.status]) ?? "belum ditulis"}), ditutup ${tanggalWaktu(row.tutup)}`),
          tindakan: `Hubungi ketuanya, atau perpanjang jadwal ${LAPORAN_LABEL[jenis].toLowerCase()} di LPPM → Periode; laporan yang diajukan diperiksa di LPPM → ${LAPORAN_JUDUL[jenis]}.`,
          link: `/operator/lppm/laporan-${jenis}`,
        }),
      );
    }
    return kabar;
  });
}

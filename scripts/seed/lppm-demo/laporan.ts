/**
 * What one of last year's projects has reported (its DemoLaporan): the progress report, the
 * recorded output (luaran capaian), the monev and the final report, each through its workflow's
 * statuses with its PDF and its timeline.
 */
import type { Db } from "../../../app/lib/server/db.server";
import { LAPORAN_AKHIR_WORKFLOW, LAPORAN_KEMAJUAN_WORKFLOW, MONEV_WORKFLOW, type LaporanStatus } from "../../../app/domain/lppm/workflow";
import { monevTotal } from "../../../app/domain/lppm/monev/monev";
import * as schema from "../../../db/schema";
import { RAB_PERBAIKAN_TOTAL } from "./tables/rab";
import type { DemoLaporan, DemoUsulan } from "./tables/usulan";
import type { DemoDocuments } from "./documents";
import type { Accounts, Actor, Calls } from "./masters";
import { DAY, LAPORAN_PATH } from "./paths";
import { kriteriaOf } from "./scoring";

/** What the reports are written with: the clock, this year (the projects are last year's), the accounts, the stored files. */
type LaporanContext = { now: number; calls: Pick<Calls, "tahun">; accounts: Accounts; documents: DemoDocuments["usulan"] };

/** The project that reports: its proposal, its place in DEMO_USULAN (its timeline's minute) and its row's id. */
type ReportingProject = { u: DemoUsulan; index: number; id: number };

/** A project's recorded output as the incentive claim form prefills it: the luaran's id and the publication. */
export type LuaranCapaian = { id: number; judul: string; nama_wadah: string; issn_isbn: string; doi_url: string };

/** The reports and the monev of `project`, whose planned output is `luaranId`; returns its recorded output. */
export function seedLaporan(tx: Db, { now, calls, accounts, documents }: LaporanContext, { u, index, id }: ReportingProject, laporan: DemoLaporan, luaranId: number): LuaranCapaian {
  const ketua = accounts.person(u.ketua);
  /** The timeline of a report or a monev: `path[i]` reached `days[i]` days from now. */
  const log = (kind: string, entityId: number, path: readonly string[], days: readonly number[], note: string | undefined, by: (to: string) => Actor) =>
    path.forEach((to, i) =>
      tx.insert(schema.statusLog)
        .values({
          entity: kind,
          entity_id: entityId,
          from_status: i === 0 ? null : path[i - 1]!,
          to_status: to,
          actor_id: by(to).id,
          actor_name: by(to).name,
          note: i === path.length - 1 && note ? note : null,
          created_at: new Date(now + days[i]! * DAY - index * 60_000),
        })
        .run(),
    );
  // The ketua submits a report; the office accepts or returns it.
  const office = (to: string): Actor => (to === "DITERIMA" || to === "DIKEMBALIKAN" ? accounts.operator : ketua);
  const report = (jenis: "kemajuan" | "akhir", status: LaporanStatus, days: readonly number[], note?: string) => {
    const path = LAPORAN_PATH[status];
    const akhir = jenis === "akhir";
    const laporanId = tx
      .insert(schema.laporan)
      .values({
        id_usulan: id,
        jenis,
        status,
        capaian: akhir ? 100 : 50,
        realisasi: akhir ? RAB_PERBAIKAN_TOTAL : Math.round(RAB_PERBAIKAN_TOTAL * 0.45),
        ringkasan: akhir
          ? "Seluruh tahapan selesai; luaran telah terbit dan hasil dipaparkan kepada mitra. (contoh data demo)"
          : "Pengumpulan data dan perancangan selesai; pengujian berjalan sesuai jadwal. (contoh data demo)",
        diajukan_at: path.includes("DIAJUKAN") ? new Date(now + days[1]! * DAY) : null,
        created_at: new Date(now + days[0]! * DAY),
        updated_at: new Date(now + days[path.length - 1]! * DAY),
      })
      .returning({ id: schema.laporan.id })
      .get().id;
    const doc = documents.get(`${u.judul}/laporan_${jenis}`);
    if (doc) {
      tx.insert(schema.usulanDokumen)
        .values({ id_usulan: id, ronde: akhir ? "laporan_akhir" : "laporan_kemajuan", versi: 1, file: doc.file, nama_file: doc.nama_file, ukuran: doc.ukuran, id_pengunggah: ketua.id, created_at: new Date(now + days[0]! * DAY) })
        .run();
    }
    log((akhir ? LAPORAN_AKHIR_WORKFLOW : LAPORAN_KEMAJUAN_WORKFLOW).kind, laporanId, path, days, note, office);
  };

  report("kemajuan", laporan.kemajuan, [-40, -35, -30], laporan.note);

  const terbit = laporan.akhir === "DIAJUKAN" || laporan.akhir === "DITERIMA";
  const capaian: LuaranCapaian = {
    id: luaranId,
    judul: u.judul,
    nama_wadah: "Jurnal Teknologi dan Industri Mebel (contoh data demo)",
    issn_isbn: "2407-1234",
    doi_url: terbit ? `10.99999/etalase-demo.${calls.tahun - 1}.${index + 1}` : "https://jurnal.example.ac.id/submission/demo",
  };
  tx.insert(schema.luaranCapaian)
    .values({
      id_luaran: luaranId,
      status: terbit ? "Published" : "Submitted",
      judul_publikasi: capaian.judul,
      nama_wadah: capaian.nama_wadah,
      issn_isbn: capaian.issn_isbn,
      doi_url: capaian.doi_url,
      tahun: calls.tahun - 1,
    })
    .run();

  if (laporan.monev) {
    const reviewer = u.jenis === "penelitian" ? "reviewer.internal" : "reviewer.ekonomi";
    const scored = laporan.monev === "DINILAI";
    const items = scored ? kriteriaOf(tx, u.jenis, "monev").map((k, i) => ({ urutan: k.urutan, kriteria: k.kriteria, bobot: k.bobot, skor: laporan.skorMonev![i]! })) : [];
    const ba = documents.get(`${u.judul}/berita_acara`);
    const monevId = tx
      .insert(schema.monev)
      .values({
        id_usulan: id,
        id_reviewer: accounts.userId.get(reviewer)!,
        status: laporan.monev,
        tenggat: new Date(now + (scored ? -16 : 20) * DAY),
        total_nilai: scored ? monevTotal(items) : null,
        catatan: scored ? "Pelaksanaan sesuai rencana; dokumentasi kegiatan lengkap. (contoh data demo)" : null,
        berita_acara_file: ba?.file ?? null,
        berita_acara_nama: ba?.nama_file ?? null,
        berita_acara_ukuran: ba?.ukuran ?? null,
        dinilai_at: scored ? new Date(now - 15 * DAY) : null,
        created_at: new Date(now - 25 * DAY),
        updated_at: new Date(now - (scored ? 15 : 25) * DAY),
      })
      .returning({ id: schema.monev.id })
      .get().id;
    if (items.length) tx.insert(schema.monevItem).values(items.map((item) => ({ id_monev: monevId, ...item }))).run();
    // The office assigns the monev; the reviewer scores it.
    log(MONEV_WORKFLOW.kind, monevId, scored ? ["DITUGASKAN", "DINILAI"] : ["DITUGASKAN"], [-25, -15], undefined, (to) => (to === "DINILAI" ? accounts.person(reviewer) : accounts.operator));
  }

  if (laporan.akhir) report("akhir", laporan.akhir, [-10, -5, -2], laporan.noteAkhir);
  return capaian;
}

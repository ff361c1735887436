/**
 * The demo's proposals (DEMO_USULAN), each with what its status implies: the team, the RAB and
 * the planned output, the proposal PDF (and its revision), a running project's Catatan Harian,
 * the reviewers' assignments and scores, the SK of the call that funded it, and its status
 * timeline; last year's projects also their reports and monev (laporan.ts).
 */
import type { Db } from "../../../app/lib/server/db.server";
import { USULAN_WORKFLOW, type UsulanStatus } from "../../../app/domain/lppm/workflow";
import { toWibDateInput } from "../../../app/lib/util/wib";
import * as schema from "../../../db/schema";
import { FAKULTAS, prodiOf } from "./tables/people";
import { RAB_LINES, RAB_TOTAL } from "./tables/rab";
import { DEMO_USULAN, type DemoUsulan } from "./tables/usulan";
import type { DemoDocuments } from "./documents";
import { seedLaporan, type LuaranCapaian } from "./laporan";
import type { Accounts, Calls } from "./masters";
import { DAY, pathTo } from "./paths";
import { kriteriaOf, SKALA } from "./scoring";

/** What the proposals are written with: the clock, the accounts, the calls, the stored files. */
export type UsulanContext = {
  now: number;
  accounts: Accounts;
  calls: Calls;
  documents: DemoDocuments["usulan"];
};

/** One demo proposal as written: its row and its timeline. */
export type Project = {
  u: DemoUsulan;
  /** Its place in DEMO_USULAN (the timelines of the proposals lie a minute apart). */
  index: number;
  id: number;
  /** The statuses it went through, DRAF first. */
  steps: UsulanStatus[];
  reached(status: UsulanStatus): boolean;
  /** When `steps[i]` was reached. */
  at(i: number): Date;
};

/** The SKs of the calls' winners, and the number each one carries. */
type Sk = { idOf(periodeId: number, lalu: boolean): number; nomor(lalu: boolean): string };

/**
 * Writes every demo proposal; returns the recorded output (luaran capaian) of each project that
 * has one, by the project's title, for the incentive claims that copy it.
 */
export function seedUsulan(tx: Db, ctx: UsulanContext): Map<string, LuaranCapaian> {
  const sk = penetapanSk(tx, ctx);
  const capaian = new Map<string, LuaranCapaian>();
  DEMO_USULAN.forEach((u, index) => {
    const luaran = seedProject(tx, ctx, sk, u, index);
    if (luaran) capaian.set(u.judul, luaran);
  });
  return capaian;
}

/** One SK per call that decided winners (this year's, and last year's), written with its first winner. */
function penetapanSk(tx: Db, { now, calls, accounts }: UsulanContext): Sk {
  const penetapanOf = new Map<number, number>();
  const nomor = (lalu: boolean) => `012/LPPM/SK/${lalu ? calls.tahun - 1 : calls.tahun}`;
  return {
    nomor,
    idOf(periodeId, lalu) {
      let id = penetapanOf.get(periodeId);
      if (id === undefined) {
        id = tx
          .insert(schema.penetapan)
          .values({ id_periode: periodeId, nomor_sk: nomor(lalu), tanggal_sk: new Date(now - (lalu ? 360 : 3) * DAY), id_user: accounts.userId.get("kepala.lppm")! })
          .returning({ id: schema.penetapan.id })
          .get().id;
        penetapanOf.set(periodeId, id);
      }
      return id;
    },
  };
}

/** The two reviewers of a jenis's proposals. */
const reviewersFor = (jenis: "penelitian" | "pengabdian"): [string, string] =>
  jenis === "penelitian" ? ["reviewer.ekonomi", "reviewer.external"] : ["reviewer.internal", "reviewer.external"];

/** Who made a step: the demo user holding the transition's role (null: the operator or the system). */
function actorFor(from: UsulanStatus, to: UsulanStatus, u: DemoUsulan): string | null {
  const by = USULAN_WORKFLOW.transitions.find((t) => t.from === from && t.to === to)?.by;
  if (!by || by === "system") return null;
  if (by.includes("Pengusul")) return u.ketua;
  if (by.includes("Verifikator-Fakultas")) {
    return (FAKULTAS[0].prodi as readonly string[]).includes(prodiOf(u.ketua)) ? "verifikator.ft" : "verifikator.feb";
  }
  if (by.includes("Sekretaris-LPPM")) return "sekretaris.lppm";
  if (by.includes("Kepala-LPPM")) return "kepala.lppm";
  return null;
}

/** One proposal and everything its status implies, in the order the rows are written. */
function seedProject(tx: Db, ctx: UsulanContext, sk: Sk, u: DemoUsulan, index: number): LuaranCapaian | null {
  const { now } = ctx;
  const steps = pathTo(u.status);
  const reached = (s: UsulanStatus) => steps.includes(s);
  const periode = (u.lalu ? ctx.calls.periodeLaluOf : ctx.calls.periodeOf)[u.jenis];
  const funded = ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"].includes(u.status);
  const putaran = u.status === "DIKEMBALIKAN_KE_REVIEW" ? 2 : reached("REVIEW") ? 1 : 0;
  const kriteria = kriteriaOf(tx, u.jenis);
  const totalOf = (level: number) => (kriteria.length ? kriteria.reduce((sum, k) => sum + k.bobot * SKALA[level]!, 0) : 100 * SKALA[level]!);
  const totals = u.skor ? [totalOf(u.skor[0]), totalOf(u.skor[1])] : null;
  const decidedOnBoard = u.status === "TIDAK_DIDANAI" || funded;

  // The timeline: one step a day, ending a day ago (last year's calls: a week a step, a year
  // ago; the final report's acceptance made it SELESAI two days ago).
  const t0 = (u.lalu ? now - 430 * DAY : now - (steps.length + 1) * DAY) - index * 60_000;
  const at = (i: number) => (steps[i] === "SELESAI" ? new Date(now - 2 * DAY - index * 60_000) : new Date(t0 + i * (u.lalu ? 7 : 1) * DAY));

  const id = tx
    .insert(schema.usulan)
    .values({
      id_periode: periode.id,
      jenis: u.jenis,
      id_ketua: ctx.accounts.userId.get(u.ketua)!,
      status: u.status,
      judul: u.judul,
      ringkasan:
        "Usulan ini merupakan contoh data demo. Latar belakang, tujuan, metode, dan luaran dijelaskan secara ringkas " +
        "agar layar LPPM dapat dicoba dari pengajuan sampai penetapan.",
      kata_kunci: JSON.stringify(u.jenis === "penelitian" ? ["mebel", "teknologi", "UMKM"] : ["pemberdayaan", "UMKM", "pelatihan"]),
      bidang_fokus: u.jenis === "penelitian" ? "Teknologi informasi dan komunikasi" : "Pemberdayaan ekonomi masyarakat",
      tkt: u.jenis === "penelitian" ? 2 : null,
      mitra_nama: u.jenis === "pengabdian" ? "Paguyuban Pengrajin Mebel Jepara" : "",
      mitra_alamat: u.jenis === "pengabdian" ? "Desa Mulyoharjo, Jepara" : "",
      mitra_kontak: u.jenis === "pengabdian" ? "081234560000" : "",
      lama_bulan: 8,
      dana_diusulkan: RAB_TOTAL,
      dana_disetujui: funded ? RAB_TOTAL - 1_000_000 : null,
      putaran_review: putaran,
      nilai_rata: totals && reached("DINILAI") ? (totals[0]! + totals[1]!) / 2 : null,
      id_penetapan: decidedOnBoard ? sk.idOf(periode.id, Boolean(u.lalu)) : null,
      diajukan_at: reached("DIAJUKAN") ? at(1) : null,
      created_at: at(0),
      updated_at: at(steps.length - 1),
    })
    .returning({ id: schema.usulan.id })
    .get().id;
  const project: Project = { u, index, id, steps, reached, at };

  const luaranId = seedTeamAndPlan(tx, ctx, project);
  seedCatatanHarian(tx, ctx, project);
  if (reached("REVIEW")) seedReviews(tx, ctx, project, kriteria, totals);
  seedTimeline(tx, ctx, sk, project);
  return u.laporan ? seedLaporan(tx, ctx, project, u.laporan, luaranId) : null;
}

/** Team: a member (invitation still waiting on the draft), a student; RAB; luaran; the PDF. Returns the luaran's id. */
function seedTeamAndPlan(tx: Db, { accounts, documents }: UsulanContext, { u, index, id, reached, steps, at }: Project): number {
  tx.insert(schema.usulanAnggota)
    .values({
      id_usulan: id,
      id_user: accounts.userId.get(u.anggota)!,
      status_undangan: u.status === "DRAF" ? "MENUNGGU" : "DITERIMA",
      dijawab_at: u.status === "DRAF" ? null : at(0),
    })
    .run();
  tx.insert(schema.usulanMahasiswa).values({ id_usulan: id, nama: `Mahasiswa Demo ${index + 1}`, nim: `2023${String(1000 + index)}`, prodi: prodiOf(u.ketua) }).run();
  const rabTahap: ("usulan" | "perbaikan")[] = reached("PERBAIKAN_DIAJUKAN") ? ["usulan", "perbaikan"] : ["usulan"];
  for (const tahap of rabTahap) {
    for (const line of RAB_LINES) {
      const volume = tahap === "perbaikan" && line.kelompok === "Bahan" ? line.volume - 1 : line.volume;
      tx.insert(schema.usulanRab).values({ id_usulan: id, tahap, ...line, volume, jumlah: volume * line.harga_satuan }).run();
    }
  }
  const luaranId = tx
    .insert(schema.usulanLuaran)
    .values({ id_usulan: id, jenis: "Jurnal nasional terakreditasi", target: "Submitted", keterangan: "Jurnal SINTA 2–4" })
    .returning({ id: schema.usulanLuaran.id })
    .get().id;
  const ketuaId = accounts.userId.get(u.ketua)!;
  const pdf = documents.get(`${u.judul}/usulan`)!;
  tx.insert(schema.usulanDokumen)
    .values({ id_usulan: id, ronde: "usulan", versi: 1, file: pdf.file, nama_file: pdf.nama_file, ukuran: pdf.ukuran, id_pengunggah: ketuaId, created_at: at(0) })
    .run();
  const revised = documents.get(`${u.judul}/perbaikan`);
  if (revised) {
    tx.insert(schema.usulanDokumen)
      .values({ id_usulan: id, ronde: "perbaikan", versi: 1, file: revised.file, nama_file: revised.nama_file, ukuran: revised.ukuran, id_pengunggah: ketuaId, created_at: at(steps.indexOf("PERBAIKAN_DIAJUKAN")) })
      .run();
  }
  return luaranId;
}

/** Catatan Harian of a running project: yesterday's by the ketua (with a receipt), today's by the member. */
function seedCatatanHarian(tx: Db, { now, accounts, documents }: UsulanContext, { u, id }: Project): void {
  const nota = documents.get(`${u.judul}/catatan`);
  if (!nota) return;
  // Last year's projects wrote theirs before the progress report.
  const last = u.lalu ? now - 50 * DAY : now;
  const notes = [
    { by: u.ketua, day: last - DAY, kegiatan: "Pembelian bahan uji dan penyiapan data produksi bengkel mitra.", capaian: 10, kelompok: "Bahan" as const, biaya: 450_000 },
    { by: u.anggota, day: last, kegiatan: "Survei jadwal produksi di dua bengkel mebel mitra.", capaian: 20, kelompok: "Pengumpulan data" as const, biaya: 600_000 },
  ];
  notes.forEach((n, i) => {
    const catatan = tx
      .insert(schema.catatanHarian)
      .values({ id_usulan: id, id_penulis: accounts.userId.get(n.by)!, tanggal: toWibDateInput(new Date(n.day)), kegiatan: n.kegiatan, capaian: n.capaian, kelompok: n.kelompok, biaya: n.biaya, created_at: new Date(n.day), updated_at: new Date(n.day) })
      .returning({ id: schema.catatanHarian.id })
      .get();
    if (i === 0) tx.insert(schema.catatanHarianBukti).values({ id_catatan: catatan.id, file: nota.file, nama_file: nota.nama_file, ukuran: nota.ukuran }).run();
  });
}

/** Reviews: round 1 (and round 2 for the one sent back), with items per criterion. */
function seedReviews(tx: Db, { now, accounts }: UsulanContext, { u, id, steps, at }: Project, kriteria: ReturnType<typeof kriteriaOf>, totals: number[] | null): void {
  const rounds = u.status === "DIKEMBALIKAN_KE_REVIEW" ? [1, 2] : [1];
  for (const putaranKe of rounds) {
    const open = putaranKe === 2 || u.status === "REVIEW";
    reviewersFor(u.jenis).forEach((reviewer, which) => {
      const failed = u.status === "TIDAK_LOLOS" && which === 0;
      const scored = !open && !failed && totals;
      const adminDone = !open || (u.status === "REVIEW" && which === 0);
      const assignment = tx
        .insert(schema.penugasanReviewer)
        .values({
          id_usulan: id,
          id_reviewer: accounts.userId.get(reviewer)!,
          putaran: putaranKe,
          tenggat: open ? new Date(now + (which === 0 ? 2 : 9) * DAY) : at(steps.indexOf("REVIEW") + 1),
          administrasi_lolos: adminDone || failed ? !failed : null,
          administrasi_catatan: failed ? "Komposisi tim tidak memenuhi syarat skema." : adminDone ? "Dokumen lengkap." : null,
          administrasi_at: adminDone || failed ? at(steps.indexOf("REVIEW")) : null,
          total_nilai: scored ? totals![which]! : null,
          rekomendasi: scored ? (totals![which]! >= 350 ? "Layak didanai" : "Layak didanai dengan perbaikan") : null,
          dana_rekomendasi: scored ? RAB_TOTAL - 1_000_000 : null,
          catatan: scored ? "Metode sudah jelas; perjelas jadwal luaran." : null,
          substansi_at: scored ? at(steps.indexOf("REVIEW") + 1) : null,
        })
        .returning({ id: schema.penugasanReviewer.id })
        .get();
      if (scored) {
        kriteria.forEach((k) => {
          const skor = SKALA[u.skor![which]!]!;
          tx.insert(schema.penilaianItem)
            .values({ id_penugasan: assignment.id, tahap: "substansi", kriteria: k.kriteria, urutan: k.urutan, bobot: k.bobot, skor, nilai: k.bobot * skor, justifikasi: `Penilaian ${k.kriteria.toLowerCase()} sesuai dokumen usulan.` })
            .run();
        });
      }
    });
  }
}

/** The timeline: one entry per step, by whoever's role made it (the Operator's: the first operator). */
function seedTimeline(tx: Db, { accounts }: UsulanContext, sk: Sk, { u, id, steps, at }: Project): void {
  steps.forEach((to, i) => {
    const who = i === 0 ? u.ketua : actorFor(steps[i - 1]!, to, u);
    const system = i > 0 && USULAN_WORKFLOW.transitions.find((t) => t.from === steps[i - 1] && t.to === to)?.by === "system";
    const actor = system ? { id: null, name: "Sistem" } : who ? accounts.person(who) : accounts.operator;
    const last = i === steps.length - 1;
    tx.insert(schema.statusLog)
      .values({
        entity: USULAN_WORKFLOW.kind,
        entity_id: id,
        from_status: i === 0 ? null : steps[i - 1]!,
        to_status: to,
        actor_id: actor.id,
        actor_name: actor.name,
        note: last && u.note ? u.note : to === "DIDANAI" ? `SK ${sk.nomor(Boolean(u.lalu))}` : null,
        // A step outside the normal flow (a withdrawal) is logged under its name, as the engine does.
        aksi: i > 0 ? (USULAN_WORKFLOW.transitions.find((t) => t.from === steps[i - 1] && t.to === to)?.override ?? null) : null,
        created_at: at(i),
      })
      .run();
  });
}

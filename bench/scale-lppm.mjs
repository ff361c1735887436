// Fills a (copied) Etalase database that holds the LPPM demo up to the issue-12 benchmark
// scale: 1,000 lecturers, 100 reviewers and 5,000 proposals over four periodes (two of them the
// open demo ones), in every status of the proposal cycle, each with a team member, RAB lines,
// a luaran, its status timeline and — from REVIEW on — two reviewer assignments with scores;
// running and finished projects have daily notes, reports and monev (issue 13) in every status.
// The demo accounts keep their share (the reviewer and proposer the bench signs in as get
// assignments and proposals like everybody else). New users reuse the demo password's hash.
// One transaction of prepared statements.
//
//   node bench/scale-lppm.mjs <db file> [--proposals N] [--lecturers N] [--reviewers N]
//
// Totals are targets: rows already present (the demo) count towards them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rng } from "../db/seed/rng.mjs";

export const LPPM_SCALE_DEFAULTS = { proposals: 5_000, lecturers: 1_000, reviewers: 100 };

const DAY = 24 * 60 * 60 * 1000;

/** Status shares of the generated proposals (sum 100), and the path each was reached by. */
const MIX = [
  ["DRAF", 12],
  ["DIAJUKAN", 9],
  ["DISETUJUI_FAKULTAS", 5],
  ["DIKEMBALIKAN", 3],
  ["DITOLAK", 3],
  ["REVIEW", 12],
  ["DINILAI", 8],
  ["TIDAK_LOLOS", 3],
  ["DIKEMBALIKAN_KE_REVIEW", 2],
  ["DIVERIFIKASI", 5],
  ["DIREKOMENDASIKAN", 10],
  ["DIDANAI", 7],
  ["TIDAK_DIDANAI", 6],
  ["PERBAIKAN_DIAJUKAN", 3],
  ["BERJALAN", 8],
  ["SELESAI", 4],
];
const MAIN = ["DRAF", "DIAJUKAN", "DISETUJUI_FAKULTAS", "REVIEW", "DINILAI", "DIVERIFIKASI", "DIREKOMENDASIKAN", "DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"];
const EXIT = { DIKEMBALIKAN: "DIAJUKAN", DITOLAK: "DIAJUKAN", TIDAK_LOLOS: "REVIEW", DIKEMBALIKAN_KE_REVIEW: "DINILAI", TIDAK_DIDANAI: "DIREKOMENDASIKAN" };
const pathTo = (status) => (EXIT[status] ? [...MAIN.slice(0, MAIN.indexOf(EXIT[status]) + 1), status] : MAIN.slice(0, MAIN.indexOf(status) + 1));

const TOPIK = ["Sistem Informasi", "Pemberdayaan UMKM", "Kecerdasan Buatan", "Energi Terbarukan", "Literasi Keuangan", "Pertanian Presisi", "Kesehatan Masyarakat", "Pariwisata Desa", "Rantai Pasok Mebel", "Pendidikan Vokasi"];
const OBJEK = ["di Kabupaten Kudus", "untuk Pengrajin Jepara", "bagi Koperasi Desa", "pada Sekolah Dasar", "di Kawasan Pesisir", "untuk Industri Kecil", "bagi Kelompok Tani", "pada Pasar Tradisional"];
const NAMA_DEPAN = ["Agus", "Budi", "Citra", "Dewi", "Eko", "Fajar", "Gita", "Hadi", "Indah", "Joko", "Kartika", "Lukman", "Maya", "Nur", "Oki", "Putri", "Rizki", "Sari", "Teguh", "Wulan"];
const NAMA_BELAKANG = ["Santoso", "Wijaya", "Lestari", "Pratama", "Hidayat", "Saputra", "Kurniawan", "Rahmawati", "Nugroho", "Permata"];
const JABATAN = ["Asisten Ahli", "Lektor", "Lektor Kepala", "Guru Besar"];
const RAB = [
  ["Honor", "Honor pembantu peneliti", "OB", 6, 200_000],
  ["Bahan", "Bahan habis pakai", "paket", 2, 1_250_000],
  ["Pengumpulan data", "Transport survei", "OK", 10, 300_000],
  ["Publikasi & luaran", "Biaya publikasi", "judul", 1, 2_500_000],
  ["Lain-lain", "Seminar hasil", "kegiatan", 1, 1_300_000],
];
const RAB_TOTAL = RAB.reduce((s, [, , , v, h]) => s + v * h, 0);

/** Builds an INSERT for `table` that copies every column of a template row except the given ones. */
function cloner(db, table, where = "1 = 1") {
  const cols = db.prepare(`PRAGMA table_info(${table})`).all().map((c) => c.name).filter((c) => c !== "id");
  const template = db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY rowid LIMIT 1`).get();
  if (!template) throw new Error(`scale-lppm.mjs: tabel ${table} kosong (butuh demo LPPM)`);
  const stmt = db.prepare(`INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map((c) => `@${c}`).join(", ")})`);
  return (values) => Number(stmt.run({ ...template, ...values }).lastInsertRowid);
}

export async function scaleLppm(dbFile, options = {}) {
  const target = { ...LPPM_SCALE_DEFAULTS, ...options };
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(dbFile, { fileMustExist: true });
  const started = Date.now();
  const random = rng(20261124);
  const pick = (list) => list[Math.floor(random() * list.length)];
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  const count = (sql) => db.prepare(sql).get().n;
  const hasRole = (role) => `exists (select 1 from json_each(hak_akses) where value = '${role}')`;
  const countAll = () => ({
    lecturers: count(`SELECT COUNT(*) AS n FROM users WHERE ${hasRole("Pengusul")}`),
    reviewers: count(`SELECT COUNT(*) AS n FROM users WHERE ${hasRole("Reviewer-Internal")} OR ${hasRole("Reviewer-External")}`),
    proposals: count("SELECT COUNT(*) AS n FROM usulan"),
    assignments: count("SELECT COUNT(*) AS n FROM penugasan_reviewer"),
    log: count("SELECT COUNT(*) AS n FROM status_log"),
    notes: count("SELECT COUNT(*) AS n FROM catatan_harian"),
    reports: count("SELECT COUNT(*) AS n FROM laporan"),
    monev: count("SELECT COUNT(*) AS n FROM monev"),
  });
  const before = countAll();
  if (before.proposals === 0) {
    db.close();
    throw new Error("scale-lppm.mjs butuh database yang sudah berisi demo LPPM (SEED_DEMO=1)");
  }
  const now = Date.now();
  const newUser = cloner(db, "users", hasRole("Pengusul"));
  const newPeriode = cloner(db, "periode");
  const newUsulan = cloner(db, "usulan");
  const insertAnggota = db.prepare("INSERT INTO usulan_anggota (id_usulan, id_user, peran, status_undangan, dijawab_at, created_at, updated_at) VALUES (?, ?, 'Anggota', ?, ?, ?, ?)");
  const insertRab = db.prepare("INSERT INTO usulan_rab (id_usulan, tahap, kelompok, item, satuan, volume, harga_satuan, jumlah, created_at, updated_at) VALUES (?, 'usulan', ?, ?, ?, ?, ?, ?, ?, ?)");
  const insertLuaran = db.prepare("INSERT INTO usulan_luaran (id_usulan, jenis, target, keterangan, created_at, updated_at) VALUES (?, 'Jurnal nasional terakreditasi', 'Submitted', '', ?, ?)");
  const insertLog = db.prepare("INSERT INTO status_log (entity, entity_id, from_status, to_status, actor_id, actor_name, note, created_at) VALUES ('usulan', ?, ?, ?, ?, ?, NULL, ?)");
  const insertPenugasan = db.prepare(
    `INSERT INTO penugasan_reviewer (id_usulan, id_reviewer, putaran, tenggat, administrasi_lolos, administrasi_catatan, administrasi_at, total_nilai, rekomendasi, dana_rekomendasi, catatan, substansi_at, created_at, updated_at)
     VALUES (@id_usulan, @id_reviewer, @putaran, @tenggat, @administrasi_lolos, NULL, @administrasi_at, @total_nilai, @rekomendasi, @dana_rekomendasi, NULL, @substansi_at, @now, @now)`,
  );
  const setNilai = db.prepare("UPDATE usulan SET nilai_rata = ? WHERE id = ?");
  // Catatan Harian (issue 13): a running project has a note every few days since it started.
  const insertCatatan = db.prepare(
    "INSERT INTO catatan_harian (id_usulan, id_penulis, tanggal, kegiatan, capaian, kelompok, biaya, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );

  // Reports and monev (issue 13): what a running project has got to, and a finished one's all.
  const insertLaporan = db.prepare(
    "INSERT INTO laporan (id_usulan, jenis, status, capaian, realisasi, ringkasan, diajukan_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Ringkasan laporan untuk uji skala.', ?, ?, ?)",
  );
  const insertMonev = db.prepare("INSERT INTO monev (id_usulan, id_reviewer, status, tenggat, total_nilai, dinilai_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const reportsOf = (id, status, reviewers) => {
    const laporan = (jenis, laporanStatus, days) => {
      const at = now - days * DAY;
      insertLaporan.run(id, jenis, laporanStatus, jenis === "akhir" ? 100 : 50, jenis === "akhir" ? RAB_TOTAL : Math.round(RAB_TOTAL / 2), laporanStatus === "DRAF" ? null : at, at, at);
    };
    const r = random();
    if (status === "BERJALAN" && r < 0.3) return;
    const kemajuan = status === "SELESAI" || r >= 0.6 ? "DITERIMA" : r < 0.5 ? "DIAJUKAN" : "DIKEMBALIKAN";
    laporan("kemajuan", kemajuan, 30);
    if (kemajuan !== "DITERIMA") return;
    const m = random();
    if (status === "BERJALAN" && m < 0.3) return;
    const dinilai = status === "SELESAI" || m >= 0.6;
    insertMonev.run(id, pick(reviewers).id, dinilai ? "DINILAI" : "DITUGASKAN", now + (dinilai ? -10 : 10) * DAY, dinilai ? 55 + Math.round(random() * 4500) / 100 : null, dinilai ? now - 12 * DAY : null, now - 20 * DAY, now - 12 * DAY);
    if (status === "SELESAI") laporan("akhir", "DITERIMA", 3);
    else if (dinilai && random() < 0.5) laporan("akhir", "DIAJUKAN", 5);
  };

  const run = db.transaction(() => {
    const prodiIds = db.prepare("SELECT id FROM prodi").all().map((r) => r.id);
    // Lecturers and reviewers up to their targets.
    let n = 0;
    const person = (roles) => {
      n++;
      const name = `${pick(NAMA_DEPAN)} ${pick(NAMA_BELAKANG)}, M.${pick(["T", "Kom", "Si", "M", "Pd"])}.`;
      return newUser({
        username: `bench.${roles[0].toLowerCase().replace(/[^a-z]/g, "")}.${n}`,
        name,
        email: `bench${n}@kampus.example`,
        no_hp: `0857${String(10_000_000 + n).slice(-8)}`,
        hak_akses: JSON.stringify(roles),
        nidn: `88${String(n).padStart(8, "0")}`,
        jabatan_akademik: pick(JABATAN),
        id_prodi: pick(prodiIds),
        id_fakultas_verifikasi: null,
        sinta_id: null,
        bidang_keahlian: pick(TOPIK),
        created_at: now,
        updated_at: now,
      });
    };
    for (let i = before.lecturers; i < target.lecturers; i++) person(["Pengusul"]);
    for (let i = before.reviewers; i < target.reviewers; i++) person([random() < 0.7 ? "Reviewer-Internal" : "Reviewer-External"]);
    const lecturers = db.prepare(`SELECT id, name FROM users WHERE ${hasRole("Pengusul")}`).all();
    const reviewers = db.prepare(`SELECT id, name FROM users WHERE ${hasRole("Reviewer-Internal")} OR ${hasRole("Reviewer-External")}`).all();
    const operator = db.prepare(`SELECT id, name FROM users WHERE ${hasRole("Operator")} ORDER BY id LIMIT 1`).get();

    // Two earlier years' periodes beside the open demo ones (same skema, closed windows).
    const open = db.prepare("SELECT p.id, s.jenis, p.tahun FROM periode p JOIN skema s ON s.id = p.id_skema").all();
    const periodes = [...open];
    for (const p of open) {
      for (const back of [1, 2]) {
        const shifted = {};
        for (const stage of ["pengajuan", "review", "penetapan", "perbaikan", "laporan_kemajuan", "monev", "laporan_akhir"]) {
          shifted[`${stage}_buka`] = now - back * 365 * DAY;
          shifted[`${stage}_tutup`] = now - back * 365 * DAY + 30 * DAY;
        }
        const row = db.prepare("SELECT * FROM periode WHERE id = ?").get(p.id);
        periodes.push({ id: newPeriode({ ...row, ...shifted, tahun: p.tahun - back, created_at: now, updated_at: now }), jenis: p.jenis, tahun: p.tahun - back });
      }
    }
    const weights = MIX.flatMap(([status, w]) => Array(w).fill(status));
    const toAdd = Math.max(0, target.proposals - before.proposals);
    for (let i = 0; i < toAdd; i++) {
      const status = pick(weights);
      const steps = pathTo(status);
      // 40 % in the open periodes (the ranking board and the lists of this year), the rest earlier.
      const periode = random() < 0.4 ? pick(open) : pick(periodes);
      const ketua = pick(lecturers);
      const created = now - (toAdd - i) * 5 * 60_000;
      const reached = (s) => steps.includes(s);
      const funded = ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"].includes(status);
      const putaran = status === "DIKEMBALIKAN_KE_REVIEW" ? 2 : reached("REVIEW") ? 1 : 0;
      const id = newUsulan({
        id_periode: periode.id,
        jenis: periode.jenis,
        id_ketua: ketua.id,
        status,
        judul: `${pick(TOPIK)} ${pick(OBJEK)} (${i + 1})`,
        ringkasan: "Ringkasan usulan untuk uji skala.",
        kata_kunci: JSON.stringify(["uji", "skala", "lppm"]),
        tkt: periode.jenis === "penelitian" ? 2 : null,
        mitra_nama: periode.jenis === "pengabdian" ? "Mitra Uji" : "",
        dana_diusulkan: RAB_TOTAL,
        dana_disetujui: funded ? RAB_TOTAL : null,
        putaran_review: putaran,
        nilai_rata: null,
        id_penetapan: null,
        diajukan_at: reached("DIAJUKAN") ? created + DAY : null,
        created_at: created,
        updated_at: created + steps.length * DAY,
      });
      const member = pick(lecturers);
      if (member.id !== ketua.id) insertAnggota.run(id, member.id, status === "DRAF" ? "MENUNGGU" : "DITERIMA", status === "DRAF" ? null : created, created, created);
      for (const [kelompok, item, satuan, volume, harga] of RAB) insertRab.run(id, kelompok, item, satuan, volume, harga, volume * harga, created, created);
      insertLuaran.run(id, created, created);
      if (status === "BERJALAN" || status === "SELESAI") {
        reportsOf(id, status, reviewers);
        const notes = 5 + Math.floor(random() * 11);
        for (let k = 0; k < notes; k++) {
          const at = now - (notes - k) * 3 * DAY;
          const day = new Date(at + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
          insertCatatan.run(id, random() < 0.7 ? ketua.id : member.id, day, `Kegiatan ${k + 1}: ${pick(TOPIK)}`, Math.min(100, (k + 1) * 6), pick(RAB)[0], Math.round(random() * 20) * 50_000, at, at);
        }
      }
      steps.forEach((to, k) => insertLog.run(id, k === 0 ? null : steps[k - 1], to, k === 0 ? ketua.id : operator.id, k === 0 ? ketua.name : operator.name, created + k * DAY));
      if (reached("REVIEW")) {
        const first = pick(reviewers);
        let second = pick(reviewers);
        while (second.id === first.id) second = pick(reviewers);
        const totals = [];
        for (let round = 1; round <= putaran; round++) {
          const openRound = round === putaran && (status === "REVIEW" || status === "DIKEMBALIKAN_KE_REVIEW");
          for (const [which, reviewer] of [first, second].entries()) {
            const failed = status === "TIDAK_LOLOS" && which === 0;
            const scored = !openRound && !failed;
            const total = scored ? 300 + Math.floor(random() * 350) : null;
            if (scored && round === putaran) totals.push(total);
            insertPenugasan.run({
              id_usulan: id,
              id_reviewer: reviewer.id,
              putaran: round,
              tenggat: openRound ? now + Math.floor(random() * 14 - 3) * DAY : created + 10 * DAY,
              administrasi_lolos: openRound && random() < 0.5 ? null : failed ? 0 : 1,
              administrasi_at: openRound ? null : created + 5 * DAY,
              total_nilai: total,
              rekomendasi: scored ? "Layak didanai" : null,
              dana_rekomendasi: scored ? RAB_TOTAL : null,
              substansi_at: scored ? created + 8 * DAY : null,
              now: created,
            });
          }
        }
        if (reached("DINILAI") && totals.length === 2) setNilai.run((totals[0] + totals[1]) / 2, id);
      }
    }
  });
  run();
  db.exec("ANALYZE");
  const after = countAll();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { before, after, seconds: (Date.now() - started) / 1000 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith("--") && !(args[i - 1] ?? "").startsWith("--"));
  if (!file) {
    console.error("pakai: node bench/scale-lppm.mjs <db file> [--proposals N] [--lecturers N] [--reviewers N]");
    process.exit(2);
  }
  const opts = {};
  for (const key of Object.keys(LPPM_SCALE_DEFAULTS)) {
    const i = args.indexOf(`--${key}`);
    if (i >= 0) opts[key] = Number(args[i + 1]);
  }
  try {
    const r = await scaleLppm(path.resolve(file), opts);
    console.log(`scale LPPM selesai dalam ${r.seconds.toFixed(2)} s`);
    console.table({ sebelum: r.before, sesudah: r.after });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// Fills a (copied) Etalase database that holds the LPPM demo up to the benchmark
// scale: 1,000 lecturers, 100 reviewers and 5,000 proposals over four periodes (two of them the
// open demo ones), in every status of the proposal cycle, each with a team member, RAB lines,
// a luaran, its status timeline and — from REVIEW on — two reviewer assignments with scores;
// running and finished projects have daily notes, reports and monev in every status;
// 3,000 publication-incentive claims over the demo's two incentive calls and two
// earlier years', in every status of the incentive workflow, with their timelines and SKs;
// each proposal's ketua's inbox holds an item for every step after submission.
// The demo accounts keep their share (the reviewer and proposer the bench signs in as get
// assignments, proposals and claims like everybody else). New users reuse the demo password's
// hash. One transaction of prepared statements.
//
//   node bench/scale-lppm.mjs <db file> [--proposals N] [--lecturers N] [--reviewers N] [--claims N]
//
// Totals are targets: rows already present (the demo) count towards them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rng } from "../scripts/seed/rng.mjs";

export const LPPM_SCALE_DEFAULTS = { proposals: 5_000, lecturers: 1_000, reviewers: 100, claims: 3_000 };

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

/**
 * Status shares of the generated incentive claims (sum 100): the open call's are still on their
 * way (submitted, evaluated, approved; one SK or two so far), an earlier call's were mostly
 * decided and paid, the rest left refused, returned or never submitted.
 */
const KLAIM_MIX = {
  open: [
    ["DRAF", 10],
    ["DIAJUKAN", 22],
    ["DIEVALUASI", 14],
    ["DIKEMBALIKAN", 7],
    ["TIDAK_VALID", 5],
    ["DISETUJUI_SEKRETARIS", 13],
    ["DISETUJUI_KEPALA", 14],
    ["DITETAPKAN", 9],
    ["DICAIRKAN", 6],
  ],
  closed: [
    ["DRAF", 4],
    ["DIKEMBALIKAN", 3],
    ["TIDAK_VALID", 9],
    ["DITETAPKAN", 6],
    ["DICAIRKAN", 78],
  ],
};
const KLAIM_MAIN = ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"];
const klaimPath = (status) => (status === "DIKEMBALIKAN" || status === "TIDAK_VALID" ? ["DRAF", "DIAJUKAN", status] : KLAIM_MAIN.slice(0, KLAIM_MAIN.indexOf(status) + 1));
/** How often each kind of the demo's tariff table is claimed (national journals most, Q1 least). */
const KLAIM_JENIS = { Q1: 2, Q2: 4, Q3: 6, Q4: 8, "Sinta 1": 3, "Sinta 2": 10, "Sinta 3": 14, "Sinta 4": 12, "Prosiding internasional": 10, "Prosiding nasional": 8, HKI: 12, "Buku ber-ISBN": 8 };
const AWALAN = ["Analisis", "Model", "Evaluasi", "Rancang Bangun", "Kajian", "Optimasi"];
const ISSN = ["2355-7699", "2579-5341", "2614-8250", "2622-7371", "2407-1234", "2962-4417", "2809-6611", "2951-3307"];
/**
 * The duplicate check's key of an ISSN/ISBN and title, built as judulKunci in
 * app/domain/lppm/insentif/insentif.schema.ts does (the bench runs without the app's TypeScript).
 */
const judulKunci = (issnIsbn, judul) => {
  const nomor = issnIsbn.replace(/[^0-9xX]/g, "").toUpperCase();
  return nomor ? `${nomor}|${judul.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, " ").trim()}` : "";
};

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
    claims: count("SELECT COUNT(*) AS n FROM insentif"),
    claimCalls: count("SELECT COUNT(*) AS n FROM periode_insentif"),
    claimSks: count("SELECT COUNT(*) AS n FROM penetapan_insentif"),
    inbox: count("SELECT COUNT(*) AS n FROM notification_outbox WHERE channel = 'inbox'"),
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
  // Catatan Harian: a running project has a note every few days since it started.
  const insertCatatan = db.prepare(
    "INSERT INTO catatan_harian (id_usulan, id_penulis, tanggal, kegiatan, capaian, kelompok, biaya, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );

  // Reports and monev: what a running project has got to, and a finished one's all.
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

  // Publication-incentive claims: the claim, its timeline, the calls and SKs they need.
  const insertPeriodeInsentif = db.prepare("INSERT INTO periode_insentif (tahun, anggaran_total, pengajuan_buka, pengajuan_tutup, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
  const insertSkInsentif = db.prepare("INSERT INTO penetapan_insentif (id_periode, nomor_sk, tanggal_sk, id_user, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
  const insertKlaim = db.prepare(
    `INSERT INTO insentif (id_periode, id_pengusul, id_jenis, status, judul, nama_wadah, issn_isbn, doi_url, tahun, volume_nomor, peran, jumlah_penulis, doi_kunci, judul_kunci,
       id_reviewer, tenggat, evaluasi, nominal_rekomendasi, catatan_evaluasi, dievaluasi_at, nominal_disetujui, id_penetapan, diajukan_at, dicairkan_at, created_at, updated_at)
     VALUES (@id_periode, @id_pengusul, @id_jenis, @status, @judul, @nama_wadah, @issn_isbn, @doi_url, @tahun, @volume_nomor, @peran, @jumlah_penulis, @doi_kunci, @judul_kunci,
       @id_reviewer, @tenggat, @evaluasi, @nominal_rekomendasi, NULL, @dievaluasi_at, @nominal_disetujui, @id_penetapan, @diajukan_at, @dicairkan_at, @created_at, @updated_at)`,
  );
  const insertLogKlaim = db.prepare("INSERT INTO status_log (entity, entity_id, from_status, to_status, actor_id, actor_name, note, created_at) VALUES ('insentif', ?, ?, ?, ?, ?, ?, ?)");
  // A call's budget covers what its SKs decided, with a fifth to spare (a 1,000-lecturer university's, in steps of Rp 50 juta).
  const coverBudgets = db.prepare(
    `UPDATE periode_insentif SET anggaran_total = max(anggaran_total, (
       SELECT (CAST(coalesce(sum(i.nominal_disetujui), 0) * 1.2 / 50000000 AS INTEGER) + 1) * 50000000
       FROM insentif i WHERE i.id_periode = periode_insentif.id AND i.status IN ('DITETAPKAN', 'DICAIRKAN')))`,
  );

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

    // Publication-incentive claims up to their target, from the demo's tariff table, over the demo's
    // calls (this year's open, last year's) and two earlier years' (last year's window, a year
    // further back each). A demo made before the incentives has no tariff table: no claims then.
    const tarif = db.prepare("SELECT * FROM jenis_insentif").all();
    const calls = db.prepare("SELECT * FROM periode_insentif ORDER BY tahun DESC").all();
    const toClaim = Math.max(0, target.claims - before.claims);
    if (tarif.length && calls.length && toClaim) {
      const oldest = calls.at(-1);
      for (const back of [1, 2]) {
        const shift = back * 365 * DAY;
        const row = { ...oldest, tahun: oldest.tahun - back, pengajuan_buka: oldest.pengajuan_buka - shift, pengajuan_tutup: oldest.pengajuan_tutup - shift };
        row.id = Number(insertPeriodeInsentif.run(row.tahun, row.anggaran_total, row.pengajuan_buka, row.pengajuan_tutup, now, now).lastInsertRowid);
        calls.push(row);
      }
      const office = (role) => db.prepare(`SELECT id, name FROM users WHERE ${hasRole(role)} ORDER BY id LIMIT 1`).get() ?? operator;
      const sekretaris = office("Sekretaris-LPPM");
      const kepala = office("Kepala-LPPM");
      // The reviewer's checklist as the demo's evaluated claims hold it (every item met).
      const evaluasi = db.prepare("SELECT evaluasi FROM insentif WHERE evaluasi IS NOT NULL LIMIT 1").get()?.evaluasi ?? "[]";
      const bag = (pairs) => pairs.flatMap(([value, weight]) => Array(weight).fill(value));
      const statusBag = { open: bag(KLAIM_MIX.open), closed: bag(KLAIM_MIX.closed) };
      // The open call holds a third of the claims, the earlier ones the rest (fewer further back).
      const callBag = bag(calls.map((c, i) => [c, [35, 25, 22, 18][i] ?? 10]));
      const isOpen = (c) => c.pengajuan_buka <= now && now <= c.pengajuan_tutup;
      // Kinds made inactive stay on the claims of the calls two or more years back.
      const kindBag = (all) => bag(tarif.filter((t) => all || t.aktif).map((t) => [t, KLAIM_JENIS[t.peringkat] ?? KLAIM_JENIS[t.jenis] ?? 5]));
      const kinds = { recent: kindBag(false), all: kindBag(true) };
      // The SK batches of a call: two so far in the open one, three after an earlier one closed;
      // each paid two weeks later (the open call's: at most a day ago).
      const batchesOf = new Map();
      const batches = (c) => {
        if (!batchesOf.has(c.id)) {
          const times = isOpen(c) ? [now - 25 * DAY, now - 12 * DAY] : [15, 30, 45].map((d) => c.pengajuan_tutup + d * DAY);
          batchesOf.set(c.id, times.map((at, k) => ({ at, cair: Math.min(at + 14 * DAY, now - DAY), nomor: `${100 + k}/LPPM/SK-INS/${c.tahun}`, id: null })));
        }
        return batchesOf.get(c.id);
      };
      const skOf = (c, batch) => {
        batch.id ??= Number(insertSkInsentif.run(c.id, batch.nomor, batch.at, kepala.id, batch.at, batch.at).lastInsertRowid);
        return batch.id;
      };
      for (let i = 0; i < toClaim; i++) {
        const n = i + 1;
        const c = pick(callBag);
        const open = isOpen(c);
        const status = pick(open ? statusBag.open : statusBag.closed);
        const steps = klaimPath(status);
        const jenis = pick(c.tahun >= calls[0].tahun - 1 ? kinds.recent : kinds.all);
        const peran = jenis.anggota_boleh && random() < 0.25 ? "anggota" : random() < 0.7 ? "pertama" : "korespondensi";
        const tarifKlaim = peran === "anggota" ? jenis.tarif_anggota : jenis.tarif_utama;
        const pengusul = pick(lecturers);
        // The Operator assigns a reviewer after the submission (six in ten of those still waiting).
        let reviewer = null;
        if (steps.length > 1 && (status !== "DIAJUKAN" || random() < 0.6)) {
          do reviewer = pick(reviewers);
          while (reviewer.id === pengusul.id);
        }
        // The timeline: a claim an SK decided moved with its batch; the others' last step lies in the
        // call's window (the open call's: up to a day ago). Steps 3 days apart (earlier calls: 5).
        const gap = (open ? 3 : 5) * DAY;
        const ditetapkan = steps.indexOf("DITETAPKAN");
        const batch = ditetapkan >= 0 ? pick(batches(c)) : null;
        const anchor = ditetapkan >= 0 ? ditetapkan : steps.length - 1;
        const earliest = c.pengajuan_buka + anchor * gap;
        const end = batch ? batch.at : earliest + random() * Math.max(0, (open ? now - DAY : c.pengajuan_tutup) - earliest);
        const at = (k) => (steps[k] === "DICAIRKAN" ? batch.cair : Math.round(end - (anchor - k) * gap));
        const evaluated = steps.includes("DIEVALUASI");
        const nominal = evaluated ? (random() < 0.15 ? Math.round((tarifKlaim * 0.8) / 50_000) * 50_000 : tarifKlaim) : null;
        const jurnal = jenis.jenis.startsWith("Jurnal") || jenis.jenis.startsWith("Prosiding");
        const buku = jenis.jenis === "Buku ber-ISBN";
        const judul = `${pick(AWALAN)} ${pick(TOPIK)} ${pick(OBJEK)} (${n})`;
        const issn = jenis.jenis === "HKI" ? "" : buku ? `978-623-${String(n).padStart(6, "0")}-0` : pick(ISSN);
        const doi = `10.99999/bench.${c.tahun}.${n}`;
        const id = Number(
          insertKlaim.run({
            id_periode: c.id,
            id_pengusul: pengusul.id,
            id_jenis: jenis.id,
            status,
            judul,
            nama_wadah: jurnal ? `${jenis.jenis.startsWith("Prosiding") ? "Prosiding Seminar" : "Jurnal"} ${pick(TOPIK)} (uji skala)` : buku ? "Penerbit Universitas (uji skala)" : "Direktorat Jenderal Kekayaan Intelektual",
            issn_isbn: issn,
            doi_url: jurnal ? `https://doi.org/${doi}` : buku ? `https://penerbit.example.ac.id/buku/bench-${n}` : `https://hki.example.go.id/hak-cipta/EC${c.tahun}${String(n).padStart(6, "0")}`,
            tahun: c.tahun,
            volume_nomor: jurnal ? `Vol. ${1 + Math.floor(random() * 15)} No. ${1 + Math.floor(random() * 4)}` : "",
            peran,
            jumlah_penulis: 2 + Math.floor(random() * 4),
            doi_kunci: jurnal ? doi : "",
            judul_kunci: judulKunci(issn, judul),
            id_reviewer: reviewer?.id ?? null,
            tenggat: reviewer ? at(1) + 14 * DAY : null,
            evaluasi: evaluated ? evaluasi : null,
            nominal_rekomendasi: nominal,
            dievaluasi_at: evaluated ? at(steps.indexOf("DIEVALUASI")) : null,
            nominal_disetujui: batch ? nominal : null,
            id_penetapan: batch ? skOf(c, batch) : null,
            diajukan_at: steps.length > 1 ? at(1) : null,
            dicairkan_at: status === "DICAIRKAN" ? batch.cair : null,
            created_at: at(0),
            updated_at: at(steps.length - 1),
          }).lastInsertRowid,
        );
        const actorOf = { DRAF: pengusul, DIAJUKAN: pengusul, DIEVALUASI: reviewer, DIKEMBALIKAN: reviewer, TIDAK_VALID: reviewer, DISETUJUI_SEKRETARIS: sekretaris, DISETUJUI_KEPALA: kepala, DITETAPKAN: kepala, DICAIRKAN: operator };
        steps.forEach((to, k) => {
          const note = to === "DITETAPKAN" ? `SK ${batch.nomor}` : to === "DIKEMBALIKAN" || to === "TIDAK_VALID" ? "Bukti publikasi belum sesuai (uji skala)." : null;
          insertLogKlaim.run(id, k === 0 ? null : steps[k - 1], to, actorOf[to].id, actorOf[to].name, note, at(k));
        });
      }
      coverBudgets.run();
    }
  });
  run();
  // Each proposal's step after its submission tells its ketua in the inbox, as the workflow does:
  // tens of thousands of items, those of the last 30 days unread (the header's count of every page).
  db.exec(`
    INSERT INTO notification_outbox (channel, recipient, user_id, subject, body, link, status, attempts, read_at, created_at, sent_at)
    SELECT 'inbox', u.username, u.id, 'Usulan: ' || l.to_status, 'Status usulan "' || s.judul || '" kini ' || l.to_status || '.',
           '/pengusul/usulan/' || s.id, 'sent', 1,
           CASE WHEN l.created_at < (SELECT MAX(created_at) FROM status_log) - 30 * 86400000 THEN l.created_at + 3600000 END,
           l.created_at, l.created_at
    FROM status_log l JOIN usulan s ON s.id = l.entity_id JOIN users u ON u.id = s.id_ketua
    WHERE l.entity = 'usulan' AND l.from_status IS NOT NULL AND l.from_status <> 'DRAF'
  `);
  // Grant money: every periode paid in two tranches (70 % on contract, 30 % after the progress
  // report), the first tranche of every other funded proposal paid (Pembayaran Dana's list and
  // its recap read these per proposal). The proof files are not written: no bench page opens one.
  db.exec(`
    INSERT INTO termin_dana (id_periode, urutan, nama, persen, syarat)
    SELECT p.id, t.urutan, t.nama, t.persen, t.syarat FROM periode p
    CROSS JOIN (SELECT 1 AS urutan, 'Termin 1' AS nama, 70 AS persen, 'DIDANAI' AS syarat UNION ALL SELECT 2, 'Termin 2', 30, 'KEMAJUAN_DITERIMA') t
    WHERE NOT EXISTS (SELECT 1 FROM termin_dana d WHERE d.id_periode = p.id);
    INSERT INTO pembayaran_dana (id_usulan, id_termin, tanggal, jumlah, nomor_referensi, file, nama_file, ukuran, id_pencatat)
    SELECT u.id, d.id, '2026-03-02', u.dana_disetujui * 70 / 100, 'TRF-SKALA-' || u.id, 'pembayaran/' || lower(hex(randomblob(16))) || '.pdf', 'bukti-transfer.pdf', 2048,
           (SELECT id FROM users ORDER BY id LIMIT 1)
    FROM usulan u JOIN termin_dana d ON d.id_periode = u.id_periode AND d.urutan = 1
    WHERE u.dana_disetujui IS NOT NULL AND u.status IN ('DIDANAI', 'PERBAIKAN_DIAJUKAN', 'BERJALAN', 'SELESAI') AND u.id % 2 = 0
      AND NOT EXISTS (SELECT 1 FROM pembayaran_dana b WHERE b.id_usulan = u.id);
  `);
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
    console.error("pakai: node bench/scale-lppm.mjs <db file> [--proposals N] [--lecturers N] [--reviewers N] [--claims N]");
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

// The papers the LPPM prints and signs, as PDF: each one's generation time, size and pages,
// timed in this process on a copy of the seeded demo shop with a funded periode added — a ketua
// with a team, an SK funding --pemenang proposals (its attachment's table runs over pages), a
// monev scored on five criteria, and the letterhead and signatories in Setting.
//
//   node bench/pdf.mjs [--runs 30] [--pemenang 25] [--db <a seeded etalase.db>] [--keep]
//
// The domain code (app/domain/lppm/naskah/naskah.server.ts and what it reads) is bundled once with
// esbuild into .tmp/ and run by plain Node, as the server runs it; the viewer is the Operator.
// 'pertama' is the first paper of the process: it reads and parses the font (DejaVu Sans, kept
// after); 'median' and 'p95' are over --runs calls after it.
import "../scripts/check-node.mjs";
import { bundleDomain, ROOT, seededDatabase } from "./lib.mjs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

/** A funded periode on the database file: the ids the papers are made for. */
async function addFundedPeriode(file, pemenang) {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(file);
  const now = Date.now();
  const run = (sql, ...params) => db.prepare(sql).run(...params).lastInsertRowid;
  const ids = db.transaction(() => {
    db.prepare(
      "update setting set kop_institusi = ?, kop_alamat = ?, ttd_kepala_nama = ?, ttd_kepala_nip = ?, ttd_sekretaris_nama = ?, ttd_sekretaris_nip = ? where id = 1",
    ).run("Universitas Contoh Nusantara", "Jl. Merdeka No. 1, Bandung 40111", "Prof. Dr. Hendra Wijaya, M.T.", "197801012005011001", "Dr. Rina Kusuma, M.Si.", "198203152008012002");
    const fakultas = run("insert into fakultas (nama) values (?)", `Fakultas Bench ${now}`);
    const prodi = run("insert into prodi (id_fakultas, nama) values (?, ?)", fakultas, "Teknik Informatika");
    const skema = run("insert into skema (jenis, nama, dana_maksimal) values ('penelitian', ?, 50000000)", `Penelitian Dasar Bench ${now}`);
    const periode = run("insert into periode (tahun, id_skema, sumber_dana, anggaran_total, kuota_judul) values (2026, ?, 'DIPA', 1000000000, ?)", skema, pemenang);
    const user = (i) =>
      run(
        "insert into users (username, name, password_hash, hak_akses, nidn, id_prodi, jabatan_akademik) values (?, ?, 'x', '[\"Pengusul\"]', ?, ?, 'Lektor')",
        `bench-dosen-${now}-${i}`,
        `Dr. Dosen Peneliti ${i}, M.Kom.`,
        String(9_000_000_000 + i),
        prodi,
      );
    const sk = run("insert into penetapan (id_periode, nomor_sk, tanggal_sk) values (?, '12/LPPM/SK/XI/2026', ?)", periode, now);
    const usulan = [];
    for (let i = 0; i < pemenang; i++) {
      const ketua = user(i);
      const id = run(
        "insert into usulan (id_periode, jenis, id_ketua, status, judul, dana_diusulkan, dana_disetujui, id_penetapan, diajukan_at) values (?, 'penelitian', ?, 'BERJALAN', ?, 12000000, ?, ?, ?)",
        periode,
        ketua,
        `Model Prediksi Banjir Berbasis Sensor dan Pembelajaran Mesin untuk Desa ${i + 1}`,
        10_300_000 + i * 100_000,
        sk,
        now,
      );
      usulan.push(id);
    }
    const [first] = usulan;
    for (let j = 0; j < 2; j++) run("insert into usulan_anggota (id_usulan, id_user, status_undangan) values (?, ?, 'DITERIMA')", first, user(pemenang + j));
    run("insert into usulan_mahasiswa (id_usulan, nama, nim) values (?, 'Andi Pratama', '2201001')", first);
    run("insert into usulan_luaran (id_usulan, jenis, target) values (?, 'Jurnal nasional terakreditasi', 'Submitted')", first);
    const reviewer = run("insert into users (username, name, password_hash, hak_akses) values (?, 'Prof. Reviewer Monev', 'x', '[\"Reviewer-Internal\"]')", `bench-reviewer-${now}`);
    const monev = run("insert into monev (id_usulan, id_reviewer, status, tenggat, total_nilai, catatan, dinilai_at) values (?, ?, 'DINILAI', ?, 74, 'Sesuai rencana.', ?)", first, reviewer, now, now);
    ["Luaran wajib", "Luaran tambahan", "Kesesuaian pelaksanaan", "Realisasi anggaran", "Catatan harian"].forEach((kriteria, i) =>
      run("insert into monev_item (id_monev, urutan, kriteria, bobot, skor) values (?, ?, ?, 20, ?)", monev, i + 1, kriteria, 60 + i * 5),
    );
    const operator = db.prepare("select id from users where hak_akses like '%\"Operator\"%' order by id limit 1").get().id;
    return { usulan: first, sk, operator };
  })();
  db.close();
  return ids;
}

async function main() {
  const runs = Number(arg("runs", "30"));
  const pemenang = Number(arg("pemenang", "25"));
  const source = seededDatabase(arg("db"), "tests/integration/lppm-naskah.test.ts");
  fs.mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(ROOT, ".tmp", "pdf-bench-"));
  try {
    const file = path.join(scratch, "etalase.db");
    fs.copyFileSync(source, file);
    const ids = await addFundedPeriode(file, pemenang);
    const bundle = path.join(scratch, "pdf-bench.mjs");
    await bundleDomain(["app/domain/lppm/naskah/naskah.server.ts", "app/domain/lppm/naskah/naskah.ts"], bundle);
    process.env.DATABASE_URL = file;
    const mod = await import(pathToFileURL(bundle).href);
    const db = mod.openDb(file);
    const viewer = { id: ids.operator, roles: ["Operator"] };
    const papers = {
      "lembar-pengesahan": () => mod.naskahUsulan(db, viewer, ids.usulan, "lembar-pengesahan"),
      kontrak: () => mod.naskahUsulan(db, viewer, ids.usulan, "kontrak"),
      "berita-acara-monev": () => mod.naskahUsulan(db, viewer, ids.usulan, "berita-acara-monev"),
      [`sk (${pemenang} pemenang)`]: () => mod.naskahSk(db, ids.sk),
    };
    const { PDFDocument } = await import("pdf-lib");
    const rows = {};
    for (const [name, make] of Object.entries(papers)) {
      let start = performance.now();
      const first = await make();
      if (!first) throw new Error(`${name}: tidak dibuat`);
      const pertama = performance.now() - start;
      const times = [];
      for (let i = 0; i < runs; i++) {
        start = performance.now();
        await make();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const pages = (await PDFDocument.load(first.bytes)).getPageCount();
      rows[name] = {
        "pertama (ms)": Math.round(pertama),
        "median (ms)": Math.round(times[Math.floor(times.length / 2)]),
        "p95 (ms)": Math.round(times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]),
        "ukuran (KB)": Math.round(first.bytes.byteLength / 102.4) / 10,
        halaman: pages,
      };
    }
    console.log(`\n[pdf-bench] Node ${process.version}, ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} CPU); ${runs} panggilan per naskah`);
    console.table(rows);
    console.log(`[pdf-bench] RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
    if (args.includes("--keep")) console.log(`[pdf-bench] database disimpan di ${file}`);
  } finally {
    if (!args.includes("--keep")) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}

// The lecturers import at its tested size: 1,000 lecturers, as CSV and as XLSX (made by
// write-excel-file, as a spreadsheet would), read, planned (the dry run) and applied — each new
// account with its one-time link written, no mail server configured — timed in this process.
//
//   node bench/dosen-import.mjs [--rows 1000] [--db <a seeded etalase.db>]
//
// The database is a copy of the test template Vitest seeds under .tmp/template/ (any `npx vitest
// run …` makes it), or --db. The domain code (app/domain/lppm/dosen/, app/domain/impor/) is
// bundled with esbuild into .tmp/ and run by plain Node, as the server runs it.
import "../scripts/check-node.mjs";
import { bundleDomain, ROOT, seededDatabase } from "./lib.mjs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import writeExcelFile from "write-excel-file/node";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

const KOLOM = ["nidn", "nama", "email", "no_hp", "prodi", "jabatan_akademik", "bidang_keahlian", "sinta_id", "hak_akses"];

function rowsOf(count, start, prodi) {
  return Array.from({ length: count }, (_, i) => [
    String(start + i),
    `Dr. Dosen Bench ${i + 1}, M.T.`,
    `dosen.bench${start + i}@kampus.example`,
    `0812${String(10_000_000 + i)}`,
    prodi,
    "Lektor",
    "Rekayasa perangkat lunak",
    String(6_000_000 + i),
    "Pengusul, Reviewer-Internal",
  ]);
}

async function main() {
  const rows = Number(arg("rows", "1000"));
  const source = seededDatabase(arg("db"), "app/domain/users/identitas.test.ts");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-dosen-bench-"));
  const scratch = fs.mkdtempSync(path.join(ROOT, ".tmp", "dosen-bench-"));
  const dbFile = path.join(work, "etalase.db");
  try {
    fs.copyFileSync(source, dbFile);
    process.env.DATABASE_URL = dbFile;
    delete process.env.SMTP_URL;
    const bundle = path.join(scratch, "dosen-bench.mjs");
    await bundleDomain(["app/domain/impor/baca.server.ts", "app/domain/lppm/dosen/format.ts", "app/domain/lppm/dosen/rencana.server.ts", "app/domain/lppm/dosen/terapkan.server.ts", "app/lib/util/csv.ts"], bundle);
    const mod = await import(pathToFileURL(bundle).href);
    const db = mod.openDb(dbFile);
    const fakultas = db.$client.prepare("insert into fakultas (nama) values ('Fakultas Bench') returning id").get().id;
    db.$client.prepare("insert into prodi (id_fakultas, nama, kode) values (?, 'Teknik Bench', '99201')").run(fakultas);
    const aturan = { maxBaris: mod.MAX_BARIS_DOSEN, kosong: "kosong", tanpaBaris: "tanpa", bukanCsv: "bukan", terlaluBanyak: "banyak", xlsx: true };

    const csvFile = path.join(work, "dosen.csv");
    fs.writeFileSync(csvFile, `\uFEFF${mod.csvText([KOLOM, ...rowsOf(rows, 7_100_000_000, "Teknik Bench")])}`);
    const xlsxFile = path.join(work, "dosen.xlsx");
    const xlsx = await writeExcelFile([KOLOM.map((value) => ({ value })), ...rowsOf(rows, 7_200_000_000, "99201").map((r) => r.map((value) => ({ value, type: String })))]).toBuffer();
    fs.writeFileSync(xlsxFile, xlsx);

    const results = {};
    const time = async (name, fn) => {
      const started = performance.now();
      const out = await fn();
      results[name] = { "waktu (ms)": Math.round(performance.now() - started), ...out };
      return out;
    };
    for (const [kind, file] of [["csv", csvFile], ["xlsx", xlsxFile]]) {
      let table;
      await time(`${kind}: baca`, async () => {
        table = await mod.bacaBerkas(file, aturan);
        return { baris: table.rows.length, "berkas (KB)": Math.round(fs.statSync(file).size / 1024) };
      });
      await time(`${kind}: periksa (dry run)`, async () => {
        const r = mod.rencanaImporDosen(db, table);
        return { baris: r.total, hasil: `${r.ditambah.length} ditambah, ${r.diubah.length} diubah, ${r.ditolak.length} ditolak` };
      });
      await time(`${kind}: terapkan`, async () => {
        const h = mod.terapkanImporDosen(db, table, { origin: "http://127.0.0.1" });
        if (!h.ok) throw new Error(h.message);
        return { baris: h.rencana.total, hasil: `${h.ditambah} ditambah, ${h.tautan.length} tautan` };
      });
    }
    db.$client.close();
    console.log(`\n[dosen-bench] Node ${process.version}, ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} CPU), ${rows} dosen per berkas`);
    console.table(results);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
}

/**
 * A restore: checks a backup (SQLite's integrity_check, an Etalase database not newer than this
 * code, every image and document the database names present), moves the current data aside as a
 * backup of its own (`sebelum-pulihkan-<timestamp>`) and puts a copy of the backup in place; if
 * anything fails halfway, the current data is moved back. The caller holds claimForRestore.
 *
 * Only `node:` modules, better-sqlite3 and tar, and TypeScript that Node can run by stripping
 * its types (imports name their `.ts` file), so that the scripts import these files as they are.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import {
  ASIDE_PREFIX,
  backupStamp,
  BackupRefusal,
  copyTree,
  type DataPaths,
  databaseInBackup,
  DOCUMENTS_FOLDER,
  filesBelow,
  missingOf,
  modeSetter,
  type Modes,
  namedFiles,
  PRIVATE_DIR,
  PRIVATE_FILE,
  PUBLIC_DIR,
  PUBLIC_FILE,
  readManifest,
  restrictTree,
  stampDate,
  UPLOADS_FOLDER,
  type Warn,
  wibStamp,
  writeManifest,
} from "./files.server.ts";


export type RestorePlan = {
  folder: string;
  nama: string;
  database: string;
  dibuat: Date | null;
  ukuran: number;
  berkas: number;
  /** Rows of the main tables, for the question before the restore. */
  isi: Record<string, number>;
  /** The checked copy of the backup's database, beside the live one (renamed into place). */
  staged: string;
  discard(): void;
};

/** The newest migration this code knows, and the database's newest (Drizzle's table). */
function tooNew(db: Database.Database, migrationsFolder: string): string | null {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  if (!table) return null;
  const dbLast = (db.prepare("select max(created_at) as at from __drizzle_migrations").get() as { at: number | null }).at;
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  const codeLast = Math.max(...journal.entries.map((e) => e.when));
  if (dbLast === null || Number(dbLast) <= codeLast) return null;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return (
    `Cadangan ini dibuat oleh versi Etalase yang lebih baru (perubahan data terakhirnya ${day(Number(dbLast))}, ` +
    `versi ini hanya mengenal sampai ${day(codeLast)}). Pasang versi Etalase yang lebih baru dulu, lalu pulihkan.`
  );
}

const COUNTED = ["produk", "kategori", "gambar_produk", "kantor_cabang", "users", "usulan"];
const COUNTED_LABEL: Record<string, string> = {
  produk: "produk",
  kategori: "kategori",
  gambar_produk: "gambar produk",
  kantor_cabang: "kantor cabang",
  users: "pengguna",
  usulan: "usulan LPPM",
};

/** A backup's rows in words, for the question before a restore: "36 produk, 8 kategori, …". */
export function isiText(isi: Record<string, number>): string {
  return Object.entries(isi).map(([table, n]) => `${n} ${COUNTED_LABEL[table] ?? table}`).join(", ");
}

/**
 * Checks a backup folder and stages a copy of its database beside the live one: a folder that
 * is there, one database file, SQLite's integrity_check "ok", an Etalase database (users,
 * setting) no newer than this code, and every image and document it names present in the
 * backup. Any failure is a BackupRefusal (and nothing is left behind).
 */
export async function prepareRestore(options: { folder: string; paths: DataPaths; migrationsFolder: string }): Promise<RestorePlan> {
  const folder = path.resolve(options.folder);
  const { paths } = options;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch {
    throw new BackupRefusal(`Folder cadangan tidak ditemukan: ${folder}`);
  }
  if (!stat.isDirectory()) throw new BackupRefusal(`${folder} bukan folder. Berikan folder cadangannya (mis. backups/etalase-2026-05-01-1530-WIB), bukan sebuah berkas.`);
  const source = databaseInBackup(folder, path.basename(paths.dbFile));
  if (!source) {
    throw new BackupRefusal(`${folder} bukan cadangan Etalase: tidak ada satu berkas database (*.db) di dalamnya.`);
  }

  const stagingDir = path.join(path.dirname(paths.dbFile), `.pulihkan-${backupStamp()}`);
  fs.mkdirSync(stagingDir, { recursive: true, mode: PRIVATE_DIR });
  const discard = () => fs.rmSync(stagingDir, { recursive: true, force: true });
  try {
    const staged = path.join(stagingDir, path.basename(paths.dbFile));
    fs.copyFileSync(source, staged);
    fs.chmodSync(staged, PRIVATE_FILE);
    // A folder copied by hand from a stopped shop may carry the last writes in its WAL.
    if (fs.existsSync(`${source}-wal`)) fs.copyFileSync(`${source}-wal`, `${staged}-wal`);

    let db: Database.Database | null = null;
    let problem: string | null = null;
    let named: ReturnType<typeof namedFiles> = { [UPLOADS_FOLDER]: new Set(), [DOCUMENTS_FOLDER]: new Set() };
    const isi: Record<string, number> = {};
    try {
      db = new Database(staged, { fileMustExist: true });
      const result = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
      if (result.length !== 1 || result[0] !== "ok") {
        problem = `Cadangan rusak: pemeriksaan integritas SQLite gagal (${result.slice(0, 3).join("; ")}${result.length > 3 ? "; …" : ""}). Pakai cadangan lain.`;
      } else if (!["users", "setting"].every((t) => db!.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(t))) {
        problem = `${path.basename(source)} bukan database Etalase (tabel users dan setting tidak ada).`;
      } else {
        problem = tooNew(db, options.migrationsFolder);
        if (!problem) {
          db.pragma("wal_checkpoint(TRUNCATE)");
          named = namedFiles(db);
          for (const table of COUNTED) {
            if (db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table)) {
              isi[table] = (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
            }
          }
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (!/^SQLITE_/.test(code)) throw error;
      problem = `Cadangan rusak: ${path.basename(source)} bukan database SQLite yang utuh (${(error as Error).message}). Pakai cadangan lain.`;
    } finally {
      db?.close();
    }
    if (problem) throw new BackupRefusal(problem);

    const uploads = await filesBelow(path.join(folder, UPLOADS_FOLDER));
    const documents = await filesBelow(path.join(folder, DOCUMENTS_FOLDER));
    const missing = missingOf(named, { [UPLOADS_FOLDER]: uploads.files, [DOCUMENTS_FOLDER]: documents.files });
    if (missing.length) {
      const shown = missing.slice(0, 10).join(", ");
      throw new BackupRefusal(
        `Cadangan tidak lengkap: ${missing.length} berkas yang disebut database tidak ada di ${folder}: ${shown}${missing.length > 10 ? ", …" : ""}. ` +
          "Memulihkannya akan membuat gambar atau dokumen itu hilang; pakai cadangan lain yang lengkap.",
      );
    }
    const manifest = readManifest(folder);
    const dibuat = (manifest?.dibuat ? new Date(manifest.dibuat) : null) ?? stampDate(path.basename(folder));
    return {
      folder,
      nama: path.basename(folder),
      database: source,
      dibuat: dibuat && !Number.isNaN(dibuat.getTime()) ? dibuat : null,
      ukuran: fs.statSync(source).size + uploads.bytes + documents.bytes,
      berkas: 1 + uploads.files.size + documents.files.size,
      isi,
      staged,
      discard,
    };
  } catch (error) {
    discard();
    throw error;
  }
}

/** Renames, or copies then removes across file systems (a USB stick, another disk). */
async function move(from: string, to: string, chmod: ReturnType<typeof modeSetter>, modes: Modes) {
  try {
    await fsp.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    if ((await fsp.stat(from)).isDirectory()) await copyTree(from, to, modes, chmod);
    else {
      await fsp.copyFile(from, to);
      await chmod(to, modes.file);
    }
    await fsp.rm(from, { recursive: true, force: true });
  }
}

export type RestoreResult = { aside: string | null; detik: number };

/** Who asked for a restore from the Cadangan page (the activity log names them). */
export type RestoreActor = { id: number; nama: string; username: string };

/**
 * Puts a checked backup in place (the caller holds claimForRestore): the backup's uploads and
 * documents are copied beside the live folders first; then the live database (its WAL folded
 * in), uploads and documents move to `<backupsDir>/sebelum-pulihkan-<timestamp>` and the copies
 * are renamed into place. A failure on the way moves everything back. Last, one activity-log
 * row ("Dipulihkan dari <folder>") when the restored database has the log.
 */
export async function applyRestore(
  plan: RestorePlan,
  options: { paths: DataPaths; backupsDir: string; warn?: Warn; log?: (message: string) => void; oleh?: RestoreActor },
): Promise<RestoreResult> {
  const started = Date.now();
  const { paths } = options;
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const log = options.log ?? (() => {});
  const chmod = modeSetter(warn);
  const stamp = backupStamp();
  const stageOf = (dir: string) => path.join(path.dirname(dir), `.${path.basename(dir)}.pulihkan-${stamp}`);
  const uploadsStage = stageOf(paths.uploadsDir);
  const documentsStage = stageOf(paths.documentsDir);
  const backupDocuments = path.join(plan.folder, DOCUMENTS_FOLDER);
  const cleanStages = async () => {
    await fsp.rm(uploadsStage, { recursive: true, force: true });
    await fsp.rm(documentsStage, { recursive: true, force: true });
  };

  try {
    // 1. The backup's files beside the live folders (the slow part; nothing live changes yet).
    log("Menyalin gambar dan dokumen dari cadangan …");
    if (fs.existsSync(path.join(plan.folder, UPLOADS_FOLDER))) {
      await copyTree(path.join(plan.folder, UPLOADS_FOLDER), uploadsStage, { dir: PUBLIC_DIR, file: PUBLIC_FILE }, chmod);
    } else {
      await fsp.mkdir(uploadsStage, { recursive: true, mode: PUBLIC_DIR });
    }
    if (fs.existsSync(backupDocuments)) {
      await copyTree(backupDocuments, documentsStage, { dir: PRIVATE_DIR, file: PRIVATE_FILE }, chmod);
    }
  } catch (error) {
    await cleanStages();
    throw error;
  }

  // 2. The live data aside. The database's WAL is folded in first so the file is complete alone.
  const hasLive = [paths.dbFile, paths.uploadsDir, paths.documentsDir].some((p) => fs.existsSync(p));
  let aside: string | null = null;
  const undo: (() => Promise<void>)[] = [];
  try {
    if (hasLive) {
      const asideName = `${ASIDE_PREFIX}${wibStamp(new Date(started))}`;
      let asideDir = path.join(options.backupsDir, asideName);
      for (let n = 2; fs.existsSync(asideDir); n++) asideDir = path.join(options.backupsDir, `${asideName}-${n}`);
      aside = asideDir;
      await fsp.mkdir(aside, { recursive: true, mode: PRIVATE_DIR });
      log(`Menyimpan data sekarang ke ${aside} …`);
      if (fs.existsSync(paths.dbFile)) {
        const live = new Database(paths.dbFile, { fileMustExist: true });
        try {
          live.pragma("wal_checkpoint(TRUNCATE)");
          live.pragma("journal_mode = DELETE");
        } finally {
          live.close();
        }
        const target = path.join(aside, path.basename(paths.dbFile));
        await move(paths.dbFile, target, chmod, { dir: PRIVATE_DIR, file: PRIVATE_FILE });
        undo.push(() => move(target, paths.dbFile, chmod, { dir: PRIVATE_DIR, file: PRIVATE_FILE }));
      }
      for (const suffix of ["-wal", "-shm", "-journal"]) await fsp.rm(paths.dbFile + suffix, { force: true });
      for (const [live, name, modes] of [
        [paths.uploadsDir, UPLOADS_FOLDER, { dir: PUBLIC_DIR, file: PUBLIC_FILE }],
        [paths.documentsDir, DOCUMENTS_FOLDER, { dir: PRIVATE_DIR, file: PRIVATE_FILE }],
      ] as const) {
        if (!fs.existsSync(live)) continue;
        const target = path.join(aside, name);
        await move(live, target, chmod, modes);
        undo.push(() => move(target, live, chmod, modes));
      }
    }

    // 3. The backup in place.
    log("Memasang cadangan …");
    await fsp.mkdir(path.dirname(paths.dbFile), { recursive: true, mode: PRIVATE_DIR });
    await fsp.rename(plan.staged, paths.dbFile);
    undo.push(async () => fsp.rename(paths.dbFile, plan.staged));
    await fsp.mkdir(path.dirname(paths.uploadsDir), { recursive: true });
    await fsp.rename(uploadsStage, paths.uploadsDir);
    undo.push(async () => fsp.rename(paths.uploadsDir, uploadsStage));
    if (fs.existsSync(documentsStage)) {
      await fsp.mkdir(path.dirname(paths.documentsDir), { recursive: true, mode: PRIVATE_DIR });
      await fsp.rename(documentsStage, paths.documentsDir);
    }
  } catch (error) {
    let undone = true;
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (undoError) {
        undone = false;
        warn(`Gagal mengembalikan sebagian data (${(undoError as Error).message}); data sebelumnya tersimpan di ${aside}.`);
      }
    }
    await cleanStages();
    // Emptied by the undo: removed. Otherwise it still holds the shop's data and stays.
    if (aside && undone) await fsp.rm(aside, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  plan.discard();

  // 4. The replaced data is a backup like any other (listed on the page, restorable).
  if (aside) {
    await restrictTree(aside, chmod);
    const stats = await filesBelow(aside);
    await writeManifest(aside, {
      aplikasi: "Etalase",
      dibuat: new Date(started).toISOString(),
      selesai: new Date().toISOString(),
      database: path.basename(paths.dbFile),
      ukuran: stats.bytes,
      berkas: stats.files.size,
      asal: "sebelum-pulihkan",
      keterangan: `Data sebelum pemulihan dari ${plan.nama}`,
    });
  }

  // 5. The activity log says so (an older backup without the log: the first start migrates):
  // by the system (the command line), or by the operator who asked on the Cadangan page, named
  // by their id only when the restored data has that same account.
  await chmod(paths.dbFile, PRIVATE_FILE);
  const db = new Database(paths.dbFile, { fileMustExist: true });
  try {
    if (db.prepare("select 1 from sqlite_master where type = 'table' and name = 'aktivitas'").get()) {
      const { oleh } = options;
      const known = oleh ? db.prepare("select 1 from users where id = ? and username = ?").get(oleh.id, oleh.username) : undefined;
      db.prepare(
        "INSERT INTO aktivitas (waktu, id_user, nama_user, aksi, entitas, id_entitas, ringkasan, perubahan) VALUES (?, ?, ?, 'pulihkan', 'cadangan', NULL, ?, NULL)",
      ).run(Date.now(), known ? oleh!.id : null, oleh?.nama ?? "Sistem", `Dipulihkan dari ${plan.nama}${oleh ? " (halaman Cadangan)" : ""}`);
    }
  } finally {
    db.close();
  }
  return { aside, detik: (Date.now() - started) / 1000 };
}

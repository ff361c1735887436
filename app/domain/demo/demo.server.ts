/**
 * The demo shop (scripts/seed/): which rows are the demo's, what removing it would remove and
 * keep, and the removal itself — one function for the back office (Cadangan, `?hapus-demo=1`)
 * and `npm run demo:hapus`.
 *
 * The seed marks every row it writes (demo_data: table and id; catatDataDemo), and the migration
 * that made that table marked the databases seeded before it. Removing takes what is marked,
 * except
 * - a catalogue or master row the owner changed since: every edit moves its updated_at off its
 *   created_at (the seed writes both alike), and what the owner edited is the owner's now — a
 *   demo product turned into a real one keeps its name, price and pictures;
 * - a row that something staying still needs: a category or branch of a kept (or the owner's)
 *   product, a faculty of the owner's user, a demo reviewer assigned to the owner's proposal.
 *   Deleting it would touch the owner's rows.
 * A product goes with its stock rows, its images (and their files) and its old slugs. The demo's
 * proposals and incentive claims go with everything they hold (team, budget, documents, reviews,
 * notes, reports, monev, evidence, status history) even where the office moved them along:
 * trying the workflow on them is using the demo. A demo LPPM account goes with whatever else it
 * wrote and its outbox messages, unless something staying names it. The shop's Setting, the
 * operator accounts and the default rubrics are not the demo's.
 *
 * A backup comes first; the rows go in one transaction with the activity log's line; the files
 * nothing names any more go after the commit. Then every marker is gone: what stays is the
 * owner's, and there is nothing left to remove (a second run changes nothing).
 */
import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../../db/schema";
import { domainChanged } from "~/domain/changes.server";
import type { Refusal } from "~/domain/refusal";
import { backupFailure, createBackupNow } from "~/lib/server/backup/create.server";
import { BackupRefusal, namedFiles, DOCUMENTS_FOLDER, UPLOADS_FOLDER, type DataPaths } from "~/lib/server/backup/files.server";
import { inJson, type Db, type RootDb } from "~/lib/server/db.server";
import { removeDocument } from "~/lib/server/documents.server";
import { removeUpload } from "~/lib/server/uploads.server";

/** The shared password of the demo LPPM accounts, written beside the database by the seed. */
export const LPPM_DEMO_PASSWORD_FILE = "lppm-demo-password.txt";

type Tracked = SQLiteTable & { id: SQLiteColumn; created_at: SQLiteColumn; updated_at: SQLiteColumn };

/** The tables whose demo rows are marked, by the name a marker gives (the SQL table's). */
const MARKED = {
  kantor_cabang: schema.kantorCabang,
  kategori: schema.kategori,
  produk: schema.produk,
  gambar_produk: schema.gambarProduk,
  banner: schema.banner,
  ulasan: schema.ulasan,
  galeri: schema.galeri,
  profil: schema.profil,
  users: schema.users,
  usulan: schema.usulan,
  insentif: schema.insentif,
  fakultas: schema.fakultas,
  prodi: schema.prodi,
  skema: schema.skema,
  periode: schema.periode,
  penetapan: schema.penetapan,
  jenis_insentif: schema.jenisInsentif,
  periode_insentif: schema.periodeInsentif,
  penetapan_insentif: schema.penetapanInsentif,
} satisfies Record<string, Tracked>;

export type TabelDemo = keyof typeof MARKED;
const TABLES = Object.keys(MARKED) as TabelDemo[];

/**
 * Runs `write` (the seed's inserts, inside its transaction) and marks every row it added to a
 * marked table: the rows with an id above the largest one before.
 */
export function catatDataDemo<T>(tx: Db, write: () => T): T {
  const before = new Map(TABLES.map((tabel) => [tabel, maxId(tx, MARKED[tabel])]));
  const result = write();
  for (const tabel of TABLES) {
    const table = MARKED[tabel];
    tx.run(sql`insert into ${schema.demoData} (tabel, id_baris) select ${tabel}, ${table.id} from ${table} where ${table.id} > ${before.get(tabel)!}`);
  }
  return result;
}

function maxId(db: Db, table: Tracked): number {
  return db.get<{ n: number | null }>(sql`select max(${table.id}) as n from ${table}`)?.n ?? 0;
}

/** What removing the demo would delete: ids per table. */
export type HapusDemo = Record<TabelDemo, number[]>;

export type RencanaDemo = {
  hapus: HapusDemo;
  /** Marked rows that stay: changed by the owner, or needed by what stays. */
  dibiarkan: Record<TabelDemo, number>;
};

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const minus = (list: number[], drop: number[]) => {
  const gone = new Set(drop);
  return list.filter((id) => !gone.has(id));
};

/** The distinct `column` values of the rows of `table` whose `key` is in `list` and where `where` holds. */
function valuesOf(db: Db, table: SQLiteTable, column: SQLiteColumn, key: SQLiteColumn, list: number[], where: SQL = sql`1`): number[] {
  if (list.length === 0) return [];
  return ids(db.all<{ id: number }>(sql`select distinct ${column} as id from ${table} where ${key} in ${inJson(list)} and ${where}`));
}

/** The values of `list` that `column` of `table` holds where `where` holds. */
const among = (db: Db, table: SQLiteTable, column: SQLiteColumn, list: number[], where?: SQL) => valuesOf(db, table, column, column, list, where);

/** What removing the demo would remove now, and which marked rows would stay. */
export function rencanaHapusDemo(db: Db): RencanaDemo {
  const marked = new Map<string, number[]>();
  for (const row of db.all<{ tabel: string; id: number }>(sql`select tabel, id_baris as id from ${schema.demoData}`)) {
    marked.set(row.tabel, [...(marked.get(row.tabel) ?? []), row.id]);
  }
  const m = (tabel: TabelDemo) => marked.get(tabel) ?? [];
  const existing = (tabel: TabelDemo) => among(db, MARKED[tabel], MARKED[tabel].id, m(tabel));
  /** Marked rows as the seed wrote them: never edited since. */
  const unchanged = (tabel: TabelDemo) => {
    const t = MARKED[tabel];
    return among(db, t, t.id, m(tabel), sql`${t.updated_at} = ${t.created_at}`);
  };
  /** `list` without the values of `column` in the rows of `table` that stay (`staying`). */
  const notNeeded = (list: number[], table: SQLiteTable, column: SQLiteColumn, staying: SQL) =>
    minus(list, among(db, table, column, list, staying));
  const notIn = (column: SQLiteColumn, list: number[]) => sql`${column} not in ${inJson(list)}`;
  const { produk, gambarProduk, produkGudang, usulan, usulanAnggota, catatanHarian, monev, penugasanReviewer, insentif, penetapan, periode } = schema;

  // The catalogue: a product goes only while each of its images is the demo's, unchanged (a
  // picture the owner added or replaced makes it theirs), and takes all its images along.
  const gambarDemo = unchanged("gambar_produk");
  const produkHapus = notNeeded(unchanged("produk"), gambarProduk, gambarProduk.id_produk, notIn(gambarProduk.id, gambarDemo));
  const gambarHapus = valuesOf(db, gambarProduk, gambarProduk.id, gambarProduk.id_produk, produkHapus);
  const kategoriHapus = notNeeded(unchanged("kategori"), produk, produk.id_kategori, notIn(produk.id, produkHapus));
  const cabangHapus = notNeeded(unchanged("kantor_cabang"), produkGudang, produkGudang.id_kantor_cabang, notIn(produkGudang.id_produk, produkHapus));

  // The LPPM: the demo's proposals and claims, whatever the office did with them, and the demo
  // accounts with whatever else they wrote — except an account that something staying names (the
  // owner's proposal that invited a demo lecturer or was given a demo reviewer): it stays, with
  // what it wrote after the seed.
  let users = existing("users");
  let usulanHapus: number[] = [];
  let insentifHapus: number[] = [];
  for (;;) {
    usulanHapus = [...new Set([...existing("usulan"), ...valuesOf(db, usulan, usulan.id, usulan.id_ketua, users)])];
    insentifHapus = [...new Set([...existing("insentif"), ...valuesOf(db, insentif, insentif.id, insentif.id_pengusul, users)])];
    const onStaying = (table: SQLiteTable, column: SQLiteColumn, owner: SQLiteColumn) => among(db, table, column, users, notIn(owner, usulanHapus));
    const needed = [
      ...onStaying(usulanAnggota, usulanAnggota.id_user, usulanAnggota.id_usulan),
      ...onStaying(catatanHarian, catatanHarian.id_penulis, catatanHarian.id_usulan),
      ...onStaying(monev, monev.id_reviewer, monev.id_usulan),
      ...onStaying(penugasanReviewer, penugasanReviewer.id_reviewer, penugasanReviewer.id_usulan),
      ...among(db, insentif, insentif.id_reviewer, users, notIn(insentif.id, insentifHapus)),
    ];
    if (needed.length === 0) break;
    users = minus(users, needed);
  }

  // The LPPM's master data: what no staying row names, in the order they name each other.
  const penetapanHapus = notNeeded(unchanged("penetapan"), usulan, usulan.id_penetapan, notIn(usulan.id, usulanHapus));
  const periodeHapus = notNeeded(
    notNeeded(unchanged("periode"), usulan, usulan.id_periode, notIn(usulan.id, usulanHapus)),
    penetapan,
    penetapan.id_periode,
    notIn(penetapan.id, penetapanHapus),
  );
  const skemaHapus = notNeeded(unchanged("skema"), periode, periode.id_skema, notIn(periode.id, periodeHapus));
  const penetapanInsentifHapus = notNeeded(unchanged("penetapan_insentif"), insentif, insentif.id_penetapan, notIn(insentif.id, insentifHapus));
  const periodeInsentifHapus = notNeeded(
    notNeeded(unchanged("periode_insentif"), insentif, insentif.id_periode, notIn(insentif.id, insentifHapus)),
    schema.penetapanInsentif,
    schema.penetapanInsentif.id_periode,
    notIn(schema.penetapanInsentif.id, penetapanInsentifHapus),
  );
  const jenisInsentifHapus = notNeeded(unchanged("jenis_insentif"), insentif, insentif.id_jenis, notIn(insentif.id, insentifHapus));
  const prodiHapus = notNeeded(unchanged("prodi"), schema.users, schema.users.id_prodi, notIn(schema.users.id, users));
  const fakultasHapus = notNeeded(
    notNeeded(unchanged("fakultas"), schema.prodi, schema.prodi.id_fakultas, notIn(schema.prodi.id, prodiHapus)),
    schema.users,
    schema.users.id_fakultas_verifikasi,
    notIn(schema.users.id, users),
  );

  const hapus: HapusDemo = {
    produk: produkHapus,
    gambar_produk: gambarHapus,
    kategori: kategoriHapus,
    kantor_cabang: cabangHapus,
    banner: unchanged("banner"),
    ulasan: unchanged("ulasan"),
    galeri: unchanged("galeri"),
    profil: unchanged("profil"),
    users,
    usulan: usulanHapus,
    insentif: insentifHapus,
    fakultas: fakultasHapus,
    prodi: prodiHapus,
    skema: skemaHapus,
    periode: periodeHapus,
    penetapan: penetapanHapus,
    jenis_insentif: jenisInsentifHapus,
    periode_insentif: periodeInsentifHapus,
    penetapan_insentif: penetapanInsentifHapus,
  };
  const dibiarkan = Object.fromEntries(TABLES.map((tabel) => [tabel, existing(tabel).length - hapus[tabel].length])) as Record<TabelDemo, number>;
  return { hapus, dibiarkan };
}

/** The parts of the demo as the owner counts them, in the order the page lists them. */
const BAGIAN: { label: string; tabel: TabelDemo[] }[] = [
  { label: "produk", tabel: ["produk"] },
  { label: "kategori", tabel: ["kategori"] },
  { label: "kantor cabang", tabel: ["kantor_cabang"] },
  { label: "banner", tabel: ["banner"] },
  { label: "ulasan konsumen", tabel: ["ulasan"] },
  { label: "foto galeri", tabel: ["galeri"] },
  { label: "isi halaman Tentang Kami/Kerja Sama", tabel: ["profil"] },
  { label: "akun demo LPPM", tabel: ["users"] },
  { label: "usulan LPPM", tabel: ["usulan"] },
  { label: "klaim insentif", tabel: ["insentif"] },
  {
    label: "data master LPPM (fakultas, prodi, skema, periode, SK, tarif insentif)",
    tabel: ["fakultas", "prodi", "skema", "periode", "penetapan", "jenis_insentif", "periode_insentif", "penetapan_insentif"],
  },
];

function bagianOf(count: (tabel: TabelDemo) => number): string[] {
  return BAGIAN.map(({ label, tabel }) => ({ label, n: tabel.reduce((sum, t) => sum + count(t), 0) }))
    .filter(({ n }) => n > 0)
    .map(({ label, n }) => `${n} ${label}`);
}

/** The demo as the page and the command show it: what would go, and what would stay. */
export type RingkasanDemo = { hapus: string[]; dibiarkan: string[] };

export function ringkasanDemo(rencana: RencanaDemo): RingkasanDemo {
  return {
    hapus: bagianOf((t) => rencana.hapus[t].length),
    dibiarkan: bagianOf((t) => rencana.dibiarkan[t]),
  };
}

export function adaDataDemo(rencana: RencanaDemo): boolean {
  return Object.values(rencana.hapus).some((list) => list.length > 0);
}

export const TIDAK_ADA_DEMO = "Tidak ada data demo untuk dihapus.";

export type HasilHapusDemo = {
  ok: true;
  /** The backup made first (a folder in BACKUPS_DIR). */
  cadangan: string;
  /** "36 produk, 7 kategori, …" */
  ringkasan: string;
  /** Files removed from the uploads and documents folders. */
  berkas: number;
};

/**
 * Removes the demo: a backup first (`paths`, into `backupsDir`), then the rows of
 * rencanaHapusDemo and every marker in one transaction with the activity log's line, then the
 * files nothing names any more. Refuses (409) when there is nothing to remove, or while another
 * backup of this process runs; a backup that cannot be written (500) stops it before any change.
 */
export async function hapusDataDemo(db: RootDb, options: { paths: DataPaths; backupsDir: string }): Promise<HasilHapusDemo | Refusal<409 | 500>> {
  if (!adaDataDemo(rencanaHapusDemo(db))) return { ok: false, status: 409, message: TIDAK_ADA_DEMO };
  let cadangan: string;
  try {
    cadangan = (await createBackupNow({ paths: options.paths, backupsDir: options.backupsDir, source: db.$client, asal: "sebelum-hapus-demo" })).nama;
  } catch (error) {
    if (error instanceof BackupRefusal) return { ok: false, status: 409, message: error.message };
    console.error("[etalase] cadangan sebelum menghapus data demo gagal dibuat:", error);
    return { ok: false, status: 500, message: `${backupFailure(error, options.backupsDir)} Data demo tidak dihapus.` };
  }

  // The plan again inside the transaction: the owner may have changed something during the backup.
  const done = db.transaction(
    (tx) => {
      const rencana = rencanaHapusDemo(tx);
      if (!adaDataDemo(rencana)) return null;
      const files = filesOf(tx, rencana.hapus);
      deleteRows(tx, rencana.hapus);
      tx.delete(schema.demoData).run();
      const ringkasan = ringkasanDemo(rencana).hapus.join(", ");
      domainChanged(tx, { entity: "data demo", action: "hapus-demo", summary: `${ringkasan}; cadangan sebelumnya: ${cadangan}` });
      return { files, ringkasan, semuaAkun: rencana.dibiarkan.users === 0 && rencana.hapus.users.length > 0 };
    },
    { behavior: "immediate" },
  );
  if (!done) return { ok: false, status: 409, message: TIDAK_ADA_DEMO };

  // Files go once nothing names them (a demo image a kept row shares stays).
  const named = namedFiles(db.$client);
  let berkas = 0;
  for (const file of done.files[UPLOADS_FOLDER]) {
    if (named[UPLOADS_FOLDER].has(file)) continue;
    await removeUpload(file);
    berkas++;
  }
  for (const file of done.files[DOCUMENTS_FOLDER]) {
    if (named[DOCUMENTS_FOLDER].has(file)) continue;
    await removeDocument(file);
    berkas++;
  }
  // The demo accounts' shared password names accounts that are gone.
  if (done.semuaAkun) fs.rmSync(path.join(path.dirname(options.paths.dbFile), LPPM_DEMO_PASSWORD_FILE), { force: true });
  return { ok: true, cadangan, ringkasan: done.ringkasan, berkas };
}

/** The images and documents the rows to delete name (their own, and their children's). */
function filesOf(db: Db, hapus: HapusDemo): Record<typeof UPLOADS_FOLDER | typeof DOCUMENTS_FOLDER, Set<string>> {
  const files = (table: SQLiteTable, file: SQLiteColumn, key: SQLiteColumn, list: number[]) =>
    list.length ? db.all<{ f: string | null }>(sql`select ${file} as f from ${table} where ${key} in ${inJson(list)}`).flatMap((r) => (r.f ? [r.f] : [])) : [];
  const { gambarProduk, banner, galeri, profil, usulanDokumen, catatanHarian, catatanHarianBukti, monev, insentifBukti, pembayaranDana } = schema;
  const catatan = valuesOf(db, catatanHarian, catatanHarian.id, catatanHarian.id_usulan, hapus.usulan);
  return {
    [UPLOADS_FOLDER]: new Set([
      ...files(gambarProduk, gambarProduk.gambar, gambarProduk.id, hapus.gambar_produk),
      ...files(banner, banner.image, banner.id, hapus.banner),
      ...files(galeri, galeri.gambar, galeri.id, hapus.galeri),
      ...files(profil, profil.foto, profil.id, hapus.profil),
    ]),
    [DOCUMENTS_FOLDER]: new Set([
      ...files(usulanDokumen, usulanDokumen.file, usulanDokumen.id_usulan, hapus.usulan),
      ...files(catatanHarianBukti, catatanHarianBukti.file, catatanHarianBukti.id_catatan, catatan),
      ...files(monev, monev.berita_acara_file, monev.id_usulan, hapus.usulan),
      ...files(insentifBukti, insentifBukti.file, insentifBukti.id_insentif, hapus.insentif),
      // Payment proofs go with their proposal's rows (cascade).
      ...files(pembayaranDana, pembayaranDana.file, pembayaranDana.id_usulan, hapus.usulan),
    ]),
  };
}

/** Deletes the planned rows, children before what they name. */
function deleteRows(tx: Db, hapus: HapusDemo) {
  const del = (table: SQLiteTable, key: SQLiteColumn, list: number[]) => {
    if (list.length) tx.run(sql`delete from ${table} where ${key} in ${inJson(list)}`);
  };
  const s = schema;

  // The status history of the proposals, their reports and monev, and the claims. It refuses
  // deletes (the workflow only appends): its guard is set aside for this one transaction and put
  // back as it was.
  const laporan = (jenis: "kemajuan" | "akhir") => valuesOf(tx, s.laporan, s.laporan.id, s.laporan.id_usulan, hapus.usulan, sql`${s.laporan.jenis} = ${jenis}`);
  const monevIds = valuesOf(tx, s.monev, s.monev.id, s.monev.id_usulan, hapus.usulan);
  const history: [string, number[]][] = [
    ["usulan", hapus.usulan],
    ["laporan_kemajuan", laporan("kemajuan")],
    ["laporan_akhir", laporan("akhir")],
    ["monev", monevIds],
    ["insentif", hapus.insentif],
  ];
  if (history.some(([, list]) => list.length)) {
    const guards = tx.all<{ name: string; sql: string }>(sql`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'status_log' and sql like '%BEFORE DELETE%'`);
    for (const guard of guards) tx.run(sql.raw(`DROP TRIGGER "${guard.name.replace(/"/g, '""')}"`));
    for (const [entity, list] of history) {
      if (list.length) tx.run(sql`delete from ${s.statusLog} where ${s.statusLog.entity} = ${entity} and ${s.statusLog.entity_id} in ${inJson(list)}`);
    }
    for (const guard of guards) tx.run(sql.raw(guard.sql));
  }

  // The LPPM: claims and proposals (their parts go with them), the accounts (sessions and tokens
  // with them) and their messages, then the master data, each after what names it.
  del(s.insentif, s.insentif.id, hapus.insentif);
  del(s.usulan, s.usulan.id, hapus.usulan);
  del(s.notificationOutbox, s.notificationOutbox.user_id, hapus.users);
  del(s.users, s.users.id, hapus.users);
  del(s.penetapanInsentif, s.penetapanInsentif.id, hapus.penetapan_insentif);
  del(s.periodeInsentif, s.periodeInsentif.id, hapus.periode_insentif);
  del(s.jenisInsentif, s.jenisInsentif.id, hapus.jenis_insentif);
  del(s.penetapan, s.penetapan.id, hapus.penetapan);
  del(s.periode, s.periode.id, hapus.periode);
  del(s.skema, s.skema.id, hapus.skema);
  del(s.prodi, s.prodi.id, hapus.prodi);
  del(s.fakultas, s.fakultas.id, hapus.fakultas);

  // The catalogue: the products' old slugs, the products (their images and stock rows go with
  // them), then their categories and branches (opening hours go with a branch).
  if (hapus.produk.length) tx.run(sql`delete from ${s.slugRedirect} where ${s.slugRedirect.jenis} = 'produk' and ${s.slugRedirect.target_id} in ${inJson(hapus.produk)}`);
  if (hapus.kategori.length) tx.run(sql`delete from ${s.slugRedirect} where ${s.slugRedirect.jenis} = 'kategori' and ${s.slugRedirect.target_id} in ${inJson(hapus.kategori)}`);
  del(s.produk, s.produk.id, hapus.produk);
  del(s.kategori, s.kategori.id, hapus.kategori);
  del(s.kantorCabang, s.kantorCabang.id, hapus.kantor_cabang);
  del(s.banner, s.banner.id, hapus.banner);
  del(s.ulasan, s.ulasan.id, hapus.ulasan);
  del(s.galeri, s.galeri.id, hapus.galeri);
  del(s.profil, s.profil.id, hapus.profil);
}

/**
 * WhatsApp clicks counted on our own server.
 *
 * Every WhatsApp link of the public site is `/wa/toko[/<product-seo>]` (the shop's own number
 * from Setting) or `/wa/<branch-id>[/<product-seo>]` (a branch's number), with `?dari=<page>`.
 * The redirect (app/routes/wa.ts) resolves the target here (reads only), records one row in
 * wa_klik (one INSERT: target, product, kind of page, WIB day; nothing about the visitor, no
 * cookie) unless the visitor is a bot, and answers 302 to the chat link.
 *
 * The insert is not a domain write: no activity-log entry and no page-cache flush (it would
 * empty the cache on every click). Deleting a branch or a product keeps its clicks with a null
 * id (ON DELETE SET NULL): the totals of past days never change; they show as 'Cabang yang
 * sudah dihapus' and are left out of the top products.
 *
 * Statistik WhatsApp keeps its counts per day in memory ("the statistics, kept", below): a
 * request reads only the clicks recorded since the previous one.
 */
import type Database from "better-sqlite3";
import { asc, count as countRows, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { kantorCabang, produk, setting, waKlik } from "../../../db/schema";
import { findProdukBySeo } from "~/domain/produk/produk.server";
import { BOM, csvLine } from "~/lib/util/csv";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import { WA_HALAMAN, waLink, type WaHalaman } from "~/lib/util/format";
import { toWibDateInput } from "~/lib/util/wib";

const DAY_MS = 24 * 60 * 60 * 1000;

// ---- the redirect ------------------------------------------------------------------------------

/** The one place that decides who is a bot (isbot's list of crawlers, previewers, monitors). */
export function isBot(userAgent: string | null | undefined): boolean {
  return isbot(userAgent ?? "");
}

/** `?dari=` checked against the fixed list; anything else (missing, made up) is 'lain'. */
export function parseHalaman(value: string | null | undefined): WaHalaman {
  const v = (value ?? "").trim().toLowerCase();
  return (WA_HALAMAN as readonly string[]).includes(v) ? (v as WaHalaman) : "lain";
}

export type WaTujuan = {
  tujuan: "toko" | "cabang";
  id_kantor_cabang: number | null;
  id_produk: number | null;
  /** https://wa.me/<number>[?text=…] */
  chat: string;
};

/** The text a chat about a product starts with (the wording the product page always used). */
export function pesanProduk(nama: string, namaProduk: string, url: string): string {
  return `Halo ${nama}, saya tertarik dengan produk "${namaProduk}" (${url}). Apakah masih tersedia?`;
}

/**
 * What `/wa/<tujuan>[/<seo>]` leads to, or null (a 404): an unknown branch or product, or a
 * target without a WhatsApp number. `origin` makes the product's URL absolute. A product's old
 * slug (renamed) still finds it.
 */
export function resolveWaTujuan(db: Db, tujuanParam: string, seo: string | undefined, origin: string): WaTujuan | null {
  let nama: string;
  let nomor: string;
  let idCabang: number | null = null;
  if (tujuanParam === "toko") {
    const row = db.select({ nama: setting.nama_toko, nomor: setting.whatsapp }).from(setting).where(eq(setting.id, 1)).get();
    if (!row) return null;
    ({ nama, nomor } = row);
  } else if (/^[1-9]\d{0,8}$/.test(tujuanParam)) {
    const row = db
      .select({ id: kantorCabang.id, nama: kantorCabang.kantor_cabang, nomor: kantorCabang.kontak })
      .from(kantorCabang)
      .where(eq(kantorCabang.id, Number(tujuanParam)))
      .get();
    if (!row) return null;
    ({ nama, nomor } = row);
    idCabang = row.id;
  } else {
    return null;
  }
  if (!waLink(nomor)) return null;

  let idProduk: number | null = null;
  let text: string | undefined;
  if (seo !== undefined) {
    let lookup = findProdukBySeo(db, seo);
    if (lookup && "redirectTo" in lookup) lookup = findProdukBySeo(db, lookup.redirectTo);
    if (!lookup || !("found" in lookup)) return null;
    const found = lookup.found;
    idProduk = found.id;
    text = pesanProduk(nama, found.nama_produk, `${origin}/detail-produk/${encodeURIComponent(found.nama_seo)}`);
  }
  return { tujuan: tujuanParam === "toko" ? "toko" : "cabang", id_kantor_cabang: idCabang, id_produk: idProduk, chat: waLink(nomor, text) };
}

/**
 * The click's one row: one INSERT, nothing about the visitor. A click dated on a past day the
 * statistics keep complete in memory (only an explicit past `now` does that) makes them read that
 * day again; a visitor's click is dated today, so for it this is a map lookup, no other write.
 */
export function recordWaKlik(db: Db, target: Pick<WaTujuan, "tujuan" | "id_kantor_cabang" | "id_produk">, halaman: WaHalaman, now = new Date()) {
  const hari = toWibDateInput(now);
  db.insert(waKlik)
    .values({
      tujuan: target.tujuan,
      id_kantor_cabang: target.id_kantor_cabang,
      id_produk: target.id_produk,
      halaman,
      hari,
      created_at: now,
    })
    .run();
  forgetHari(db, hari);
}

// ---- Statistik WhatsApp ------------------------------------------------------------------------

import { WA_PERIODE, type WaPeriode } from "~/domain/whatsapp/periode";
export { parsePeriode, WA_PERIODE, WA_PERIODE_DEFAULT, type WaPeriode } from "~/domain/whatsapp/periode";

/** The WIB days of the last `periode` days, today last ("2026-03-01", …). */
export function hariPeriode(periode: number, now = new Date()): string[] {
  return Array.from({ length: periode }, (_, i) => toWibDateInput(new Date(now.getTime() - (periode - 1 - i) * DAY_MS)));
}

export const HALAMAN_LABEL: Record<WaHalaman, string> = {
  beranda: "Beranda",
  "tentang-kami": "Tentang Kami",
  produk: "Daftar Produk",
  "detail-produk": "Detail Produk",
  "kerja-sama": "Kerja Sama",
  "kontak-kami": "Kontak Kami",
  lain: "Lainnya",
};

export const LABEL_TOKO = "Nomor toko (Setting)";
export const LABEL_CABANG_DIHAPUS = "Cabang yang sudah dihapus";
export const TOP_PRODUK = 10;

export type WaStatistik = {
  periode: WaPeriode;
  dari: string;
  sampai: string;
  total: number;
  perHari: { hari: string; klik: number }[];
  perCabang: { label: string; id: number | null; klik: number }[];
  perHalaman: { halaman: WaHalaman; label: string; klik: number }[];
  topProduk: { id: number; nama_produk: string; nama_seo: string; klik: number }[];
};

/** Every branch (id order), for 'Per cabang'. */
function daftarCabang(db: Db): { id: number; nama: string }[] {
  return db.select({ id: kantorCabang.id, nama: kantorCabang.kantor_cabang }).from(kantorCabang).orderBy(asc(kantorCabang.id)).all();
}

/**
 * 'Per cabang': the shop's own number, every branch, and the deleted branches' clicks when there
 * are any (a branch's clicks keep a null id once it is gone); most clicks first, then by id.
 */
function susunPerCabang(cabang: { id: number; nama: string }[], klikOf: (tujuan: "toko" | "cabang", id: number | null) => number): WaStatistik["perCabang"] {
  const perCabang = [
    { label: LABEL_TOKO, id: null as number | null, klik: klikOf("toko", null) },
    ...cabang.map((c) => ({ label: c.nama, id: c.id as number | null, klik: klikOf("cabang", c.id) })),
  ];
  const dihapus = klikOf("cabang", null);
  if (dihapus > 0) perCabang.push({ label: LABEL_CABANG_DIHAPUS, id: null, klik: dihapus });
  return perCabang.sort((a, b) => b.klik - a.klik || (a.id ?? 0) - (b.id ?? 0));
}

/** 'Per halaman': every kind of page, most clicks first. */
function susunPerHalaman(klikOf: (halaman: WaHalaman) => number): WaStatistik["perHalaman"] {
  return ([...WA_HALAMAN, "lain"] as WaHalaman[])
    .map((halaman) => ({ halaman, label: HALAMAN_LABEL[halaman], klik: klikOf(halaman) }))
    .sort((a, b) => b.klik - a.klik);
}

/** The names and slugs of these products (those that still exist), by id. */
function namaProduk(db: Db, ids: number[]): Map<number, { id: number; nama_produk: string; nama_seo: string }> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ id: produk.id, nama_produk: produk.nama_produk, nama_seo: produk.nama_seo })
    .from(produk)
    .where(inArray(produk.id, ids))
    .all();
  return new Map(rows.map((p) => [p.id, p]));
}

/**
 * The page's figures for the last `periode` days (today included), straight from wa_klik: each
 * query reads the period's range of wa_klik_hari_idx alone (it covers every column used), so the
 * cost grows with the period's clicks (90 days: ~25 ms at 30,000 clicks, ~250 ms at 300,000).
 * What the page showed before waStatistik kept the past days; its tests and
 * bench/wa-statistik.mjs compare the two.
 */
export function waStatistikLangsung(db: Db, periode: WaPeriode, now = new Date()): WaStatistik {
  const days = hariPeriode(periode, now);
  const dari = days[0]!;
  const inPeriod = gte(waKlik.hari, dari);
  const n = countRows();

  const byDay = new Map(
    db.select({ hari: waKlik.hari, n }).from(waKlik).where(inPeriod).groupBy(waKlik.hari).all().map((r) => [r.hari, r.n]),
  );
  const perHari = days.map((hari) => ({ hari, klik: byDay.get(hari) ?? 0 }));
  const total = perHari.reduce((sum, d) => sum + d.klik, 0);

  const byTarget = db
    .select({ tujuan: waKlik.tujuan, id: waKlik.id_kantor_cabang, n })
    .from(waKlik)
    .where(inPeriod)
    .groupBy(waKlik.tujuan, waKlik.id_kantor_cabang)
    .all();
  const perCabang = susunPerCabang(daftarCabang(db), (tujuan, id) => byTarget.find((r) => r.tujuan === tujuan && r.id === id)?.n ?? 0);

  const byHalaman = new Map(
    db.select({ halaman: waKlik.halaman, n }).from(waKlik).where(inPeriod).groupBy(waKlik.halaman).all().map((r) => [r.halaman, r.n]),
  );
  const perHalaman = susunPerHalaman((halaman) => byHalaman.get(halaman) ?? 0);

  // The clicks without a product form one group here, kept out of the top.
  // `+id_produk`: grouped in a temporary b-tree, so SQLite reads the period's range of
  // wa_klik_hari_idx instead of walking the product index over every day.
  const idProduk = sql<number | null>`+${waKlik.id_produk}`;
  const top = db
    .select({ id: idProduk, n })
    .from(waKlik)
    .where(inPeriod)
    .groupBy(idProduk)
    .orderBy(desc(n), asc(idProduk))
    .limit(TOP_PRODUK + 1)
    .all()
    .filter((r) => r.id !== null)
    .slice(0, TOP_PRODUK);
  const ids = top.map((r) => r.id!);
  const names = namaProduk(db, ids);
  const topProduk = top.flatMap((r) => {
    const p = names.get(r.id!);
    return p ? [{ ...p, klik: r.n }] : [];
  });

  return { periode, dari, sampai: days.at(-1)!, total, perHari, perCabang, perHalaman, topProduk };
}

// ---- the statistics, kept ----------------------------------------------------------------------
//
// Why: the 90-day page read the period's range of wa_klik_hari_idx four times per request
// (~25 ms at 30,000 clicks, ~250 ms at 300,000), and logged-in pages are never cached. But a
// click is always dated today, so a past WIB day never gets another one: the counts of each day
// (its total, per target, per page, per product) are kept in memory per connection (a WeakMap,
// as readThrough keeps its answers: the app is one Node process with one connection). A request
// reads only the clicks recorded since the previous one: `hari >= <today> AND +id > <last id
// counted>`, a range of the covering index that returns nothing but the new rows (ids only grow:
// AUTOINCREMENT). Days the memory lacks (all of them after a restart, a day forgotten) are read by
// the same query from the oldest missing day on, grouped in the index's order (no sort): the first
// request after a restart reads the period once, about what every request cost before. The sums
// of a period's past days are kept as well (per period, until a past day changes), so a request
// adds today's counts to them instead of adding up 89 days. bench/wa-statistik.mjs, 90 days, at
// 30,000 / 300,000 clicks: ~23 / ~250 ms per request before; now ~0.25 / ~0.7 ms, the first
// request after a restart ~40 / ~250 ms, the first of a new day ~3 / ~8 ms.
//
// Not a roll-up table: that is a second write per click (the redirect costs one insert) or a job
// to fill it, and a migration; not one grouped query per request: that stays as dear as the
// period's clicks. Memory is bounded by the longest period plus a week of days (~0.7 MB at 30,000
// clicks, ~1.5 MB at 300,000). The CSV is not kept: it is one line per day × target × product ×
// page, about as long as the period's clicks, and a download rather than a page; it stays one
// grouped read.
//
// What still changes a counted click, and how the memory follows:
// - a branch or a product deleted turns its clicks' id null (ON DELETE SET NULL). Ids are never
//   used again (AUTOINCREMENT), so a kept branch id that is not in the branch list (read on every
//   request anyway) counts as 'Cabang yang sudah dihapus', and a top product whose row is gone is
//   remembered as deleted and passed over: the figures are those of the rows as they are now,
//   however the branch or product went (a domain delete, an import, a script), which a change
//   listener (onDomainChange) would not all see.
// - a click dated on a past day (recordWaKlik(…, now) with a past `now`: the tests do): recordWaKlik
//   forgets that day, and the next request reads it (and the days after it) again.
// - another connection's commit (a script on the same file: PRAGMA data_version), or a clock set
//   back: everything is forgotten.
// Nothing in the app deletes or rewrites clicks otherwise; code that ever does (a clean-up of old
// clicks) must make the statistics forget the days it touches, as recordWaKlik does.

/** One day's counts. `tujuan` keys: see kunciTujuan. */
type Hitungan = {
  klik: number;
  tujuan: Map<number, number>;
  halaman: Map<string, number>;
  /** The clicks that name a product, per product id. */
  produk: Map<number, number>;
};

/** A complete day's counts: its products as two arrays (a tenth of a map's memory). */
type HariLengkap = Omit<Hitungan, "produk"> & { produkId: Int32Array; produkKlik: Int32Array };

/** The sums of a period's complete days (`dari`..`sampai`), as of `versi`. */
type JumlahLalu = Omit<Hitungan, "klik"> & {
  dari: string;
  sampai: string;
  versi: number;
  /** `produk`'s ids and counts, most clicked first, then the lower id: the top list's candidates. */
  urutId: Int32Array;
  urutKlik: Int32Array;
};

type Ingatan = {
  /** PRAGMA data_version when last looked at: another connection's commit changes it. */
  dataVersion: number;
  /** The day that was today at the last read; null before the first. */
  terbuka: string | null;
  /** Complete days (before `terbuka`) by "YYYY-MM-DD": each one read is here, one without clicks too. */
  lengkap: Map<string, HariLengkap>;
  /** Days from `terbuka` on (today; later ones if the clock was set back), when they have clicks. */
  buka: Map<string, Hitungan>;
  /** Every row dated `terbuka` or later with an id up to this one is counted in `buka`. */
  idTerakhir: number;
  /** Counts every change to `lengkap`: a JumlahLalu of an older versi is stale. */
  versi: number;
  jumlah: Map<number, JumlahLalu>;
  /** Product ids found deleted (their kept clicks are null ones now). */
  produkDihapus: Set<number>;
};

const ingatan = new WeakMap<object, Ingatan>();

/** Complete days kept: the longest period's and a week more. */
export const HARI_DISIMPAN_MAKS = Math.max(...WA_PERIODE) + 7;

/**
 * A target as one number, the key of Hitungan.tujuan: a branch is its id, the shop's own number
 * -1; a null id (a deleted branch) is 0, or -1 for the shop. (A shop click never has an id.)
 */
function kunciTujuan(tujuan: string, id: number | null): number {
  return tujuan === "toko" ? -1 - (id ?? 0) : (id ?? 0);
}

/** The connection a handle uses (a transaction handle is a key of its own). */
function koneksi(db: Db): object {
  return "$client" in db ? (db.$client as object) : db;
}

function lupakanSemua(m: Ingatan) {
  m.terbuka = null;
  m.lengkap.clear();
  m.buka.clear();
  m.idTerakhir = 0;
  m.jumlah.clear();
  m.produkDihapus.clear();
  m.versi++;
}

function ingatanOf(db: Db): Ingatan {
  const key = koneksi(db);
  let m = ingatan.get(key);
  if (!m) {
    m = { dataVersion: -1, terbuka: null, lengkap: new Map(), buka: new Map(), idTerakhir: 0, versi: 0, jumlah: new Map(), produkDihapus: new Set() };
    ingatan.set(key, m);
  }
  if ("$client" in db) {
    // pluck() on each use: the statement cache hands a statement out again in its default mode.
    const dataVersion = (db.$client as Database.Database).prepare<[], number>("PRAGMA data_version").pluck().get()!;
    if (dataVersion !== m.dataVersion) {
      if (m.dataVersion !== -1) lupakanSemua(m);
      m.dataVersion = dataVersion;
    }
  }
  return m;
}

/** A click recorded on `hari`: if that day is kept complete, it is read again next time. */
function forgetHari(db: Db, hari: string) {
  const m = ingatan.get(koneksi(db));
  if (m?.lengkap.delete(hari)) m.versi++;
}

/** How many days `db`'s statistics keep in memory (tests, the bench). */
export function waHariDisimpan(db: Db): number {
  const m = ingatan.get(koneksi(db));
  return m ? m.lengkap.size + m.buka.size : 0;
}

const kosong = (): Hitungan => ({ klik: 0, tujuan: new Map(), halaman: new Map(), produk: new Map() });

function lengkapDari(h: Hitungan): HariLengkap {
  return { klik: h.klik, tujuan: h.tujuan, halaman: h.halaman, produkId: Int32Array.from(h.produk.keys()), produkKlik: Int32Array.from(h.produk.values()) };
}

function tambah<K>(map: Map<K, number>, key: K, n: number) {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** "2026-03-01" → "2026-03-02" */
function besok(hari: string): string {
  return new Date(Date.parse(`${hari}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

type Baris = [hari: string, tujuan: string, idKantorCabang: number | null, idProduk: number | null, halaman: string, klik: number, idMaks: number];

/**
 * The clicks dated `mulai` or later with an id above `setelahId`, grouped by every column of
 * wa_klik_hari_idx in its order: one range of the covering index, read in order (no temporary
 * b-tree; `+id` keeps the planner off the primary key), rows as arrays (no objects to map).
 */
function klikSejak(db: Db, mulai: string, setelahId: number): Baris[] {
  return preparedQuery(db, "waKlik.sejak", (d) =>
    d
      .select({
        hari: waKlik.hari,
        tujuan: waKlik.tujuan,
        id_kantor_cabang: waKlik.id_kantor_cabang,
        id_produk: waKlik.id_produk,
        halaman: waKlik.halaman,
        n: countRows(),
        id: sql<number>`max(${waKlik.id})`,
      })
      .from(waKlik)
      .where(sql`${waKlik.hari} >= ${sql.placeholder("mulai")} and +${waKlik.id} > ${sql.placeholder("setelahId")}`)
      .groupBy(waKlik.hari, waKlik.tujuan, waKlik.id_kantor_cabang, waKlik.id_produk, waKlik.halaman)
      .prepare(),
  ).values({ mulai, setelahId }) as Baris[];
}

/** Brings `m` up to date for a request whose period is `lalu` + `hariIni`. */
function baca(db: Db, m: Ingatan, lalu: string[], hariIni: string, now: Date) {
  if (m.terbuka !== null && hariIni < m.terbuka) lupakanSemua(m); // the clock was set back
  const terbuka = m.terbuka;
  // A complete day of the period the memory lacks: everything from it on is read again.
  const hilang = terbuka === null ? (lalu[0] ?? hariIni) : lalu.find((hari) => hari < terbuka && !m.lengkap.has(hari));
  let mulai = terbuka!;
  if (hilang !== undefined) {
    mulai = hilang;
    for (const hari of m.lengkap.keys()) if (hari >= mulai) m.lengkap.delete(hari);
    m.buka.clear();
    m.idTerakhir = 0;
  }
  // (A new day changes the period's range too, so the sums are made again anyway.)
  let lengkapBerubah = hilang !== undefined || terbuka !== hariIni;
  let idTerakhir = m.idTerakhir;
  for (const [hari, tujuan, idCabang, idProduk, halaman, n, idMaks] of klikSejak(db, mulai, m.idTerakhir)) {
    let h = m.buka.get(hari);
    if (!h) m.buka.set(hari, (h = kosong()));
    h.klik += n;
    tambah(h.tujuan, kunciTujuan(tujuan, idCabang), n);
    tambah(h.halaman, halaman, n);
    if (idProduk !== null) tambah(h.produk, idProduk, n);
    if (idMaks > idTerakhir) idTerakhir = idMaks;
  }
  m.idTerakhir = idTerakhir;
  m.terbuka = hariIni;
  // The days before today are complete now (one without clicks is a known zero); the ones older
  // than the longest period and a week go.
  const batas = toWibDateInput(new Date(now.getTime() - HARI_DISIMPAN_MAKS * DAY_MS));
  for (const [hari, h] of m.buka) {
    if (hari >= hariIni) continue;
    m.buka.delete(hari);
    if (hari >= batas) m.lengkap.set(hari, lengkapDari(h));
  }
  for (let hari = mulai < batas ? batas : mulai; hari < hariIni; hari = besok(hari)) {
    if (!m.lengkap.has(hari)) m.lengkap.set(hari, lengkapDari(kosong()));
  }
  for (const hari of m.lengkap.keys()) {
    if (hari < batas) {
      m.lengkap.delete(hari);
      lengkapBerubah = true;
    }
  }
  if (lengkapBerubah) m.versi++;
}

/** The sums of the complete days `lalu` (kept until one of them changes or the period moves on). */
function jumlahLalu(m: Ingatan, periode: number, lalu: string[]): JumlahLalu {
  const dari = lalu[0] ?? "";
  const sampai = lalu.at(-1) ?? "";
  const kept = m.jumlah.get(periode);
  if (kept && kept.dari === dari && kept.sampai === sampai && kept.versi === m.versi) return kept;
  const j: JumlahLalu = {
    dari,
    sampai,
    versi: m.versi,
    tujuan: new Map(),
    halaman: new Map(),
    produk: new Map(),
    urutId: new Int32Array(0),
    urutKlik: new Int32Array(0),
  };
  for (const hari of lalu) {
    const h = m.lengkap.get(hari)!;
    for (const [k, n] of h.tujuan) tambah(j.tujuan, k, n);
    for (const [k, n] of h.halaman) tambah(j.halaman, k, n);
    for (let i = 0; i < h.produkId.length; i++) tambah(j.produk, h.produkId[i]!, h.produkKlik[i]!);
  }
  const urut = [...j.produk].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  j.urutId = Int32Array.from(urut, ([id]) => id);
  j.urutKlik = Int32Array.from(urut, ([, n]) => n);
  m.jumlah.set(periode, j);
  return j;
}

/** Today's counts (with the days after it, if the clock was set back: the period counts them). */
function hitunganKini(m: Ingatan, hariIni: string): Hitungan {
  if (m.buka.size === 0) return kosong();
  if (m.buka.size === 1 && m.buka.has(hariIni)) return m.buka.get(hariIni)!;
  const kini = kosong();
  for (const [hari, h] of m.buka) {
    if (hari === hariIni) kini.klik = h.klik;
    for (const [k, n] of h.tujuan) tambah(kini.tujuan, k, n);
    for (const [k, n] of h.halaman) tambah(kini.halaman, k, n);
    for (const [k, n] of h.produk) tambah(kini.produk, k, n);
  }
  return kini;
}

/**
 * The top products: the period's counts are the past days' sums plus today's. A product not
 * clicked today keeps its past rank, so the candidates are today's products and the first
 * TOP_PRODUK others of the past ranking; a candidate whose row is gone (deleted: its clicks are
 * null ones now) is remembered and replaced by the next.
 */
function produkTeratas(db: Db, m: Ingatan, lampau: JumlahLalu, kini: Map<number, number>): WaStatistik["topProduk"] {
  const calon: [number, number][] = [];
  for (const [id, n] of kini) if (!m.produkDihapus.has(id)) calon.push([id, n + (lampau.produk.get(id) ?? 0)]);
  let i = 0;
  const dariLampau = (jumlah: number) => {
    for (let added = 0; added < jumlah && i < lampau.urutId.length; i++) {
      const id = lampau.urutId[i]!;
      if (kini.has(id) || m.produkDihapus.has(id)) continue;
      calon.push([id, lampau.urutKlik[i]!]);
      added++;
    }
  };
  dariLampau(TOP_PRODUK);
  for (;;) {
    calon.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const top = calon.slice(0, TOP_PRODUK);
    const ids = top.map(([id]) => id);
    const names = namaProduk(db, ids);
    const gone = ids.filter((id) => !names.has(id));
    if (gone.length === 0) return top.map(([id, n]) => ({ ...names.get(id)!, klik: n }));
    for (const id of gone) m.produkDihapus.add(id);
    const left = calon.filter(([id]) => !m.produkDihapus.has(id));
    calon.length = 0;
    calon.push(...left);
    dariLampau(gone.length);
  }
}

/**
 * The page's figures for the last `periode` days (today included): what waStatistikLangsung
 * answers, from the counts kept in memory and the clicks recorded since the last request.
 */
export function waStatistik(db: Db, periode: WaPeriode, now = new Date()): WaStatistik {
  const days = hariPeriode(periode, now);
  const dari = days[0]!;
  const hariIni = days.at(-1)!;
  const lalu = days.slice(0, -1);
  const m = ingatanOf(db);
  baca(db, m, lalu, hariIni, now);
  const lampau = jumlahLalu(m, periode, lalu);
  const kini = hitunganKini(m, hariIni);

  const perHari = days.map((hari) => ({ hari, klik: (m.lengkap.get(hari) ?? m.buka.get(hari))?.klik ?? 0 }));
  const total = perHari.reduce((sum, d) => sum + d.klik, 0);

  const cabang = daftarCabang(db);
  const ada = new Set(cabang.map((c) => c.id));
  const perTujuan = new Map<number, number>();
  const hitung = (key: number, n: number) => {
    // A kept id that names no branch any more: the branch was deleted, its rows say null now.
    const id = key < 0 ? -1 - key : key;
    tambah(perTujuan, id !== 0 && !ada.has(id) ? (key < 0 ? -1 : 0) : key, n);
  };
  for (const [key, n] of lampau.tujuan) hitung(key, n);
  for (const [key, n] of kini.tujuan) hitung(key, n);
  const perCabang = susunPerCabang(cabang, (tujuan, id) => perTujuan.get(kunciTujuan(tujuan, id)) ?? 0);
  const perHalaman = susunPerHalaman((halaman) => (lampau.halaman.get(halaman) ?? 0) + (kini.halaman.get(halaman) ?? 0));

  const topProduk = produkTeratas(db, m, lampau, kini.produk);

  return { periode, dari, sampai: hariIni, total, perHari, perCabang, perHalaman, topProduk };
}

// ---- CSV --------------------------------------------------------------------------------------

export const WA_CSV_KOLOM = ["hari", "tujuan", "produk", "halaman", "klik"] as const;

export function namaBerkasWaCsv(periode: WaPeriode, now = new Date()): string {
  return `statistik-whatsapp-${periode}-hari-${toWibDateInput(now)}.csv`;
}

/**
 * The period's clicks as CSV (UTF-8 with BOM, CRLF, formula-safe fields as the product export):
 * one line per day × target × product × page, with its count; days oldest first.
 */
export function waCsv(db: Db, periode: WaPeriode, now = new Date()): string {
  const dari = hariPeriode(periode, now)[0]!;
  const rows = db
    .select({
      hari: waKlik.hari,
      tujuan: waKlik.tujuan,
      cabang: kantorCabang.kantor_cabang,
      produk: produk.nama_produk,
      halaman: waKlik.halaman,
      klik: sql<number>`count(*)`,
    })
    .from(waKlik)
    .leftJoin(kantorCabang, eq(kantorCabang.id, waKlik.id_kantor_cabang))
    .leftJoin(produk, eq(produk.id, waKlik.id_produk))
    .where(gte(waKlik.hari, dari))
    .groupBy(waKlik.hari, waKlik.tujuan, waKlik.id_kantor_cabang, waKlik.id_produk, waKlik.halaman)
    .orderBy(asc(waKlik.hari), asc(waKlik.tujuan), asc(waKlik.id_kantor_cabang), asc(waKlik.id_produk), asc(waKlik.halaman))
    .all();
  const lines = rows.map((r) => {
    const tujuan = r.tujuan === "toko" ? LABEL_TOKO : (r.cabang ?? LABEL_CABANG_DIHAPUS);
    const halaman = HALAMAN_LABEL[parseHalaman(r.halaman)];
    return csvLine([r.hari, tujuan, r.produk ?? "", halaman, r.klik]);
  });
  return BOM + [csvLine(WA_CSV_KOLOM), ...lines].join("");
}

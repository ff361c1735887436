/**
 * WhatsApp clicks counted on our own server (issue 14, section 3).
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
 */
import { asc, count as countRows, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { kantorCabang, produk, setting, waKlik } from "../../../db/schema";
import { findProdukBySeo } from "~/domain/produk/produk.server";
import { BOM, csvLine } from "~/domain/produk/csv.server";
import type { Db } from "~/lib/server/db.server";
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

/** The click's one row: one INSERT, nothing about the visitor. */
export function recordWaKlik(db: Db, target: Pick<WaTujuan, "tujuan" | "id_kantor_cabang" | "id_produk">, halaman: WaHalaman, now = new Date()) {
  db.insert(waKlik)
    .values({
      tujuan: target.tujuan,
      id_kantor_cabang: target.id_kantor_cabang,
      id_produk: target.id_produk,
      halaman,
      hari: toWibDateInput(now),
      created_at: now,
    })
    .run();
}

// ---- Statistik WhatsApp ------------------------------------------------------------------------

import type { WaPeriode } from "~/domain/whatsapp/periode";
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

/**
 * The page's figures for the last `periode` days (today included). Each query reads a range of
 * wa_klik_hari_idx alone (it covers every column used): cost grows with the period's clicks.
 */
export function waStatistik(db: Db, periode: WaPeriode, now = new Date()): WaStatistik {
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
  const klikOf = (tujuan: string, id: number | null) => byTarget.find((r) => r.tujuan === tujuan && r.id === id)?.n ?? 0;
  const cabang = db.select({ id: kantorCabang.id, nama: kantorCabang.kantor_cabang }).from(kantorCabang).orderBy(asc(kantorCabang.id)).all();
  const perCabang = [
    { label: LABEL_TOKO, id: null, klik: klikOf("toko", null) },
    ...cabang.map((c) => ({ label: c.nama, id: c.id, klik: klikOf("cabang", c.id) })),
  ];
  const dihapus = klikOf("cabang", null);
  if (dihapus > 0) perCabang.push({ label: LABEL_CABANG_DIHAPUS, id: null, klik: dihapus });
  perCabang.sort((a, b) => b.klik - a.klik || (a.id ?? 0) - (b.id ?? 0));

  const byHalaman = new Map(
    db.select({ halaman: waKlik.halaman, n }).from(waKlik).where(inPeriod).groupBy(waKlik.halaman).all().map((r) => [r.halaman, r.n]),
  );
  const perHalaman = ([...WA_HALAMAN, "lain"] as WaHalaman[])
    .map((halaman) => ({ halaman, label: HALAMAN_LABEL[halaman], klik: byHalaman.get(halaman) ?? 0 }))
    .sort((a, b) => b.klik - a.klik);

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
  const names = new Map(
    ids.length === 0
      ? []
      : db
          .select({ id: produk.id, nama_produk: produk.nama_produk, nama_seo: produk.nama_seo })
          .from(produk)
          .where(inArray(produk.id, ids))
          .all()
          .map((p) => [p.id, p]),
  );
  const topProduk = top.flatMap((r) => {
    const p = names.get(r.id!);
    return p ? [{ ...p, klik: r.n }] : [];
  });

  return { periode, dari, sampai: days.at(-1)!, total, perHari, perCabang, perHalaman, topProduk };
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

/**
 * WhatsApp clicks counted on our own server: the redirect's side.
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
 * What the clicks add up to: wa-statistik.server.ts (the page, its counts kept in memory) and
 * wa-csv.server.ts (the download).
 */
import { isbot } from "isbot";
import { eq } from "drizzle-orm";
import { kantorCabang, setting, waKlik } from "../../../db/schema";
import { findProdukBySeo } from "~/domain/produk/produk.server";
import { forgetHari } from "~/domain/whatsapp/wa-statistik.server";
import type { Db } from "~/lib/server/db.server";
import { WA_HALAMAN, waLink, type WaHalaman } from "~/lib/util/format";
import { toWibDateInput } from "~/lib/util/wib";

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

/**
 * WhatsApp clicks counted on our own server: the redirect's side.
 *
 * Every WhatsApp link of the public site is `/wa/toko[/<product-seo>]` (the shop's own number
 * from Setting) or `/wa/<branch-id>[/<product-seo>]` (a branch's number), with `?dari=<page>`.
 * The redirect (app/routes/wa.ts) resolves the target here (reads only), records one row in
 * wa_klik (one INSERT: target, product, kind of page, WIB day; nothing about the visitor, no
 * cookie) unless the visitor is a bot, and answers 302 to the chat link.
 *
 * Counting is limited per client network (WA_KLIK_BATAS): past it the visitor is still sent to
 * the chat, only the click is not counted, so a flood of requests cannot fill the table or skew the
 * figures. Clicks older than WA_KLIK_RETENSI_HARI days are removed by the daily job (pruneWaKlik).
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
import { eq, lt } from "drizzle-orm";
import { RateLimiterRes } from "rate-limiter-flexible";
import { kantorCabang, setting, waKlik } from "../../../db/schema";
import { findProdukBySeo } from "~/domain/produk/public.server";
import { forgetHari, forgetHariSebelum } from "~/domain/whatsapp/wa-statistik.server";
import type { Db } from "~/lib/server/db.server";
import { clientIp, clientNetwork, perDb, sqliteLimiter } from "~/lib/server/throttle.server";
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
 * How many clicks of one client network are counted (clientNetwork: an IPv4 address, an IPv6
 * /64). The figures stand for people who wanted to chat: someone who taps the same button again
 * within a minute is no more interested, so at most 5 clicks per minute on one target (the shop's
 * number or a branch's, with or without a product) count — not 1, because an office, a campus or
 * a mobile operator puts many visitors behind one address, and a few of them may well ask about
 * the same product in the same minute. And at most 60 an hour over all targets: far more than a
 * visitor browsing the catalogue clicks, while a script walking every product adds 60 rows an
 * hour, not thousands a minute. Stored in SQLite like the other throttles (rate_limits), so the
 * limit holds across processes and restarts.
 */
export const WA_KLIK_BATAS = {
  perTujuan: { points: 5, duration: 60 },
  perJaringan: { points: 60, duration: 60 * 60 },
} as const;

const waKlikLimiters = perDb(() => ({
  perTujuan: sqliteLimiter("wa_klik_tujuan", WA_KLIK_BATAS.perTujuan.points, WA_KLIK_BATAS.perTujuan.duration),
  perJaringan: sqliteLimiter("wa_klik_jaringan", WA_KLIK_BATAS.perJaringan.points, WA_KLIK_BATAS.perJaringan.duration),
}));

/**
 * Whether this click is counted: false once its client network has used up a WA_KLIK_BATAS
 * bucket. Only about counting — the redirect to the chat happens either way.
 */
export async function waKlikDihitung(request: Request, target: Pick<WaTujuan, "tujuan" | "id_kantor_cabang" | "id_produk">): Promise<boolean> {
  const jaringan = clientNetwork(clientIp(request));
  const { perTujuan, perJaringan } = waKlikLimiters();
  try {
    await perTujuan.consume(`${jaringan}|${target.tujuan}:${target.id_kantor_cabang ?? ""}:${target.id_produk ?? ""}`);
    await perJaringan.consume(jaringan);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/**
 * The click's one row: one INSERT, nothing about the visitor. A click dated on a past day the
 * statistics keep complete in memory (only an explicit past `now` does that) makes them read that
 * day again; a visitor's click is dated today, so for it this is a map lookup, no other write.
 * Whether it is counted at all is waKlikDihitung's to say.
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

/**
 * Removes the clicks of WIB days more than `hari` days before `now` (the daily job, with
 * WA_KLIK_RETENSI_HARI, at least the statistics' longest period) and has the statistics forget
 * those days. Returns how many were removed.
 */
export function pruneWaKlik(db: Db, now: Date, hari: number): number {
  const batas = toWibDateInput(new Date(now.getTime() - hari * 24 * 60 * 60 * 1000));
  const removed = db.delete(waKlik).where(lt(waKlik.hari, batas)).run().changes;
  forgetHariSebelum(db, batas);
  return removed;
}

/**
 * The WhatsApp redirect's domain module on a real (per-test) SQLite copy: who is a bot, which
 * pages count, what a /wa/ target resolves to (and what is a 404), the one row a click writes
 * (its WIB day, nothing else), how many clicks of one network count, and the retention job.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import { updateProduk } from "~/domain/produk/produk.server";
import { isBot, parseHalaman, pruneWaKlik, recordWaKlik, resolveWaTujuan, WA_KLIK_BATAS, waKlikDihitung } from "~/domain/whatsapp/wa-klik.server";
import { parsePeriode, WA_PERIODE } from "~/domain/whatsapp/periode";
import { waHariDisimpan, waStatistik, waStatistikLangsung } from "~/domain/whatsapp/wa-statistik.server";
import { WA_KLIK_RETENSI_HARI_DEFAULT, WA_KLIK_RETENSI_HARI_MIN } from "~/lib/server/env.server";
import { CLIENT_IP_HEADER } from "~/lib/server/throttle.server";
import { eachTestDb } from "../../../tests/setup/test-db";
import { cabangBaru, DAY, isiKlik, klik, kosongkan, NOW, produkBaru } from "../../../tests/setup/wa-klik";

const each = eachTestDb();
const ORIGIN = "https://toko.contoh";
const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

describe("isBot and the page list", () => {
  it("crawlers and link previewers are bots, a phone's browser is not", () => {
    expect(isBot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isBot("facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)")).toBe(true);
    expect(isBot("curl/8.5.0")).toBe(true);
    expect(isBot(CHROME)).toBe(false);
    expect(isBot(null)).toBe(false);
  });

  it("?dari= is one of the fixed pages, anything else is 'lain'", () => {
    expect(parseHalaman("detail-produk")).toBe("detail-produk");
    expect(parseHalaman("Kontak-Kami")).toBe("kontak-kami");
    expect(parseHalaman("https://evil.example/")).toBe("lain");
    expect(parseHalaman(null)).toBe("lain");
    expect(parsePeriode("7")).toBe(7);
    expect(parsePeriode("90")).toBe(90);
    expect(parsePeriode("31")).toBeNull();
    expect(parsePeriode("abc")).toBeNull();
  });
});

describe("resolveWaTujuan", () => {
  it("the shop's own number, without a product: the chat link with no text", () => {
    each.t.db.update(schema.setting).set({ whatsapp: "0812-1111-2222", nama_toko: "Mebel Jati" }).where(eq(schema.setting.id, 1)).run();
    expect(resolveWaTujuan(each.t.db, "toko", undefined, ORIGIN)).toEqual({
      tujuan: "toko",
      id_kantor_cabang: null,
      id_produk: null,
      chat: "https://wa.me/6281211112222",
    });
  });

  it("a branch with a product: the product page's wording, with the product's absolute URL", () => {
    const cabang = cabangBaru(each.t.db, "Uji Jepara", "0813 3333 4444");
    const p = produkBaru(each.t.db, "Kursi Tamu & Meja", "kursi-tamu-meja");
    const target = resolveWaTujuan(each.t.db, String(cabang.id), "kursi-tamu-meja", ORIGIN)!;
    expect(target).toMatchObject({ tujuan: "cabang", id_kantor_cabang: cabang.id, id_produk: p.id });
    const url = new URL(target.chat);
    expect(url.origin + url.pathname).toBe("https://wa.me/6281333334444");
    expect(url.searchParams.get("text")).toBe(
      `Halo Uji Jepara, saya tertarik dengan produk "Kursi Tamu & Meja" (${ORIGIN}/detail-produk/kursi-tamu-meja). Apakah masih tersedia?`,
    );
  });

  it("a renamed product's old slug still finds it (and names the new URL)", () => {
    const cabang = cabangBaru(each.t.db, "Uji Kudus", "081355556666");
    const p = produkBaru(each.t.db, "Lemari Lama", "lemari-lama");
    const renamed = updateProduk(each.t.db, p.id, { nama_produk: "Lemari Baru", id_kategori: null, harga: "1", deskripsi: "x", gudang: [] });
    expect(renamed.ok).toBe(true);
    const target = resolveWaTujuan(each.t.db, String(cabang.id), "lemari-lama", ORIGIN)!;
    expect(target.id_produk).toBe(p.id);
    expect(new URL(target.chat).searchParams.get("text")).toContain(`(${ORIGIN}/detail-produk/lemari-baru)`);
  });

  it("unknown branch or product, a malformed id, or no number: null (the route's 404)", () => {
    const tanpaNomor = cabangBaru(each.t.db, "Gudang Kosong", "");
    const cabang = cabangBaru(each.t.db, "Gudang Demak", "081377778888");
    produkBaru(each.t.db, "Meja", "meja-uji");
    for (const id of ["999999", "0", "-1", "1.5", "abc", "01", "TOKO", String(tanpaNomor.id)]) {
      expect(resolveWaTujuan(each.t.db, id, undefined, ORIGIN), id).toBeNull();
    }
    expect(resolveWaTujuan(each.t.db, String(cabang.id), "tidak-ada", ORIGIN)).toBeNull();
    expect(resolveWaTujuan(each.t.db, String(cabang.id), "meja-uji", ORIGIN)).not.toBeNull();
    each.t.db.update(schema.setting).set({ whatsapp: "" }).where(eq(schema.setting.id, 1)).run();
    expect(resolveWaTujuan(each.t.db, "toko", undefined, ORIGIN)).toBeNull();
  });
});

describe("recordWaKlik", () => {
  it("writes one row: target, product, page and the WIB day (past 17.00 UTC is the next day)", () => {
    kosongkan(each.t.db);
    const cabang = cabangBaru(each.t.db, "Gudang Pati", "081300001111");
    const p = produkBaru(each.t.db, "Bufet", "bufet-uji");
    recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: cabang.id, id_produk: p.id }, "detail-produk", new Date("2026-03-09T17:30:00Z"));
    recordWaKlik(each.t.db, { tujuan: "toko", id_kantor_cabang: null, id_produk: null }, "lain", new Date("2026-03-09T16:59:00Z"));
    const rows = klik(each.t.db);
    expect(rows.map((r) => [r.tujuan, r.id_kantor_cabang, r.id_produk, r.halaman, r.hari])).toEqual([
      ["cabang", cabang.id, p.id, "detail-produk", "2026-03-10"],
      ["toko", null, null, "lain", "2026-03-09"],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(["created_at", "halaman", "hari", "id", "id_kantor_cabang", "id_produk", "tujuan"]);
    expect(each.changes).toEqual([]); // not a domain write: the page cache stays
  });
});

describe("waKlikDihitung: how many clicks of one network count", () => {
  const dari = (ip: string) => new Request("https://toko.contoh/wa/toko", { headers: { [CLIENT_IP_HEADER]: ip } });
  const TOKO = { tujuan: "toko" as const, id_kantor_cabang: null, id_produk: null };
  const produk = (id: number) => ({ tujuan: "cabang" as const, id_kantor_cabang: 1, id_produk: id });
  const hitung = async (request: Request, target: Parameters<typeof waKlikDihitung>[1], n: number) => {
    const answers: boolean[] = [];
    for (let i = 0; i < n; i++) answers.push(await waKlikDihitung(request, target));
    return answers;
  };

  it(`${WA_KLIK_BATAS.perTujuan.points} a minute on one target; another target, another address still count`, async () => {
    const limit = WA_KLIK_BATAS.perTujuan.points;
    expect(await hitung(dari("203.0.113.7"), TOKO, limit + 3)).toEqual([...Array<boolean>(limit).fill(true), false, false, false]);
    expect(await waKlikDihitung(dari("203.0.113.7"), produk(1))).toBe(true);
    expect(await waKlikDihitung(dari("203.0.113.8"), TOKO)).toBe(true);
    expect(await waKlikDihitung(dari("::ffff:203.0.113.7"), TOKO)).toBe(false); // the same address
  });

  it("an IPv6 network is one client: changing the address inside its /64 counts on", async () => {
    const limit = WA_KLIK_BATAS.perTujuan.points;
    const answers: boolean[] = [];
    for (let i = 1; i <= limit + 1; i++) answers.push(await waKlikDihitung(dari(`2001:db8:1:2::${i.toString(16)}`), TOKO));
    expect(answers.at(-1)).toBe(false);
    expect(await waKlikDihitung(dari("2001:db8:1:3::1"), TOKO)).toBe(true);
  });

  it(`${WA_KLIK_BATAS.perJaringan.points} an hour over all targets: walking every product stops counting`, async () => {
    const limit = WA_KLIK_BATAS.perJaringan.points;
    const answers: boolean[] = [];
    for (let id = 1; id <= limit + 2; id++) answers.push(await waKlikDihitung(dari("198.51.100.1"), produk(id)));
    expect(answers.filter(Boolean)).toHaveLength(limit);
    expect(answers.slice(-2)).toEqual([false, false]);
    expect(await waKlikDihitung(dari("198.51.100.2"), produk(1))).toBe(true);
  });
});

describe("pruneWaKlik (the daily retention job)", () => {
  it("the shortest retention allowed is the statistics' longest period; the default leaves a month more", () => {
    expect(WA_KLIK_RETENSI_HARI_MIN).toBe(Math.max(...WA_PERIODE));
    expect(WA_KLIK_RETENSI_HARI_DEFAULT).toBeGreaterThan(WA_KLIK_RETENSI_HARI_MIN);
  });

  it("removes the days before the retention, keeps the longest period whole, and the statistics follow", () => {
    isiKlik(each.t.db);
    const toko = { tujuan: "toko" as const, id_kantor_cabang: null, id_produk: null };
    for (const daysAgo of [89, 90, 91, 95, 119, 120, 121, 400]) recordWaKlik(each.t.db, toko, "beranda", new Date(NOW.getTime() - daysAgo * DAY));
    const sebelum = waStatistik(each.t.db, 90, NOW);
    expect(waHariDisimpan(each.t.db)).toBe(90);

    expect(pruneWaKlik(each.t.db, NOW, WA_KLIK_RETENSI_HARI_DEFAULT)).toBe(2); // 121 and 400 days ago
    expect(klik(each.t.db).map((r) => r.hari).sort()[0]).toBe("2025-11-10"); // 120 days before 2026-03-10
    expect(pruneWaKlik(each.t.db, NOW, WA_KLIK_RETENSI_HARI_MIN)).toBe(4); // 91, 95, 119 and 120 days ago
    expect(klik(each.t.db).map((r) => r.hari).sort()[0]).toBe("2025-12-10"); // 90 days before: the day before the 90-day period's first
    expect(pruneWaKlik(each.t.db, NOW, WA_KLIK_RETENSI_HARI_MIN)).toBe(0);
    // The 90-day period lost nothing; a day that falls out of it later was forgotten as well.
    expect(waStatistik(each.t.db, 90, NOW)).toEqual(sebelum);
    const later = new Date(NOW.getTime() + 3 * DAY);
    expect(pruneWaKlik(each.t.db, later, WA_KLIK_RETENSI_HARI_MIN)).toBe(2); // 89 and 90 days before NOW
    expect(waHariDisimpan(each.t.db)).toBe(88); // the two days before the new cut-off left the memory too
    for (const periode of WA_PERIODE) expect(waStatistik(each.t.db, periode, later)).toEqual(waStatistikLangsung(each.t.db, periode, later));
  });
});

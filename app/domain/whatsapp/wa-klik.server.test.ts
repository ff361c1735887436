/**
 * WhatsApp clicks' domain module on a real (per-test) SQLite copy: who is a bot, which pages
 * count, what a /wa/ target resolves to (and what is a 404), the one row a click writes (its WIB
 * day, nothing else), what the statistics and the CSV say, what deleting a branch or a product
 * does to its clicks, and that the statistics' queries read an index, not the table; that the
 * statistics kept in memory answer what the uncached computation answers (seeded random clicks,
 * a moving clock, deletes, back-dated clicks, another connection's writes) within bounded memory.
 */
import Database from "better-sqlite3";
import { eq, lt } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as schema from "../../../db/schema";
import { rng } from "../../../scripts/seed/rng.mjs";
import { deleteKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { deleteProduk, updateProduk } from "~/domain/produk/produk.server";
import {
  HARI_DISIMPAN_MAKS,
  hariPeriode,
  isBot,
  LABEL_CABANG_DIHAPUS,
  LABEL_TOKO,
  parseHalaman,
  parsePeriode,
  recordWaKlik,
  resolveWaTujuan,
  waCsv,
  waHariDisimpan,
  waStatistik,
  waStatistikLangsung,
} from "~/domain/whatsapp/wa-klik.server";
import type { Db } from "~/lib/server/db.server";
import { WA_HALAMAN, type WaHalaman } from "~/lib/util/format";
import { eachTestDb } from "../../../tests/setup/test-db";

const each = eachTestDb();
const ORIGIN = "https://toko.contoh";
const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
/** 2026-03-10 12:00 WIB */
const NOW = new Date("2026-03-10T05:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function cabangBaru(nama: string, kontak: string) {
  return each.t.db.insert(schema.kantorCabang).values({ kantor_cabang: nama, kontak }).returning().get();
}

function produkBaru(nama: string, seo: string) {
  return each.t.db.insert(schema.produk).values({ nama_produk: nama, nama_seo: seo, harga: "1500000", deskripsi: "Uji." }).returning().get();
}

function klik() {
  return each.t.db.select().from(schema.waKlik).all();
}

function kosongkan() {
  each.t.db.delete(schema.waKlik).run();
}

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
    const cabang = cabangBaru("Uji Jepara", "0813 3333 4444");
    const p = produkBaru("Kursi Tamu & Meja", "kursi-tamu-meja");
    const target = resolveWaTujuan(each.t.db, String(cabang.id), "kursi-tamu-meja", ORIGIN)!;
    expect(target).toMatchObject({ tujuan: "cabang", id_kantor_cabang: cabang.id, id_produk: p.id });
    const url = new URL(target.chat);
    expect(url.origin + url.pathname).toBe("https://wa.me/6281333334444");
    expect(url.searchParams.get("text")).toBe(
      `Halo Uji Jepara, saya tertarik dengan produk "Kursi Tamu & Meja" (${ORIGIN}/detail-produk/kursi-tamu-meja). Apakah masih tersedia?`,
    );
  });

  it("a renamed product's old slug still finds it (and names the new URL)", () => {
    const cabang = cabangBaru("Uji Kudus", "081355556666");
    const p = produkBaru("Lemari Lama", "lemari-lama");
    const renamed = updateProduk(each.t.db, p.id, { nama_produk: "Lemari Baru", id_kategori: null, harga: "1", deskripsi: "x", gudang: [] });
    expect(renamed.ok).toBe(true);
    const target = resolveWaTujuan(each.t.db, String(cabang.id), "lemari-lama", ORIGIN)!;
    expect(target.id_produk).toBe(p.id);
    expect(new URL(target.chat).searchParams.get("text")).toContain(`(${ORIGIN}/detail-produk/lemari-baru)`);
  });

  it("unknown branch or product, a malformed id, or no number: null (the route's 404)", () => {
    const tanpaNomor = cabangBaru("Gudang Kosong", "");
    const cabang = cabangBaru("Gudang Demak", "081377778888");
    produkBaru("Meja", "meja-uji");
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
    kosongkan();
    const cabang = cabangBaru("Gudang Pati", "081300001111");
    const p = produkBaru("Bufet", "bufet-uji");
    recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: cabang.id, id_produk: p.id }, "detail-produk", new Date("2026-03-09T17:30:00Z"));
    recordWaKlik(each.t.db, { tujuan: "toko", id_kantor_cabang: null, id_produk: null }, "lain", new Date("2026-03-09T16:59:00Z"));
    const rows = klik();
    expect(rows.map((r) => [r.tujuan, r.id_kantor_cabang, r.id_produk, r.halaman, r.hari])).toEqual([
      ["cabang", cabang.id, p.id, "detail-produk", "2026-03-10"],
      ["toko", null, null, "lain", "2026-03-09"],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(["created_at", "halaman", "hari", "id", "id_kantor_cabang", "id_produk", "tujuan"]);
    expect(each.changes).toEqual([]); // not a domain write: the page cache stays
  });
});

describe("Statistik WhatsApp", () => {
  function isi() {
    kosongkan();
    const jepara = cabangBaru("Uji Jepara", "081311112222");
    const kudus = cabangBaru("Uji Kudus", "081322223333");
    const kursi = produkBaru("Kursi Uji", "kursi-uji");
    const meja = produkBaru("Meja Uji", "meja-uji");
    const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY);
    const toko = { tujuan: "toko" as const, id_kantor_cabang: null, id_produk: null };
    for (let i = 0; i < 3; i++) recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: jepara.id, id_produk: kursi.id }, "detail-produk", at(0));
    recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: kudus.id, id_produk: meja.id }, "detail-produk", at(6));
    recordWaKlik(each.t.db, toko, "beranda", at(6));
    recordWaKlik(each.t.db, toko, "kontak-kami", at(7)); // outside 7 days, inside 30
    recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: kudus.id, id_produk: meja.id }, "detail-produk", at(40)); // inside 90 only
    return { jepara, kudus, kursi, meja };
  }

  it("per day (every day of the period, zeros included), per branch, per page, top products", () => {
    const { jepara, kudus, kursi, meja } = isi();
    const s7 = waStatistik(each.t.db, 7, NOW);
    expect(s7.perHari).toHaveLength(7);
    expect(s7.dari).toBe("2026-03-04");
    expect(s7.sampai).toBe("2026-03-10");
    expect(s7.perHari.at(-1)).toEqual({ hari: "2026-03-10", klik: 3 });
    expect(s7.perHari[0]).toEqual({ hari: "2026-03-04", klik: 2 });
    expect(s7.perHari.filter((d) => d.klik === 0)).toHaveLength(5);
    expect(s7.total).toBe(5);
    const cabang = Object.fromEntries(s7.perCabang.map((c) => [c.label, c.klik]));
    expect(cabang).toMatchObject({ "Uji Jepara": 3, "Uji Kudus": 1, [LABEL_TOKO]: 1 });
    expect(s7.perCabang[0]).toMatchObject({ label: "Uji Jepara", id: jepara.id, klik: 3 });
    expect(s7.topProduk.map((p) => [p.id, p.nama_produk, p.klik])).toEqual([
      [kursi.id, "Kursi Uji", 3],
      [meja.id, "Meja Uji", 1],
    ]);
    expect(s7.perHalaman.slice(0, 2).map((h) => [h.label, h.klik])).toEqual([["Detail Produk", 4], ["Beranda", 1]]);

    expect(waStatistik(each.t.db, 30, NOW).total).toBe(6);
    const s90 = waStatistik(each.t.db, 90, NOW);
    expect(s90.total).toBe(7);
    expect(s90.perHari).toHaveLength(90);
    expect(s90.perCabang.find((c) => c.id === kudus.id)?.klik).toBe(2);
  });

  it("deleting a branch or a product keeps its clicks (null id): totals stay, shown as a deleted branch", async () => {
    const { kudus, meja } = isi();
    expect(deleteKantorCabang(each.t.db, kudus.id)).toEqual({ ok: true });
    expect(await deleteProduk(each.t.db, meja.id)).toEqual({ ok: true });
    expect(klik()).toHaveLength(7);
    const s = waStatistik(each.t.db, 90, NOW);
    expect(s.total).toBe(7);
    expect(s.perCabang.find((c) => c.label === LABEL_CABANG_DIHAPUS)?.klik).toBe(2);
    expect(s.perCabang.some((c) => c.label === "Uji Kudus")).toBe(false);
    expect(s.topProduk.map((p) => p.nama_produk)).toEqual(["Kursi Uji"]);
    const csv = waCsv(each.t.db, 90, NOW);
    expect(csv).toContain(`2026-01-29,${LABEL_CABANG_DIHAPUS},,Detail Produk,1\r\n`);
    expect(csv).toContain(`2026-03-04,${LABEL_CABANG_DIHAPUS},,Detail Produk,1\r\n`);
  });

  it("the CSV: BOM, header, one line per day × target × product × page, oldest first", () => {
    isi();
    const csv = waCsv(each.t.db, 7, NOW);
    expect(csv.startsWith("\uFEFFhari,tujuan,produk,halaman,klik\r\n")).toBe(true);
    expect(csv.slice(1).split("\r\n").filter(Boolean)).toEqual([
      "hari,tujuan,produk,halaman,klik",
      "2026-03-04,Uji Kudus,Meja Uji,Detail Produk,1",
      `2026-03-04,${LABEL_TOKO},,Beranda,1`,
      "2026-03-10,Uji Jepara,Kursi Uji,Detail Produk,3",
    ]);
  });

  it("a product or branch name that looks like a formula is guarded in the CSV", () => {
    kosongkan();
    const c = cabangBaru("=HYPERLINK(\"x\")", "081300009999");
    recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: c.id, id_produk: null }, "kontak-kami", NOW);
    expect(waCsv(each.t.db, 7, NOW)).toContain(`2026-03-10,"'=HYPERLINK(""x"")",,Kontak Kami,1`);
  });

  it("hariPeriode: consecutive WIB days ending today", () => {
    expect(hariPeriode(3, new Date("2026-03-01T18:00:00Z"))).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it("every statistics query reads wa_klik through an index (EXPLAIN QUERY PLAN)", () => {
    isi();
    const client = each.t.db.$client;
    const seen: string[] = [];
    const prepare = client.prepare.bind(client);
    const spy = vi.spyOn(client, "prepare").mockImplementation(((source: string) => {
      seen.push(source);
      return prepare(source);
    }) as never);
    try {
      waStatistik(each.t.db, 90, NOW); // the past days read into memory, and today
      waStatistik(each.t.db, 90, NOW); // today only
      waStatistikLangsung(each.t.db, 90, NOW);
      waCsv(each.t.db, 90, NOW);
    } finally {
      spy.mockRestore();
    }
    const queries = seen.filter((q) => /from "wa_klik"/i.test(q));
    expect(queries.length).toBeGreaterThanOrEqual(5);
    for (const q of queries) {
      const params = (q.match(/\?/g) ?? []).map(() => "2026-01-01");
      const plan = (client.prepare(`EXPLAIN QUERY PLAN ${q}`).all(...params) as { detail: string }[]).map((r) => r.detail);
      const onWaKlik = plan.filter((d) => /wa_klik/.test(d));
      expect(onWaKlik.length, q).toBeGreaterThan(0);
      for (const d of onWaKlik) expect(d, q).toMatch(/^SEARCH wa_klik USING COVERING INDEX wa_klik_hari_idx \(hari>\?\)/);
    }
  });

  describe("kept in memory", () => {
    const HOUR = 60 * 60 * 1000;
    const TOKO = { tujuan: "toko" as const, id_kantor_cabang: null, id_produk: null };

    /** The kept statistics equal the uncached computation, for every period, at `now`. */
    function samaDenganLangsung(now: Date, label = "") {
      for (const periode of [7, 30, 90] as const) {
        expect(waStatistik(each.t.db, periode, now), `${label} ${periode} hari, ${now.toISOString()}`).toEqual(
          waStatistikLangsung(each.t.db, periode, now),
        );
      }
    }

    // A fresh database per seed: the app never deletes clicks (see "reads the clicks since the last one").
    const RANDOM = "answers what the uncached computation answers: seeded random clicks, a moving clock, new and back-dated clicks, deletes (seed %i)";
    it.each([1, 2, 3, 4, 5, 6])(RANDOM, async (seed) => {
      const halaman: WaHalaman[] = [...WA_HALAMAN, "lain"];
      kosongkan();
      const random = rng(seed);
      const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)]!;
      const cabang = Array.from({ length: 4 }, (_, i) => cabangBaru(`Acak ${seed}-${i}`, `0813000${seed}00${i}`));
      const daftarProduk = Array.from({ length: 13 }, (_, i) => produkBaru(`Produk Acak ${seed}-${i}`, `produk-acak-${seed}-${i}`));
      const klikAcak = (at: Date, db: Db = each.t.db) => {
        const toko = random() < 0.25;
        const target = { tujuan: toko ? ("toko" as const) : ("cabang" as const), id_kantor_cabang: toko ? null : pick(cabang).id };
        recordWaKlik(db, { ...target, id_produk: random() < 0.6 ? pick(daftarProduk).id : null }, pick(halaman), at);
      };
      // 100 days of clicks before the first request, a few older than the longest period.
      each.t.db.transaction((tx) => {
        for (let i = 0; i < 500; i++) klikAcak(new Date(NOW.getTime() - random() * 100 * DAY), tx);
      });
      let clock = NOW.getTime();
      samaDenganLangsung(new Date(clock), `seed ${seed} awal`);
      const log: string[] = [];
      for (let step = 0; step < 30; step++) {
        const r = random();
        if (r < 0.4) {
          const n = 1 + Math.floor(random() * 6);
          for (let k = 0; k < n; k++) klikAcak(new Date(clock));
          log.push(`${n} klik hari ini`);
        } else if (r < 0.55) {
          const daysAgo = 1 + Math.floor(random() * 95);
          klikAcak(new Date(clock - daysAgo * DAY));
          log.push(`klik ${daysAgo} hari lalu`);
        } else if (r < 0.78) {
          const hours = Math.floor(random() * 40);
          clock += hours * HOUR;
          log.push(`+${hours} jam`);
        } else if (r < 0.82) {
          clock -= 2 * DAY; // a clock set back
          log.push("jam mundur 2 hari");
        } else if (r < 0.91 && cabang.length > 1) {
          const [gone] = cabang.splice(Math.floor(random() * cabang.length), 1);
          expect(deleteKantorCabang(each.t.db, gone!.id)).toEqual({ ok: true });
          log.push(`cabang ${gone!.id} dihapus`);
        } else if (daftarProduk.length > 1) {
          const [gone] = daftarProduk.splice(Math.floor(random() * daftarProduk.length), 1);
          expect(await deleteProduk(each.t.db, gone!.id)).toEqual({ ok: true });
          log.push(`produk ${gone!.id} dihapus`);
        }
        samaDenganLangsung(new Date(clock), `seed ${seed}: ${log.join(", ")}`);
      }
    });

    it("a branch or a top product deleted after its days are kept: 'Cabang yang sudah dihapus', and out of the top", async () => {
      const { kudus, meja } = isi();
      const before = waStatistik(each.t.db, 90, NOW);
      expect(waHariDisimpan(each.t.db)).toBe(90); // 89 complete days and today
      expect(before.perCabang.find((c) => c.id === kudus.id)?.klik).toBe(2);
      expect(before.topProduk.map((p) => p.nama_produk)).toEqual(["Kursi Uji", "Meja Uji"]);

      expect(deleteKantorCabang(each.t.db, kudus.id)).toEqual({ ok: true });
      expect(await deleteProduk(each.t.db, meja.id)).toEqual({ ok: true });
      const after = waStatistik(each.t.db, 90, NOW);
      expect(after.total).toBe(7);
      expect(after.perCabang.some((c) => c.label === "Uji Kudus")).toBe(false);
      expect(after.perCabang.find((c) => c.label === LABEL_CABANG_DIHAPUS)?.klik).toBe(2);
      expect(after.topProduk.map((p) => p.nama_produk)).toEqual(["Kursi Uji"]);
      samaDenganLangsung(NOW);
    });

    it("a click recorded on a day already kept (back-dated) is counted on that day", () => {
      isi();
      const s7 = waStatistik(each.t.db, 7, NOW);
      expect(s7.perHari[0]).toEqual({ hari: "2026-03-04", klik: 2 });
      expect(waStatistik(each.t.db, 90, NOW).perHari.find((d) => d.hari === "2026-01-29")).toEqual({ hari: "2026-01-29", klik: 1 });

      recordWaKlik(each.t.db, TOKO, "beranda", new Date(NOW.getTime() - 6 * DAY));
      recordWaKlik(each.t.db, TOKO, "kerja-sama", new Date(NOW.getTime() - 40 * DAY));
      const after7 = waStatistik(each.t.db, 7, NOW);
      expect(after7.perHari[0]).toEqual({ hari: "2026-03-04", klik: 3 });
      expect(after7.total).toBe(6);
      expect(after7.perCabang.find((c) => c.label === LABEL_TOKO)?.klik).toBe(2);
      const after90 = waStatistik(each.t.db, 90, NOW);
      expect(after90.perHari.find((d) => d.hari === "2026-01-29")).toEqual({ hari: "2026-01-29", klik: 2 });
      expect(after90.perHalaman.find((h) => h.halaman === "kerja-sama")?.klik).toBe(1);
      samaDenganLangsung(NOW);
    });

    it("across a day change: the last clicks of yesterday stay on yesterday, the period moves on", () => {
      isi();
      const malam = new Date("2026-03-10T16:50:00Z"); // 23:50 WIB
      expect(waStatistik(each.t.db, 7, malam).perHari.at(-1)).toEqual({ hari: "2026-03-10", klik: 3 });
      recordWaKlik(each.t.db, TOKO, "beranda", new Date("2026-03-10T16:55:00Z")); // 23:55 WIB, after that request
      const besok = new Date("2026-03-10T17:10:00Z"); // 00:10 WIB on the 11th
      recordWaKlik(each.t.db, TOKO, "produk", besok);
      const s = waStatistik(each.t.db, 7, besok);
      expect([s.dari, s.sampai]).toEqual(["2026-03-05", "2026-03-11"]);
      expect(s.perHari.slice(-2)).toEqual([
        { hari: "2026-03-10", klik: 4 },
        { hari: "2026-03-11", klik: 1 },
      ]);
      expect(s.total).toBe(5); // the 4th's two clicks left the period
      expect(s.perHalaman.slice(0, 2).map((h) => [h.label, h.klik])).toEqual([["Detail Produk", 3], ["Beranda", 1]]);
      samaDenganLangsung(besok);
      const lusa = new Date(besok.getTime() + DAY);
      expect(waStatistik(each.t.db, 7, lusa).perHari.slice(-3).map((d) => d.klik)).toEqual([4, 1, 0]);
      samaDenganLangsung(lusa);
    });

    it("a request reads the clicks since the last one, not the past days again", () => {
      const { jepara, kursi } = isi();
      const first = waStatistik(each.t.db, 90, NOW);
      // Rows removed behind the domain's back (nothing in the app does this) still count: the
      // past days came from memory.
      each.t.db.delete(schema.waKlik).where(lt(schema.waKlik.hari, "2026-03-10")).run();
      expect(waStatistik(each.t.db, 90, NOW)).toEqual(first);
      recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: jepara.id, id_produk: kursi.id }, "produk", NOW);
      const next = waStatistik(each.t.db, 90, NOW);
      expect(next.total).toBe(first.total + 1);
      expect(next.perHari.at(-1)).toEqual({ hari: "2026-03-10", klik: 4 });
      expect(next.topProduk[0]).toMatchObject({ nama_produk: "Kursi Uji", klik: 4 });
    });

    it("another connection's commit (a script on the same file): everything is read again", () => {
      isi();
      expect(waStatistik(each.t.db, 90, NOW).total).toBe(7);
      const other = new Database(each.t.dbFile);
      try {
        other.prepare("DELETE FROM wa_klik WHERE hari < ?").run("2026-03-10");
      } finally {
        other.close();
      }
      expect(waStatistik(each.t.db, 90, NOW).total).toBe(3);
      samaDenganLangsung(NOW);
    });

    it("memory stays bounded: the longest period and a week of days, whatever the clock did", () => {
      isi();
      for (let d = 0; d <= 300; d += 7) {
        const at = new Date(NOW.getTime() + d * DAY);
        recordWaKlik(each.t.db, TOKO, "beranda", at);
        waStatistik(each.t.db, 90, at);
        expect(waHariDisimpan(each.t.db)).toBeLessThanOrEqual(HARI_DISIMPAN_MAKS + 1);
      }
      expect(waHariDisimpan(each.t.db)).toBe(HARI_DISIMPAN_MAKS + 1);
      samaDenganLangsung(new Date(NOW.getTime() + 300 * DAY));
    });
  });
});

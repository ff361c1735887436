/**
 * Statistik WhatsApp on a real (per-test) SQLite copy: what the statistics say, what deleting a
 * branch or a product does to its clicks, and that the statistics' queries read an index, not the
 * table; that the statistics kept in memory answer what the uncached computation answers (seeded
 * random clicks, a moving clock, deletes, back-dated clicks, another connection's writes) within
 * bounded memory.
 */
import Database from "better-sqlite3";
import { lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import { rng } from "../../../scripts/seed/rng.mjs";
import { deleteKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { deleteProduk } from "~/domain/produk/produk.server";
import { recordWaKlik } from "~/domain/whatsapp/wa-klik.server";
import {
  HARI_DISIMPAN_MAKS,
  hariPeriode,
  LABEL_CABANG_DIHAPUS,
  LABEL_TOKO,
  waHariDisimpan,
  waStatistik,
  waStatistikLangsung,
} from "~/domain/whatsapp/wa-statistik.server";
import type { Db } from "~/lib/server/db.server";
import { WA_HALAMAN, type WaHalaman } from "~/lib/util/format";
import { eachTestDb } from "../../../tests/setup/test-db";
import { cabangBaru, DAY, expectIndexed, isiKlik, klik, kosongkan, NOW, produkBaru, waKlikQueries } from "../../../tests/setup/wa-klik";

const each = eachTestDb();

describe("Statistik WhatsApp", () => {
  it("per day (every day of the period, zeros included), per branch, per page, top products", () => {
    const { jepara, kudus, kursi, meja } = isiKlik(each.t.db);
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
    const { kudus, meja } = isiKlik(each.t.db);
    expect(deleteKantorCabang(each.t.db, kudus.id)).toEqual({ ok: true });
    expect(await deleteProduk(each.t.db, meja.id)).toEqual({ ok: true });
    expect(klik(each.t.db)).toHaveLength(7);
    const s = waStatistik(each.t.db, 90, NOW);
    expect(s.total).toBe(7);
    expect(s.perCabang.find((c) => c.label === LABEL_CABANG_DIHAPUS)?.klik).toBe(2);
    expect(s.perCabang.some((c) => c.label === "Uji Kudus")).toBe(false);
    expect(s.topProduk.map((p) => p.nama_produk)).toEqual(["Kursi Uji"]);
  });

  it("hariPeriode: consecutive WIB days ending today", () => {
    expect(hariPeriode(3, new Date("2026-03-01T18:00:00Z"))).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it("every statistics query reads wa_klik through an index (EXPLAIN QUERY PLAN)", () => {
    isiKlik(each.t.db);
    const queries = waKlikQueries(each.t.db, () => {
      waStatistik(each.t.db, 90, NOW); // the past days read into memory, and today
      waStatistik(each.t.db, 90, NOW); // today only
      waStatistikLangsung(each.t.db, 90, NOW);
    });
    expect(queries.length).toBeGreaterThanOrEqual(4);
    expectIndexed(each.t.db, queries);
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
      kosongkan(each.t.db);
      const random = rng(seed);
      const pick = <T,>(list: T[]) => list[Math.floor(random() * list.length)]!;
      const cabang = Array.from({ length: 4 }, (_, i) => cabangBaru(each.t.db, `Acak ${seed}-${i}`, `0813000${seed}00${i}`));
      const daftarProduk = Array.from({ length: 13 }, (_, i) => produkBaru(each.t.db, `Produk Acak ${seed}-${i}`, `produk-acak-${seed}-${i}`));
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
      const { kudus, meja } = isiKlik(each.t.db);
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
      isiKlik(each.t.db);
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
      isiKlik(each.t.db);
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
      const { jepara, kursi } = isiKlik(each.t.db);
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
      isiKlik(each.t.db);
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
      isiKlik(each.t.db);
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

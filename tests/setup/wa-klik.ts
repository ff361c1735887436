/**
 * WhatsApp clicks of the domain tests (app/domain/whatsapp/*.test.ts): branches and products to
 * click, and a small fixed set of clicks around NOW that the statistics and the CSV are checked on.
 */
import { expect, vi } from "vitest";
import * as schema from "../../db/schema";
import type { RootDb } from "../../app/lib/server/db.server";
import { recordWaKlik } from "~/domain/whatsapp/wa-klik.server";

/** 2026-03-10 12:00 WIB */
export const NOW = new Date("2026-03-10T05:00:00Z");
export const DAY = 24 * 60 * 60 * 1000;

export function cabangBaru(db: RootDb, nama: string, kontak: string) {
  return db.insert(schema.kantorCabang).values({ kantor_cabang: nama, kontak }).returning().get();
}

export function produkBaru(db: RootDb, nama: string, seo: string) {
  return db.insert(schema.produk).values({ nama_produk: nama, nama_seo: seo, harga: "1500000", deskripsi: "Uji." }).returning().get();
}

export function klik(db: RootDb) {
  return db.select().from(schema.waKlik).all();
}

export function kosongkan(db: RootDb) {
  db.delete(schema.waKlik).run();
}

/**
 * Seven clicks: 3 today on Uji Jepara's Kursi Uji; 6 days ago one on Uji Kudus's Meja Uji and one
 * on the shop's number (Beranda); 7 days ago one on the shop's number (Kontak Kami: outside 7
 * days, inside 30); 40 days ago one on Uji Kudus's Meja Uji (inside 90 only).
 */
export function isiKlik(db: RootDb) {
  kosongkan(db);
  const jepara = cabangBaru(db, "Uji Jepara", "081311112222");
  const kudus = cabangBaru(db, "Uji Kudus", "081322223333");
  const kursi = produkBaru(db, "Kursi Uji", "kursi-uji");
  const meja = produkBaru(db, "Meja Uji", "meja-uji");
  const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY);
  const toko = { tujuan: "toko" as const, id_kantor_cabang: null, id_produk: null };
  for (let i = 0; i < 3; i++) recordWaKlik(db, { tujuan: "cabang", id_kantor_cabang: jepara.id, id_produk: kursi.id }, "detail-produk", at(0));
  recordWaKlik(db, { tujuan: "cabang", id_kantor_cabang: kudus.id, id_produk: meja.id }, "detail-produk", at(6));
  recordWaKlik(db, toko, "beranda", at(6));
  recordWaKlik(db, toko, "kontak-kami", at(7));
  recordWaKlik(db, { tujuan: "cabang", id_kantor_cabang: kudus.id, id_produk: meja.id }, "detail-produk", at(40));
  return { jepara, kudus, kursi, meja };
}

/** The SQL of every statement `run` prepares that reads wa_klik. */
export function waKlikQueries(db: RootDb, run: () => void): string[] {
  const client = db.$client;
  const seen: string[] = [];
  const prepare = client.prepare.bind(client);
  const spy = vi.spyOn(client, "prepare").mockImplementation(((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as never);
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return seen.filter((q) => /from "wa_klik"/i.test(q));
}

/** Each query reads wa_klik by a range of its covering index on the day (EXPLAIN QUERY PLAN), never the table. */
export function expectIndexed(db: RootDb, queries: string[]) {
  for (const q of queries) {
    const params = (q.match(/\?/g) ?? []).map(() => "2026-01-01");
    const plan = (db.$client.prepare(`EXPLAIN QUERY PLAN ${q}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    const onWaKlik = plan.filter((d) => /wa_klik/.test(d));
    expect(onWaKlik.length, q).toBeGreaterThan(0);
    for (const d of onWaKlik) expect(d, q).toMatch(/^SEARCH wa_klik USING COVERING INDEX wa_klik_hari_idx \(hari>\?\)/);
  }
}

/**
 * The public /penelitian page through the BUILT server (server.js as `npm start` runs it): the
 * funded research of a year only (not a proposal still in review, nor community service), with
 * ketua, skema, faculty and the outputs once published; the year filter as plain links (the
 * page is whole without JavaScript); kept by the page cache and emptied by a write; a year
 * without funded research is 404; in the sitemap; gone with Setting → Modul LPPM off.
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { operatorToken } from "../setup/api";
import { send, type RawAnswer } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";
import { startBuiltServer, type BuiltServer } from "../setup/built-server";
import { addScoredUsulan, penetapanWorld } from "../setup/lppm-penetapan";

let t: TestDb;
let server: BuiltServer;

beforeAll(async () => {
  ({ t, server } = await startBuiltServer({}, async (t) => {
    const w = await penetapanWorld(t.db);
    const fakultas = t.db.select().from(schema.prodi).all().find((p) => p.id === w.prodiId)!.id_fakultas;
    t.db.update(schema.fakultas).set({ nama: "Fakultas Teknik Kayu" }).where(eq(schema.fakultas.id, fakultas)).run();
    addScoredUsulan(t.db, w, { judul: "Kursi rotan tahan cuaca", status: "BERJALAN", dana_disetujui: 15_000_000 });
    addScoredUsulan(t.db, w, { judul: "Usulan yang masih dinilai", status: "DIREKOMENDASIKAN" });
    addScoredUsulan(t.db, w, { judul: "Usulan yang tidak didanai", status: "TIDAK_DIDANAI" });
    // Community service of the same year is not research.
    const pengabdian = addScoredUsulan(t.db, w, { judul: "Pelatihan ukir untuk warga", status: "BERJALAN", dana_disetujui: 5_000_000 });
    t.db.$client.prepare("update usulan set jenis = 'pengabdian' where id = ?").run(pengabdian);
    // An earlier year's finished research with a published article and an output not yet published.
    const lama = t.db.insert(schema.periode).values({ tahun: 2019, id_skema: w.skemaId, anggaran_total: 50_000_000, kuota_judul: 2 }).returning().get().id;
    const selesai = t.db
      .insert(schema.usulan)
      .values({ id_periode: lama, jenis: "penelitian", id_ketua: w.people.pengusulLain.id, judul: "Pengeringan kayu jati tenaga surya", status: "SELESAI", dana_disetujui: 12_000_000 })
      .returning()
      .get().id;
    const artikel = t.db.insert(schema.usulanLuaran).values({ id_usulan: selesai, jenis: "Jurnal nasional terakreditasi", target: "Published" }).returning().get().id;
    t.db.insert(schema.luaranCapaian).values({ id_luaran: artikel, status: "Published", judul_publikasi: "Kiln surya untuk UMKM mebel", nama_wadah: "Jurnal Teknik Kayu", doi_url: "10.1234/jtk.2019.7" }).run();
    const draf = t.db.insert(schema.usulanLuaran).values({ id_usulan: selesai, jenis: "Prosiding", target: "Accepted" }).returning().get().id;
    t.db.insert(schema.luaranCapaian).values({ id_luaran: draf, status: "Accepted", judul_publikasi: "Naskah yang belum terbit" }).run();
  }));
});

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

const get = (path: string, headers: Record<string, string> = {}): Promise<RawAnswer> => send(server.base, "GET", path, { headers });

describe("/penelitian", () => {
  it("lists the year's funded research only, with ketua, skema and faculty, the years as plain links", async () => {
    const page = await get("/penelitian?tahun=2026");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Penelitian Didanai");
    expect(page.body).toContain("Kursi rotan tahan cuaca");
    expect(page.body).toContain("Dr. Budi Santoso");
    expect(page.body).toContain("Penelitian Dasar Internal");
    expect(page.body).toContain("Fakultas Teknik Kayu");
    for (const hidden of ["Usulan yang masih dinilai", "Usulan yang tidak didanai", "Pelatihan ukir untuk warga", "Pengeringan kayu jati tenaga surya"]) {
      expect(page.body).not.toContain(hidden);
    }
    // The filter works without JavaScript: every year is a link the server answers.
    expect(page.body).toMatch(/<a[^>]*href="\/penelitian\?tahun=2019"/);
    expect(page.body).toMatch(/<a[^>]*href="\/penelitian\?tahun=2026"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/penelitian\?tahun=2026"/);
  });

  it("shows an output once published, as a link to its DOI; one not yet published does not show", async () => {
    const page = await get("/penelitian?tahun=2019");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Pengeringan kayu jati tenaga surya");
    expect(page.body).toContain("Dr. Sari Dewi");
    expect(page.body).toMatch(/<a href="https:\/\/doi\.org\/10\.1234\/jtk\.2019\.7"[^>]*>Kiln surya untuk UMKM mebel<\/a>/);
    expect(page.body).not.toContain("Naskah yang belum terbit");
    expect(page.body).not.toContain("Kursi rotan tahan cuaca");
  });

  it("a year without funded research, or not a year, is 404", async () => {
    expect((await get("/penelitian?tahun=1999")).status).toBe(404);
    expect((await get("/penelitian?tahun=dua-ribu")).status).toBe(404);
  });

  it("is kept by the page cache like the other public pages, and in the sitemap", async () => {
    const first = await get("/penelitian?tahun=2026&utm_source=iklan");
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const again = await get("/penelitian?tahun=2026&x=1");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.body).toBe(first.body);
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.body).toContain(`<loc>${server.base}/penelitian</loc>`);
    expect(sitemap.body).toContain(`<loc>${server.base}/penelitian?tahun=2026</loc>`);
    expect(sitemap.body).toContain(`<loc>${server.base}/penelitian?tahun=2019</loc>`);
  });

  it("is gone with the LPPM module off (404, and out of the sitemap)", async () => {
    expect((await get("/penelitian")).status).toBe(200);
    t.db.$client.prepare("update setting set modul_lppm = 0").run();
    // Any write through the app empties the page cache (as saving Setting does).
    const cleared = await send(server.base, "POST", "/api/formsetting/1", {
      headers: { Authorization: `Bearer ${operatorToken(t.db)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ _method: "PATCH" }),
    });
    expect(cleared.status).toBe(200);
    expect((await get("/penelitian")).status).toBe(404);
    expect((await get("/penelitian?tahun=2026")).status).toBe(404);
    expect((await get("/sitemap.xml")).body).not.toContain("/penelitian");
  });
});

/**
 * The image resources of the legacy /api/* contract: gallery, banner, product
 * images, about/cooperation — create, read, update without a file (keeps the image, same URL),
 * update with a file (replaces it; the old file leaves UPLOADS_DIR), delete; the upload rules
 * (a file of 2 MB or more → 413, a body over the cap → 413, not an image by content → 415);
 * sanitised rich text; and malformed bodies (400) and unknown content types (415).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { MAX_UPLOAD_BYTES } from "../../app/lib/util/upload-rules";
import { BODY_LIMITS } from "../../app/http/body.server";
import * as bannerform from "~/routes/api/bannerform";
import * as galeriform from "~/routes/api/galeriform";
import * as gambarprodukform from "~/routes/api/gambarprodukform";
import * as getgambarproduk from "~/routes/api/getgambarproduk";
import * as kategoriprodukform from "~/routes/api/kategoriprodukform";
import * as kerjasama from "~/routes/api/kerjasama";
import * as produkdetail from "~/routes/api/produkdetail";
import * as tentangkami from "~/routes/api/tentangkami";
import {
  api,
  type ApiModule,
  callWith,
  expectValidation,
  jpegFile,
  noisePngFile,
  operatorToken,
  pngFile,
  resourceClient,
  textFileNamedJpg,
  uploadExists,
} from "../setup/api";
import { createTestDb, type TestDb } from "../setup/test-db";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const profilform = routedModule;

const MAX_BODY_BYTES = BODY_LIMITS.multipart;

let t: TestDb;
let token: string;
beforeEach(() => {
  t = createTestDb();
  token = operatorToken(t.db);
});
afterEach(() => t.cleanup());

/** Every file below uploads/<folder> (originals and variants), to prove nothing was left behind. */
function filesIn(folder: string): string[] {
  const dir = path.join(t.uploadsDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** The upload-rule files are made once: sharp is quick, but not free. */
let tooBig: File;
let overBodyCap: File;
async function bigFiles() {
  // 860² RGB noise, uncompressed: ~2.2 MB — over the 2 MB rule, under the body cap.
  tooBig ??= await noisePngFile(860, "terlalu-besar.png");
  // 1000² RGB noise: ~3 MB — over the body cap itself.
  overBodyCap ??= await noisePngFile(1000, "melewati-batas.png");
  expect(tooBig.size).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES);
  expect(tooBig.size + 1024).toBeLessThan(MAX_BODY_BYTES);
  expect(overBodyCap.size).toBeGreaterThan(MAX_BODY_BYTES);
  return { tooBig, overBodyCap };
}

// ---- Gallery and banner: the same contract, field gambar vs image ---------------------------

type ImageResource = { name: string; mod: ApiModule; field: string; folder: string; table: typeof schema.galeri | typeof schema.banner };

const IMAGE_RESOURCES: ImageResource[] = [
  { name: "galeriform", mod: galeriform, field: "gambar", folder: "galeri", table: schema.galeri },
  { name: "bannerform", mod: bannerform, field: "image", folder: "banner", table: schema.banner },
];

for (const r of IMAGE_RESOURCES) {
  describe(`/api/${r.name}`, () => {
    const client = resourceClient(r.mod, `/api/${r.name}`);
    const nested = r.name === "galeriform" ? "galeri" : "banner";
    const count = () => t.db.select().from(r.table).all().length;

    it(`lists data[{id, ${r.field}}] and reads one as data{id, ${r.field}}`, async () => {
      const list = await client.list(token);
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(count());
      for (const row of list.body.data) {
        expect(Object.keys(row).sort()).toEqual(["id", r.field, ...(r.name === "bannerform" ? ["status"] : [])].sort());
        expect(uploadExists(t.uploadsDir, row[r.field])).toBe(true);
      }
      const first = list.body.data[0];
      const one = await client.get(first.id, token);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(first);
      expect((await client.get(999999, token)).status).toBe(404);
    });

    it("creates (201) from a JPEG and a PNG; the stored files exist", async () => {
      for (const file of [await jpegFile(), await pngFile()]) {
        const created = await client.create({ [r.field]: file }, token);
        expect(created.status).toBe(201);
        const item = created.body.data[nested];
        expect(item).toMatchObject({ id: expect.any(Number), [r.field]: expect.stringMatching(new RegExp(`^/uploads/${r.folder}/`)) });
        expect(uploadExists(t.uploadsDir, item[r.field])).toBe(true);
        expect((await client.get(item.id, token)).body.data).toEqual(item);
      }
    });

    it(`create without a file answers 422 on ${r.field}`, async () => {
      const before = count();
      expectValidation(await client.create({}, token), r.field);
      expectValidation(await client.create({ [r.field]: new File([], "") }, token), r.field);
      expectValidation(await client.create({ [r.field]: "teks biasa" }, token), r.field);
      expect(count()).toBe(before);
    });

    it("update without a file keeps the image (same URL); with a file replaces it and removes the old file", async () => {
      const created = (await client.create({ [r.field]: await jpegFile() }, token)).body.data[nested];
      const kept = await client.update(created.id, {}, token);
      expect(kept.status).toBe(200);
      expect(kept.body.data[nested]).toEqual(created);
      expect(uploadExists(t.uploadsDir, created[r.field])).toBe(true);

      const replaced = await client.update(created.id, { [r.field]: await pngFile() }, token);
      expect(replaced.status).toBe(200);
      const next = replaced.body.data[nested][r.field] as string;
      expect(next).not.toBe(created[r.field]);
      expect(uploadExists(t.uploadsDir, next)).toBe(true);
      expect(uploadExists(t.uploadsDir, created[r.field])).toBe(false);
      expect((await client.get(created.id, token)).body.data[r.field]).toBe(next);
    });

    it("replacing a seeded image removes the seeded file from this test's uploads", async () => {
      const seeded = (await client.list(token)).body.data[0];
      expect(uploadExists(t.uploadsDir, seeded[r.field])).toBe(true);
      const replaced = await client.update(seeded.id, { [r.field]: await jpegFile() }, token);
      expect(replaced.status).toBe(200);
      expect(uploadExists(t.uploadsDir, seeded[r.field])).toBe(false);
    });

    it("deletes via DELETE and via POST + _method=DELETE, with the files", async () => {
      const a = (await client.create({ [r.field]: await jpegFile() }, token)).body.data[nested];
      const b = (await client.create({ [r.field]: await jpegFile() }, token)).body.data[nested];
      expect((await client.remove(a.id, token)).status).toBe(200);
      expect((await client.removeViaPost(b.id, token)).status).toBe(200);
      for (const item of [a, b]) {
        expect(uploadExists(t.uploadsDir, item[r.field])).toBe(false);
        expect((await client.get(item.id, token)).status).toBe(404);
      }
      expect((await client.remove(a.id, token)).status).toBe(404);
      expect((await client.update(a.id, {}, token)).status).toBe(404);
      expect((await client.update(a.id, { [r.field]: await jpegFile() }, token)).status).toBe(404);
    });

    it("_method in the query string is ignored (405) and changes nothing", async () => {
      const seeded = (await client.list(token)).body.data[0];
      const res = await api(r.mod, `/api/${r.name}/${seeded.id}?_method=DELETE`, { token, params: { id: String(seeded.id) }, form: { [r.field]: await jpegFile() } });
      expect(res.status).toBe(405);
      expect((await client.get(seeded.id, token)).body.data).toEqual(seeded);
    });

    it("a file of 2 MB or more answers 413 and nothing is stored", async () => {
      const { tooBig } = await bigFiles();
      const before = filesIn(r.folder);
      const seeded = (await client.list(token)).body.data[0];
      const created = await client.create({ [r.field]: tooBig }, token);
      expect(created.status).toBe(413);
      expect(created.body.message).toMatch(/2\s?MB/i);
      const updated = await client.update(seeded.id, { [r.field]: tooBig }, token);
      expect(updated.status).toBe(413);
      expect(filesIn(r.folder)).toEqual(before);
      expect((await client.get(seeded.id, token)).body.data).toEqual(seeded);
    });

    it("a body over the cap answers 413 before any file is looked at", async () => {
      const { overBodyCap } = await bigFiles();
      const before = filesIn(r.folder);
      const res = await client.create({ [r.field]: overBodyCap }, token);
      expect(res.status).toBe(413);
      expect(filesIn(r.folder)).toEqual(before);
    });

    it("a text file named .jpg, or a broken PNG, answers 415 and nothing is stored", async () => {
      const before = filesIn(r.folder);
      const seeded = (await client.list(token)).body.data[0];
      const text = await client.create({ [r.field]: textFileNamedJpg() }, token);
      expect(text.status).toBe(415);
      expect(text.body.message).toMatch(/JPG|PNG/);
      const png = new Uint8Array(await (await pngFile()).arrayBuffer());
      const broken = new File([png.slice(0, 60)], "rusak.png", { type: "image/png" });
      expect((await client.create({ [r.field]: broken }, token)).status).toBe(415);
      expect((await client.update(seeded.id, { [r.field]: textFileNamedJpg() }, token)).status).toBe(415);
      expect(filesIn(r.folder)).toEqual(before);
      expect((await client.get(seeded.id, token)).body.data).toEqual(seeded);
    });
  });
}

// ---- Product images --------------------------------------------------------------------------

describe("/api/gambarprodukform and /api/getgambarproduk/{id}", () => {
  function produkWithGambar() {
    const g = t.db.select().from(schema.gambarProduk).get()!;
    return { idProduk: g.id_produk, rows: t.db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id_produk, g.id_produk)).all() };
  }
  const one = (id: number) => ({ token, params: { id: String(id) } });

  it("GET by product kode lists data[{id, gambar}]; an unknown product answers 404", async () => {
    const { idProduk, rows } = produkWithGambar();
    const res = await api(gambarprodukform, `/api/gambarprodukform/${idProduk}`, one(idProduk));
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { id: number }) => g.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const g of res.body.data) {
      expect(Object.keys(g).sort()).toEqual(["gambar", "id"]);
      expect(uploadExists(t.uploadsDir, g.gambar)).toBe(true);
    }
    expect((await api(gambarprodukform, "/api/gambarprodukform/999999", one(999999))).status).toBe(404);
  });

  it("getgambarproduk/{id} answers data{id, id_produk, gambar}; unknown → 404", async () => {
    const { idProduk, rows } = produkWithGambar();
    const res = await api(getgambarproduk, `/api/getgambarproduk/${rows[0]!.id}`, one(rows[0]!.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: rows[0]!.id, id_produk: idProduk, gambar: `/uploads/${rows[0]!.gambar}` });
    expect((await api(getgambarproduk, "/api/getgambarproduk/999999", one(999999))).status).toBe(404);
  });

  it("creates with id_produk (201); the image shows on the public detail", async () => {
    const { idProduk, rows } = produkWithGambar();
    const created = await api(gambarprodukform, "/api/gambarprodukform", { token, form: { id_produk: String(idProduk), gambar: await jpegFile() } });
    expect(created.status).toBe(201);
    const g = created.body.data.galeri;
    expect(g).toMatchObject({ id: expect.any(Number), id_produk: idProduk, gambar: expect.stringMatching(/^\/uploads\/produk\//) });
    expect(uploadExists(t.uploadsDir, g.gambar)).toBe(true);
    const list = await api(gambarprodukform, `/api/gambarprodukform/${idProduk}`, one(idProduk));
    expect(list.body.data).toHaveLength(rows.length + 1);
    const seo = t.db.select().from(schema.produk).where(eq(schema.produk.id, idProduk)).get()!.nama_seo;
    const detail = await api(produkdetail, `/api/produkdetail/${seo}`, { params: { seo } });
    expect(detail.body.data.gambar.map((x: { gambar: string }) => x.gambar)).toContain(g.gambar);
  });

  it("create answers 422 without a file or without id_produk, 404 for an unknown product; nothing stored", async () => {
    const { idProduk } = produkWithGambar();
    const before = filesIn("produk");
    const rows = t.db.select().from(schema.gambarProduk).all().length;
    expectValidation(await api(gambarprodukform, "/api/gambarprodukform", { token, form: { id_produk: String(idProduk) } }), "gambar");
    expectValidation(await api(gambarprodukform, "/api/gambarprodukform", { token, form: { gambar: await jpegFile() } }), "id_produk");
    expectValidation(await api(gambarprodukform, "/api/gambarprodukform", { token, form: { id_produk: "abc", gambar: await jpegFile() } }), "id_produk");
    const unknown = await api(gambarprodukform, "/api/gambarprodukform", { token, form: { id_produk: "999999", gambar: await jpegFile() } });
    expect(unknown.status).toBe(404);
    expect(filesIn("produk")).toEqual(before);
    expect(t.db.select().from(schema.gambarProduk).all()).toHaveLength(rows);
  });

  it("update without a file keeps the image; with a file replaces it and removes the old file", async () => {
    const { rows } = produkWithGambar();
    const target = rows[0]!;
    const oldUrl = `/uploads/${target.gambar}`;
    const kept = await api(gambarprodukform, `/api/gambarprodukform/${target.id}`, { ...one(target.id), form: { _method: "PATCH" } });
    expect(kept.status).toBe(200);
    expect(kept.body.data.galeri).toMatchObject({ id: target.id, gambar: oldUrl });
    expect(uploadExists(t.uploadsDir, oldUrl)).toBe(true);

    const replaced = await api(gambarprodukform, `/api/gambarprodukform/${target.id}`, { ...one(target.id), form: { gambar: await pngFile(), _method: "PATCH" } });
    expect(replaced.status).toBe(200);
    const next = replaced.body.data.galeri.gambar as string;
    expect(next).not.toBe(oldUrl);
    expect(uploadExists(t.uploadsDir, next)).toBe(true);
    expect(uploadExists(t.uploadsDir, oldUrl)).toBe(false);
    expect((await api(getgambarproduk, `/api/getgambarproduk/${target.id}`, one(target.id))).body.data.gambar).toBe(next);
  });

  it("update refuses a too-big file (413) and a non-image (415), keeping the image", async () => {
    const { tooBig } = await bigFiles();
    const { rows } = produkWithGambar();
    const target = rows[0]!;
    const before = filesIn("produk");
    for (const [file, status] of [[tooBig, 413], [textFileNamedJpg(), 415]] as const) {
      const res = await api(gambarprodukform, `/api/gambarprodukform/${target.id}`, { ...one(target.id), form: { gambar: file, _method: "PATCH" } });
      expect(res.status).toBe(status);
    }
    const create = await api(gambarprodukform, "/api/gambarprodukform", { token, form: { id_produk: String(target.id_produk), gambar: tooBig } });
    expect(create.status).toBe(413);
    expect(filesIn("produk")).toEqual(before);
    expect(t.db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id, target.id)).get()).toEqual(target);
  });

  it("deletes via DELETE and POST + _method=DELETE, with the file; unknown ids answer 404", async () => {
    const { rows } = produkWithGambar();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [a, b] = [rows[0]!, rows[1]!];
    expect((await api(gambarprodukform, `/api/gambarprodukform/${a.id}`, { ...one(a.id), method: "DELETE" })).status).toBe(200);
    expect((await api(gambarprodukform, `/api/gambarprodukform/${b.id}`, { ...one(b.id), form: { _method: "DELETE" } })).status).toBe(200);
    for (const g of [a, b]) {
      expect(uploadExists(t.uploadsDir, `/uploads/${g.gambar}`)).toBe(false);
      expect((await api(getgambarproduk, `/api/getgambarproduk/${g.id}`, one(g.id))).status).toBe(404);
    }
    expect((await api(gambarprodukform, `/api/gambarprodukform/${a.id}`, { ...one(a.id), method: "DELETE" })).status).toBe(404);
    expect((await api(gambarprodukform, `/api/gambarprodukform/${a.id}`, { ...one(a.id), form: { _method: "PATCH" } })).status).toBe(404);
  });

  it("_method in the query string is ignored (405)", async () => {
    const { rows } = produkWithGambar();
    const res = await api(gambarprodukform, `/api/gambarprodukform/${rows[0]!.id}?_method=DELETE`, { ...one(rows[0]!.id), form: {} });
    expect(res.status).toBe(405);
    expect(t.db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id, rows[0]!.id)).get()).toBeDefined();
  });
});

// ---- About and cooperation -------------------------------------------------------------------

describe("/api/tentangkamiform and /api/kerjasamaform", () => {
  const pages = [
    { name: "tentangkamiform", read: tentangkami, readUrl: "/api/tentangkami" },
    { name: "kerjasamaform", read: kerjasama, readUrl: "/api/kerjasama" },
  ] as const;

  for (const page of pages) {
    it(`${page.name} sanitises <script> away, keeps the photo without a new file, and answers data.profil`, async () => {
      const before = (await api(page.read, page.readUrl)).body.data.profil;
      const keterangan = `<p>Halo <strong>${page.name}</strong></p><script>alert("x")</script><img src="x" onerror="alert(1)">`;
      const res = await api(profilform, `/api/${page.name}`, { token, form: { keterangan } });
      expect(res.status).toBe(200);
      const profil = res.body.data.profil;
      expect(profil.keterangan).toContain(`<strong>${page.name}</strong>`);
      expect(profil.keterangan).not.toMatch(/<script|alert\("x"\)|onerror/i);
      expect(profil.foto).toBe(before.foto);
      const read = (await api(page.read, page.readUrl)).body.data.profil;
      expect(read.keterangan).toBe(profil.keterangan);
      expect(read.foto).toBe(before.foto);
    });

    it(`${page.name} replaces the photo with a new file and removes the old one`, async () => {
      const before = (await api(page.read, page.readUrl)).body.data.profil;
      const res = await api(profilform, `/api/${page.name}`, { token, form: { keterangan: "<p>Baru</p>", foto: await jpegFile() } });
      expect(res.status).toBe(200);
      const foto = res.body.data.profil.foto as string;
      expect(foto).toMatch(/^\/uploads\/profil\//);
      expect(uploadExists(t.uploadsDir, foto)).toBe(true);
      if (before.foto) {
        expect(foto).not.toBe(before.foto);
        expect(uploadExists(t.uploadsDir, before.foto)).toBe(false);
      }
      expect((await api(page.read, page.readUrl)).body.data.profil.foto).toBe(foto);
    });
  }

  it("refuses a too-big photo (413) and a non-image (415) and keeps the page as it was", async () => {
    const { tooBig } = await bigFiles();
    const before = (await api(tentangkami, "/api/tentangkami")).body.data.profil;
    const files = filesIn("profil");
    expect((await api(profilform, "/api/tentangkamiform", { token, form: { keterangan: "<p>X</p>", foto: tooBig } })).status).toBe(413);
    expect((await api(profilform, "/api/kerjasamaform", { token, form: { keterangan: "<p>X</p>", foto: textFileNamedJpg() } })).status).toBe(415);
    expect((await api(tentangkami, "/api/tentangkami")).body.data.profil).toEqual(before);
    expect(filesIn("profil")).toEqual(files);
  });

  it("answers 405 to PUT and DELETE", async () => {
    expect((await api(profilform, "/api/tentangkamiform", { token, method: "PUT", form: { keterangan: "<p>X</p>" } })).status).toBe(405);
    expect((await api(profilform, "/api/kerjasamaform", { token, method: "DELETE" })).status).toBe(405);
  });
});

// ---- Malformed bodies ------------------------------------------------------------------------

describe("malformed and unexpected bodies", () => {
  const url = "/api/kategoriprodukform";
  const count = () => t.db.select().from(schema.kategori).all().length;

  it("malformed JSON answers 400; a JSON array or scalar answers 400", async () => {
    const before = count();
    for (const body of ['{"kategori": "Rak', "{kategori: 'x'}", "[1,2,3]", '"kategori"', "null"]) {
      const res = await api(kategoriprodukform, url, { token, body, headers: { "Content-Type": "application/json" } });
      expect(res.status, body).toBe(400);
    }
    expect(count()).toBe(before);
  });

  it("garbage multipart answers 400 (with a boundary, without one, and truncated)", async () => {
    const before = count();
    const bodies: [string, string][] = [
      ["multipart/form-data; boundary=----batas", "ini sama sekali bukan multipart"],
      ["multipart/form-data", "--x\r\nContent-Disposition: form-data; name=\"kategori\"\r\n\r\nRak\r\n--x--\r\n"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"kategori\"\r\n\r\nRak"],
    ];
    for (const [type, body] of bodies) {
      const res = await api(kategoriprodukform, url, { token, body, headers: { "Content-Type": type } });
      expect(res.status, `${type} / ${body.slice(0, 20)}`).toBe(400);
    }
    expect(count()).toBe(before);
  });

  it("an unknown content type answers 415", async () => {
    for (const type of ["text/plain", "application/xml", "application/octet-stream"]) {
      const res = await api(kategoriprodukform, url, { token, body: "kategori=Rak", headers: { "Content-Type": type } });
      expect(res.status, type).toBe(415);
    }
    const noType = await callWith(
      kategoriprodukform,
      new Request(`http://localhost${url}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Length": "3" },
        body: new Blob([new Uint8Array([1, 2, 3])]),
      }),
    );
    expect(noType.status).toBe(415);
  });

  it("an empty POST without a content type is an empty form (422), not an error", async () => {
    const res = await callWith(kategoriprodukform, new Request(`http://localhost${url}`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }));
    expectValidation(res, "kategori");
  });

  it("a multipart or urlencoded body over the cap answers 413 even without a file", async () => {
    const before = count();
    const huge = "x".repeat(MAX_BODY_BYTES + 1024);
    // Without the cap these would be 422s (kategori is at most 100 characters).
    expect((await api(kategoriprodukform, url, { token, form: { kategori: huge } })).status).toBe(413);
    expect((await api(kategoriprodukform, url, { token, body: new URLSearchParams({ kategori: huge }) })).status).toBe(413);
    expect(count()).toBe(before);
  });

  it("a declared Content-Length over the cap answers 413 without reading the body", async () => {
    const request = new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(MAX_BODY_BYTES * 4) },
      body: "kategori=Rak",
    });
    const res = await callWith(kategoriprodukform, request);
    expect(res.status).toBe(413);
    expect(count()).toBe(t.db.select().from(schema.kategori).all().length);
  });

  it("odd field values never produce a 5xx", async () => {
    const bodies: Record<string, unknown>[] = [
      { kategori: { nested: true } },
      { kategori: ["a", "b"] },
      { kategori: 12345 },
      { kategori: null },
      { kategori: "\u0000\uffff" },
      { _method: ["PATCH", "DELETE"] },
    ];
    for (const json of bodies) {
      const res = await api(kategoriprodukform, url, { token, json });
      expect(res.status, JSON.stringify(json)).toBeLessThan(500);
    }
    const id = t.db.select().from(schema.kategori).get()!.id;
    const oddMethods = [{ _method: { a: 1 } }, { _method: "" }, { _method: "OPTIONS" }];
    for (const json of oddMethods) {
      const res = await api(kategoriprodukform, `${url}/${id}`, { token, params: { id: String(id) }, json });
      expect(res.status, JSON.stringify(json)).toBe(405);
    }
  });
});

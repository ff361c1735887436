/**
 * Product photos from a phone, on a copy of the seeded shop:
 * - the upload route a page's script sends each photo to
 *   (POST /operator/produk/gambarproduk/:produkId/unggah), with real Requests through the
 *   operator area's middleware: anonymous → /login, another role → 404, nothing stored; a photo
 *   → 201 JSON and stored last with its variants; a refused one → 4xx JSON with the spec's
 *   Indonesian message, nothing stored (the cross-site check: operator-guard.test.ts);
 * - the forms posted without JavaScript, several photos in one post: the image page and the
 *   product form store all of them or none.
 */
import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as gambarRoute from "~/routes/operator/produk/gambarproduk.$produkId";
import * as unggahRoute from "~/routes/operator/produk/gambarproduk.$produkId.unggah";
import * as produkRoute from "~/routes/operator/produk/produk";
import { SATU_FOTO } from "~/http/image-collection.server";
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantPath } from "~/lib/util/image-variants";
import { MAX_PHOTOS_PER_POST, PHOTOS_TOO_MANY } from "~/lib/util/upload-rules";
import { withinLayouts } from "../setup/app-routes";
import { sessionCookie } from "../setup/area";
import { addUser } from "../setup/data";
import {
  callOperatorAction,
  fakeJpegFile,
  fieldErrors,
  flashOf,
  hugeFile,
  jpegFile,
  seededOperator,
  snapshot,
  toFormData,
  twoMegabyteFile,
  type FormFields,
} from "../setup/operator-helpers";
import { routeArgs, TEST_ORIGIN, type RouteResult } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

const SAVED = "Data berhasil disimpan";
const SAVE_FAILED = "Gagal menyimpan data";
const TOO_BIG = "Ukuran file harus kurang dari 2MB";
const BAD_TYPE = "Format file harus JPG, PNG";
const REQUIRED = "Gambar wajib dipilih.";

let t: TestDb;
let operatorCookie: string;

beforeEach(async () => {
  t = createTestDb();
  operatorCookie = await sessionCookie(seededOperator(t.db).id);
});
afterEach(() => t.cleanup());

/** A product of the seeded shop and its images, in their order. */
function imagesOf(idProduk: number) {
  return t.db
    .select()
    .from(schema.gambarProduk)
    .where(eq(schema.gambarProduk.id_produk, idProduk))
    .orderBy(schema.gambarProduk.urutan, schema.gambarProduk.id)
    .all();
}

function variantsOf(relative: string): number {
  const full = path.join(t.uploadsDir, relative);
  return VARIANT_WIDTHS.flatMap((w) => VARIANT_FORMATS.map((f) => variantPath(full, w, f))).filter((v) => fs.existsSync(v)).length;
}

/** A request to the upload route as React Router runs it: through the operator area's middleware. */
async function unggah(produkId: string, body: FormFields, cookie: string | null, method = "POST"): Promise<RouteResult> {
  const url = `/operator/produk/gambarproduk/${produkId}/unggah`;
  const request = new Request(`${TEST_ORIGIN}${url}`, {
    method,
    ...(method === "POST" ? { body: toFormData(body) } : {}),
    headers: { Origin: TEST_ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const args = routeArgs(request, { produkId });
  let value: unknown;
  try {
    value = await withinLayouts(url, args, () => (method === "POST" ? unggahRoute.action(args) : unggahRoute.loader(args)));
  } catch (error) {
    if (error instanceof Response) return { status: error.status, headers: error.headers, data: null, location: error.headers.get("Location"), thrown: true };
    const init = (error as { init?: ResponseInit | null }).init;
    if (init) return { status: init.status ?? 500, headers: new Headers(init.headers), data: null, location: null, thrown: true };
    throw error;
  }
  const response = value as Response;
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return { status: response.status, headers: response.headers, data: await response.json(), location: null, thrown: false };
}

/** Runs `run` and asserts that no stored row or upload changed. */
async function unchanged<T>(what: string, run: () => Promise<T>): Promise<T> {
  const before = snapshot(t.db, t.uploadsDir);
  const result = await run();
  expect(snapshot(t.db, t.uploadsDir), `${what}: nothing stored changed`).toEqual(before);
  return result;
}

describe("POST /operator/produk/gambarproduk/:produkId/unggah", () => {
  it("anonymous → /login, another role → 404; the photo is not stored", async () => {
    const foto = await jpegFile("ponsel.jpg");
    const anonymous = await unchanged("anonymous", () => unggah("1", { gambar: foto }, null));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent("/operator/produk/gambarproduk/1/unggah")}`);
    const pengusul = await addUser(t.db, ["Pengusul", "Kepala-LPPM"]);
    const cookie = await sessionCookie(pengusul.id);
    const other = await unchanged("another role", () => unggah("1", { gambar: foto }, cookie));
    expect(other.status).toBe(404);
  });

  it("a photo → 201 with its id and address, stored last in the product's order with every variant", async () => {
    const before = imagesOf(1);
    const result = await unggah("1", { gambar: await jpegFile("ponsel.jpg", 1600, 1200) }, operatorCookie);
    expect(result.status).toBe(201);
    const answer = result.data as { message: string; gambar: { id: number; src: string } };
    expect(answer.message).toBe(SAVED);
    const after = imagesOf(1);
    expect(after).toHaveLength(before.length + 1);
    const added = after.at(-1)!;
    expect(answer.gambar).toEqual({ id: added.id, src: `/uploads/${added.gambar}` });
    expect(added.gambar).toMatch(/^produk\/[0-9a-f]{24}\.jpg$/);
    expect(variantsOf(added.gambar)).toBe(VARIANT_WIDTHS.length * VARIANT_FORMATS.length);
  });

  it("refused with the reason in Indonesian, nothing stored: over 2 MB 413, not an image 415, none or two 400", async () => {
    const cases: [string, FormFields, number, string][] = [
      ["exactly 2 MB", { gambar: twoMegabyteFile() }, 413, TOO_BIG],
      ["3 MB", { gambar: hugeFile() }, 413, TOO_BIG],
      ["text named .jpg", { gambar: fakeJpegFile() }, 415, BAD_TYPE],
      ["no file", {}, 400, REQUIRED],
      ["an empty file", { gambar: new File([], "") }, 400, REQUIRED],
      ["two photos in one request", { gambar: [await jpegFile("a.jpg"), await jpegFile("b.jpg")] }, 400, SATU_FOTO],
    ];
    for (const [what, body, status, message] of cases) {
      const result = await unchanged(what, () => unggah("1", body, operatorCookie));
      expect([result.status, result.data], what).toEqual([status, { message }]);
    }
  });

  it("an unknown or malformed product → 404 'Produk tidak ditemukan'; a GET → 405", async () => {
    for (const kode of ["999999", "abc"]) {
      const result = await unchanged(kode, async () => unggah(kode, { gambar: await jpegFile() }, operatorCookie));
      expect([result.status, result.data]).toEqual([404, { message: "Produk tidak ditemukan" }]);
    }
    const get = await unggah("1", {}, operatorCookie, "GET");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("several photos in one post (without JavaScript)", () => {
  const operator = () => seededOperator(t.db);

  it("the image page stores them all, in the order posted", async () => {
    const before = imagesOf(1).length;
    const body = { intent: "tambah", gambar: [await jpegFile("satu.jpg", 300, 200), await jpegFile("dua.jpg", 200, 300), await jpegFile("tiga.jpg")] };
    const result = await callOperatorAction(gambarRoute, "/operator/produk/gambarproduk/1?tambah=1", body, { user: operator(), params: { produkId: "1" } });
    expect(result.status).toBe(302);
    expect(await flashOf(result)).toEqual({ kind: "success", message: SAVED });
    const added = imagesOf(1).slice(before);
    expect(added).toHaveLength(3);
    const sizes = await Promise.all(added.map((row) => sharp(path.join(t.uploadsDir, row.gambar)).metadata()));
    expect(sizes.map((m) => [m.width, m.height])).toEqual([[300, 200], [200, 300], [64, 48]]);
  });

  it("the image page stores none when one is refused (over 2 MB, or not an image), or when there are too many", async () => {
    const url = "/operator/produk/gambarproduk/1?tambah=1";
    const post = (gambar: File[]) => callOperatorAction(gambarRoute, url, { intent: "tambah", gambar }, { user: operator(), params: { produkId: "1" } });
    const big = await unchanged("one over 2 MB", async () => post([await jpegFile("kecil.jpg"), twoMegabyteFile()]));
    expect(big.status).toBe(413);
    expect(fieldErrors(big).gambar).toEqual([TOO_BIG]);
    const text = await unchanged("one not an image", async () => post([await jpegFile("kecil.jpg"), fakeJpegFile()]));
    expect(text.status).toBe(422);
    expect(fieldErrors(text).gambar).toEqual([BAD_TYPE]);
    const many = await unchanged("too many", async () => post(await Promise.all(Array.from({ length: MAX_PHOTOS_PER_POST + 1 }, (_, i) => jpegFile(`f${i}.jpg`)))));
    expect(many.status).toBe(400);
    expect(fieldErrors(many).gambar).toEqual([PHOTOS_TOO_MANY]);
  });

  const produk = { nama_produk: "Kursi Ponsel", deskripsi: "Difoto dari ponsel.", harga: "750000" };

  it("the product form saves the product with its photos, or with one refused neither", async () => {
    const url = "/operator/produk/produk?tambah=1";
    const refused = await unchanged("a photo over 2 MB", async () =>
      callOperatorAction(produkRoute, url, { intent: "tambah", ...produk, gambar: [await jpegFile("a.jpg"), twoMegabyteFile()] }, { user: operator() }),
    );
    expect(refused.status).toBe(413);
    expect(fieldErrors(refused).gambar).toEqual([TOO_BIG]);
    expect(refused.data).toMatchObject({ message: SAVE_FAILED });

    // A stale category is refused after the photos were stored: they are removed again.
    const stale = await unchanged("an unknown category", async () =>
      callOperatorAction(produkRoute, url, { intent: "tambah", ...produk, id_kategori: "999999", gambar: [await jpegFile("a.jpg")] }, { user: operator() }),
    );
    expect(stale.status).toBe(422);

    const saved = await callOperatorAction(produkRoute, url, { intent: "tambah", ...produk, gambar: [await jpegFile("a.jpg"), await jpegFile("b.jpg")] }, { user: operator() });
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toEqual({ kind: "success", message: SAVED });
    const row = t.db.select().from(schema.produk).where(eq(schema.produk.nama_produk, produk.nama_produk)).get()!;
    expect(imagesOf(row.id)).toHaveLength(2);

    // Edited with one more photo: added after the two.
    const edited = await callOperatorAction(
      produkRoute,
      `/operator/produk/produk?ubah=${row.id}`,
      { intent: "ubah", id: String(row.id), ...produk, harga: "800000", gambar: [await jpegFile("c.jpg", 120, 90)] },
      { user: operator() },
    );
    expect(edited.status).toBe(302);
    expect(imagesOf(row.id)).toHaveLength(3);
  });

  it("the product form with JavaScript: its photos follow the save, so it answers the new product's id instead of going back", async () => {
    const result = await callOperatorAction(produkRoute, "/operator/produk/produk?tambah=1", { intent: "tambah", ...produk, foto_menyusul: "1" }, { user: operator() });
    expect(result.status).toBe(200);
    const row = t.db.select().from(schema.produk).where(eq(schema.produk.nama_produk, produk.nama_produk)).get()!;
    expect(result.data).toMatchObject({ intent: "tambah", produkId: row.id });
    expect(imagesOf(row.id)).toEqual([]);
  });
});

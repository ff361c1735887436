/**
 * Every operator screen's action (and the change-password action) on a copy of the seeded
 * shop: empty and invalid input answers 400 with the Indonesian field messages in the Conform
 * reply, unknown ids redirect with an error toast (or answer 404), refused uploads answer
 * 413/422 with the spec's messages — and in every refused case nothing stored changes: no row,
 * no file. Each screen also has one accepted post, so the "nothing changed" checks are
 * checks of something that does change.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as ubahPassword from "../../app/routes/auth/ubah-password";
import * as bannerRoute from "~/routes/operator/master/banner";
import * as kantorCabangRoute from "~/routes/operator/master/kantorcabang";
import * as settingRoute from "~/routes/operator/master/setting";
import * as ulasanRoute from "~/routes/operator/master/ulasankonsumen";
import * as userRoute from "~/routes/operator/master/user";
import * as gambarProdukRoute from "~/routes/operator/produk/gambarproduk.$produkId";
import * as kategoriRoute from "~/routes/operator/produk/kategoriproduk";
import * as produkRoute from "~/routes/operator/produk/produk";
import * as galeriRoute from "~/routes/operator/profil/galeri";
import * as kerjaSamaRoute from "~/routes/operator/profil/kerjasama";
import * as kontakKamiRoute from "~/routes/operator/profil/kontakkami";
import * as tentangKamiRoute from "~/routes/operator/profil/tentang-kami";
import type { SessionUser } from "~/domain/users/session-user";
import { MAP_INVALID_TEXT } from "~/lib/util/form-fields";
import { PASSWORD_MISMATCH_TEXT, PASSWORD_RULE_TEXT } from "~/domain/users/password.schema";
import { startSession } from "../../app/http/session.server";
import { TEST_OPERATOR_PASSWORD } from "../setup/constants";
import {
  callOperatorAction,
  callOperatorLoader,
  fakeJpegFile,
  fieldErrors,
  flashOf,
  hugeFile,
  jpegFile,
  listFiles,
  snapshot,
  seededOperator,
  twoMegabyteFile,
  type FormFields,
  type OperatorResult,
} from "../setup/operator-helpers";
import { callAction, TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

const SAVED = "Data berhasil disimpan";
const SAVE_FAILED = "Gagal menyimpan data";
const DELETED = "Data berhasil dihapus";
const DELETE_FAILED = "Gagal menghapus data";
const LOAD_FAILED = "Gagal menampilkan data";
const TOO_BIG = "Ukuran file harus kurang dari 2MB";
const BAD_TYPE = "Format file harus JPG, PNG";
const MISSING_ID = "999999";

type Mod = Parameters<typeof callOperatorAction>[0];

let t: TestDb;
let operator: SessionUser;

beforeEach(() => {
  t = createTestDb();
  operator = seededOperator(t.db);
});
afterEach(() => t.cleanup());

/** Posts as the operator and asserts that nothing stored (rows, files) changed. */
async function refused(
  mod: Mod,
  url: string,
  body: FormFields,
  params?: Record<string, string>,
): Promise<OperatorResult> {
  const before = snapshot(t.db, t.uploadsDir);
  const result = await callOperatorAction(mod, url, body, { user: operator, ...(params ? { params } : {}) });
  expect(snapshot(t.db, t.uploadsDir), `nothing stored changed after POST ${url}`).toEqual(before);
  return result;
}

async function post(mod: Mod, url: string, body: FormFields, params?: Record<string, string>) {
  return callOperatorAction(mod, url, body, { user: operator, ...(params ? { params } : {}) });
}

/** A 400 (or other status) whose reply carries exactly these field messages (first of each). */
function expectFieldErrors(result: OperatorResult, status: number, expected: Record<string, string>) {
  expect(result.status, JSON.stringify(result.data)).toBe(status);
  const errors = fieldErrors(result);
  for (const [field, message] of Object.entries(expected)) {
    expect(errors[field], `error of ${field}`).toContain(message);
  }
}

async function expectToastRedirect(result: OperatorResult, to: string, kind: "success" | "error", message: string) {
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  expect(result.location).toBe(to);
  expect(await flashOf(result)).toEqual({ kind, message });
}

function count(table: "kategori" | "ulasan") {
  return (t.db.$client.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
}

function produkOf(idKategori: number) {
  return t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, idKategori)).all();
}

describe("every action refuses a request the guard did not let through", () => {
  const modules: [string, Mod, Record<string, string>?][] = [
    ["/operator/profil/tentang-kami", tentangKamiRoute],
    ["/operator/profil/galeri", galeriRoute],
    ["/operator/profil/kontakkami", kontakKamiRoute],
    ["/operator/profil/kerjasama", kerjaSamaRoute],
    ["/operator/produk/kategoriproduk", kategoriRoute],
    ["/operator/produk/produk", produkRoute],
    ["/operator/produk/gambarproduk/1", gambarProdukRoute, { produkId: "1" }],
    ["/operator/master/banner", bannerRoute],
    ["/operator/master/kantorcabang", kantorCabangRoute],
    ["/operator/master/ulasankonsumen", ulasanRoute],
    ["/operator/master/setting", settingRoute],
    ["/operator/master/user", userRoute],
  ];
  it.each(modules)("%s: no user in the context → 404, nothing stored", async (url, mod, params) => {
    const before = snapshot(t.db, t.uploadsDir);
    const result = await callOperatorAction(mod, url, { intent: "hapus", id: "1", kategori: "X" }, { user: null, ...(params ? { params } : {}) });
    expect(result.status).toBe(404);
    expect(result.thrown).toBe(true);
    expect(snapshot(t.db, t.uploadsDir)).toEqual(before);
  });

  it.each(modules)("%s: an intent the screen does not know → 400, nothing stored (never a default create)", async (url, mod, params) => {
    const before = snapshot(t.db, t.uploadsDir);
    for (const intent of ["hapus-semua", "", "toString", "__proto__"]) {
      const fields = { intent, id: "1", kategori: "Baru Lewat Intent", kantor_cabang: "Cabang Lewat Intent", ulasan: "x", oleh: "y" };
      const result = await callOperatorAction(mod, url, fields, { user: operator, ...(params ? { params } : {}) });
      expect(result.status, `${url} intent=${intent}`).toBe(400);
    }
    expect(snapshot(t.db, t.uploadsDir)).toEqual(before);
  });
});

describe("Kategori Produk", () => {
  const URL = "/operator/produk/kategoriproduk";

  it("create and update: empty, blank and too long names are refused with the field message", async () => {
    for (const kategori of ["", "   "]) {
      const create = await refused(kategoriRoute, `${URL}?tambah=1`, { intent: "tambah", kategori });
      expectFieldErrors(create, 400, { kategori: "Kategori wajib diisi." });
      expect(create.data).toMatchObject({ intent: "tambah", message: SAVE_FAILED });
    }
    const missing = await refused(kategoriRoute, `${URL}?tambah=1`, { intent: "tambah" });
    expectFieldErrors(missing, 400, { kategori: "Kategori wajib diisi." });
    const long = await refused(kategoriRoute, `${URL}?tambah=1`, { intent: "tambah", kategori: "K".repeat(101) });
    expectFieldErrors(long, 400, { kategori: "Kategori maksimal 100 karakter." });
    const update = await refused(kategoriRoute, `${URL}?ubah=1`, { intent: "ubah", id: "1", kategori: "" });
    expectFieldErrors(update, 400, { kategori: "Kategori wajib diisi." });
    expect(update.data).toMatchObject({ intent: "ubah" });
  });

  it("unknown ids: update and delete redirect back with an error toast; the edit modal's loader too", async () => {
    for (const id of [MISSING_ID, "abc", "-1"]) {
      const update = await refused(kategoriRoute, `${URL}?ubah=${id}`, { intent: "ubah", id, kategori: "Nama Baru" });
      await expectToastRedirect(update, URL, "error", SAVE_FAILED);
    }
    const del = await refused(kategoriRoute, `${URL}?hapus=${MISSING_ID}`, { intent: "hapus", id: MISSING_ID });
    await expectToastRedirect(del, URL, "error", "Data tidak ditemukan");
    const load = await callOperatorLoader(kategoriRoute, `${URL}?ubah=${MISSING_ID}`, { user: operator });
    expect(load.thrown).toBe(true);
    await expectToastRedirect(load, URL, "error", LOAD_FAILED);
  });

  it("a category in use is not deleted: its products are never lost", async () => {
    const used = produkOf(1).length;
    expect(used).toBeGreaterThan(0);
    const del = await refused(kategoriRoute, `${URL}?hapus=1`, { intent: "hapus", id: "1" });
    await expectToastRedirect(
      del,
      URL,
      "error",
      `Kategori masih dipakai oleh ${used} produk. Pindahkan produk tersebut ke kategori lain dulu.`,
    );
  });

  it("accepted: create, rename and delete (the table state in the URL is kept)", async () => {
    const before = count("kategori");
    const created = await post(kategoriRoute, `${URL}?q=kursi&tambah=1`, { intent: "tambah", kategori: "  Kursi Santai  " });
    await expectToastRedirect(created, `${URL}?q=kursi`, "success", SAVED);
    const row = t.db.select().from(schema.kategori).where(eq(schema.kategori.kategori, "Kursi Santai")).get();
    expect(row?.seo).toBe("kursi-santai");
    expect(count("kategori")).toBe(before + 1);
    const updated = await post(kategoriRoute, `${URL}?ubah=${row!.id}`, { intent: "ubah", id: String(row!.id), kategori: "Kursi Malas" });
    await expectToastRedirect(updated, URL, "success", SAVED);
    const deleted = await post(kategoriRoute, `${URL}?hapus=${row!.id}`, { intent: "hapus", id: String(row!.id) });
    await expectToastRedirect(deleted, URL, "success", DELETED);
    expect(count("kategori")).toBe(before);
  });
});

describe("Produk", () => {
  const URL = "/operator/produk/produk";
  const valid = { nama_produk: "Kursi Uji", deskripsi: "Kursi untuk uji.", harga: "1250000" };

  it("create and update: the three required fields, category and branches optional", async () => {
    const create = await refused(produkRoute, `${URL}?tambah=1`, { intent: "tambah", id_kategori: "", nama_produk: "", deskripsi: " ", harga: "" });
    expectFieldErrors(create, 400, {
      nama_produk: "Nama produk wajib diisi.",
      deskripsi: "Deskripsi wajib diisi.",
      harga: "Harga wajib diisi.",
    });
    expect(fieldErrors(create).id_kategori ?? []).toEqual([]);
    expect(fieldErrors(create).gudang ?? []).toEqual([]);
    const update = await refused(produkRoute, `${URL}?ubah=1`, { intent: "ubah", id: "1", nama_produk: "", deskripsi: "", harga: "" });
    expectFieldErrors(update, 400, { nama_produk: "Nama produk wajib diisi.", harga: "Harga wajib diisi." });
    const long = await refused(produkRoute, `${URL}?tambah=1`, { intent: "tambah", ...valid, nama_produk: "N".repeat(151), harga: "H".repeat(61) });
    expectFieldErrors(long, 400, { nama_produk: "Nama produk maksimal 150 karakter.", harga: "Harga maksimal 60 karakter." });
  });

  it("malformed and unknown category / branch ids are field errors", async () => {
    const malformed = await refused(produkRoute, `${URL}?tambah=1`, { intent: "tambah", ...valid, id_kategori: "abc", gudang: ["1", "x"] });
    expectFieldErrors(malformed, 400, { id_kategori: "Kategori tidak valid.", gudang: "Pilihan gudang tidak valid." });
    const unknown = await refused(produkRoute, `${URL}?tambah=1`, { intent: "tambah", ...valid, id_kategori: MISSING_ID, gudang: ["1", MISSING_ID] });
    expectFieldErrors(unknown, 422, {
      id_kategori: "Kategori yang dipilih tidak ditemukan.",
      gudang: "Kantor cabang yang dipilih tidak ditemukan.",
    });
  });

  it("unknown ids: update → 'Gagal menyimpan data', delete → 'Gagal menghapus data', edit modal → 'Gagal menampilkan data'", async () => {
    const update = await refused(produkRoute, `${URL}?ubah=${MISSING_ID}`, { intent: "ubah", id: MISSING_ID, ...valid });
    await expectToastRedirect(update, URL, "error", SAVE_FAILED);
    const del = await refused(produkRoute, `${URL}?hapus=${MISSING_ID}`, { intent: "hapus", id: MISSING_ID });
    await expectToastRedirect(del, URL, "error", DELETE_FAILED);
    for (const param of ["ubah", "hapus"]) {
      const load = await callOperatorLoader(produkRoute, `${URL}?${param}=${MISSING_ID}`, { user: operator });
      await expectToastRedirect(load, URL, "error", LOAD_FAILED);
    }
  });

  it("accepted: a product with a category and two branches", async () => {
    const created = await post(produkRoute, `${URL}?tambah=1`, { intent: "tambah", ...valid, id_kategori: "2", gudang: ["1", "3"] });
    await expectToastRedirect(created, URL, "success", SAVED);
    const row = t.db.select().from(schema.produk).where(eq(schema.produk.nama_produk, "Kursi Uji")).get();
    expect(row).toMatchObject({ id_kategori: 2, nama_seo: "kursi-uji", harga: "1250000" });
    const gudang = t.db.select().from(schema.produkGudang).where(eq(schema.produkGudang.id_produk, row!.id)).all();
    expect(gudang.map((g) => g.id_kantor_cabang).sort()).toEqual([1, 3]);
  });
});

describe("Gambar Produk", () => {
  const KODE = "1";
  const URL = `/operator/produk/gambarproduk/${KODE}`;
  const params = { produkId: KODE };

  function imagesOf(idProduk: number) {
    return t.db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id_produk, idProduk)).all();
  }

  it("an unknown or malformed product is a 404 (loader and action)", async () => {
    for (const kode of [MISSING_ID, "abc"]) {
      const before = snapshot(t.db, t.uploadsDir);
      const result = await callOperatorAction(gambarProdukRoute, `/operator/produk/gambarproduk/${kode}`, { intent: "tambah", gambar: await jpegFile() }, { user: operator, params: { produkId: kode } });
      expect(result.status).toBe(404);
      expect(snapshot(t.db, t.uploadsDir)).toEqual(before);
      const load = await callOperatorLoader(gambarProdukRoute, `/operator/produk/gambarproduk/${kode}`, { user: operator, params: { produkId: kode } });
      expect(load.status).toBe(404);
    }
  });

  it("add without a file → 'Gambar wajib dipilih.'; refused files → 422 / 413 with the spec's messages", async () => {
    const none = await refused(gambarProdukRoute, `${URL}?tambah=1`, { intent: "tambah" }, params);
    expectFieldErrors(none, 400, { gambar: "Gambar wajib dipilih." });
    const empty = await refused(gambarProdukRoute, `${URL}?tambah=1`, { intent: "tambah", gambar: new File([], "") }, params);
    expectFieldErrors(empty, 400, { gambar: "Gambar wajib dipilih." });
    const text = await refused(gambarProdukRoute, `${URL}?tambah=1`, { intent: "tambah", gambar: fakeJpegFile() }, params);
    expectFieldErrors(text, 422, { gambar: BAD_TYPE });
    // The toast says what every failed save says (spec: 'Gagal menyimpan data'); the field says why.
    expect(text.data).toMatchObject({ message: SAVE_FAILED });
    const big = await refused(gambarProdukRoute, `${URL}?tambah=1`, { intent: "tambah", gambar: twoMegabyteFile() }, params);
    expectFieldErrors(big, 413, { gambar: TOO_BIG });
    const huge = await refused(gambarProdukRoute, `${URL}?tambah=1`, { intent: "tambah", gambar: hugeFile() }, params);
    expectFieldErrors(huge, 413, { gambar: TOO_BIG });
  });

  it("edit with a refused file keeps the old image; images of another product are off limits", async () => {
    const own = imagesOf(1)[0]!;
    const other = imagesOf(2)[0]!;
    const text = await refused(gambarProdukRoute, `${URL}?ubah=${own.id}`, { intent: "ubah", id: String(own.id), gambar: fakeJpegFile("x.png") }, params);
    expectFieldErrors(text, 422, { gambar: BAD_TYPE });
    const big = await refused(gambarProdukRoute, `${URL}?ubah=${own.id}`, { intent: "ubah", id: String(own.id), gambar: twoMegabyteFile() }, params);
    expectFieldErrors(big, 413, { gambar: TOO_BIG });
    const update = await refused(gambarProdukRoute, `${URL}?ubah=${other.id}`, { intent: "ubah", id: String(other.id), gambar: await jpegFile() }, params);
    await expectToastRedirect(update, URL, "error", SAVE_FAILED);
    const del = await refused(gambarProdukRoute, `${URL}?hapus=${other.id}`, { intent: "hapus", id: String(other.id) }, params);
    await expectToastRedirect(del, URL, "error", DELETE_FAILED);
    const missing = await refused(gambarProdukRoute, `${URL}?hapus=${MISSING_ID}`, { intent: "hapus", id: MISSING_ID }, params);
    await expectToastRedirect(missing, URL, "error", DELETE_FAILED);
    const load = await callOperatorLoader(gambarProdukRoute, `${URL}?ubah=${other.id}`, { user: operator, params });
    await expectToastRedirect(load, URL, "error", LOAD_FAILED);
  });

  it("accepted: a real JPEG is stored (re-encoded, under produk/) and listed", async () => {
    const filesBefore = listFiles(t.uploadsDir);
    const result = await post(gambarProdukRoute, `${URL}?tambah=1`, { intent: "tambah", gambar: await jpegFile("kursi.jpg") }, params);
    await expectToastRedirect(result, URL, "success", SAVED);
    const added = listFiles(t.uploadsDir).filter((f) => !filesBefore.includes(f));
    expect(added.some((f) => /^produk\/[0-9a-f]{24}\.jpg$/.test(f))).toBe(true);
    expect(imagesOf(1).some((g) => added.includes(g.gambar))).toBe(true);
  });
});

/** Gallery and banner: the same image screen with a different field name. */
describe.each([
  { name: "Galeri", mod: galeriRoute as Mod, url: "/operator/profil/galeri", field: "gambar", table: schema.galeri, folder: "galeri" },
  { name: "Banner", mod: bannerRoute as Mod, url: "/operator/master/banner", field: "image", table: schema.banner, folder: "banner" },
])("$name", ({ mod, url, field, table, folder }) => {
  it("add: no file, a text file named .jpg, a 2 MB file and a far bigger body are refused", async () => {
    const none = await refused(mod, `${url}?tambah=1`, { intent: "tambah" });
    expectFieldErrors(none, 400, { [field]: "Gambar wajib dipilih." });
    expect(none.data).toMatchObject({ intent: "tambah", message: SAVE_FAILED });
    const text = await refused(mod, `${url}?tambah=1`, { intent: "tambah", [field]: fakeJpegFile() });
    expectFieldErrors(text, 422, { [field]: BAD_TYPE });
    const big = await refused(mod, `${url}?tambah=1`, { intent: "tambah", [field]: twoMegabyteFile() });
    expectFieldErrors(big, 413, { [field]: TOO_BIG });
    const huge = await refused(mod, `${url}?tambah=1`, { intent: "tambah", [field]: hugeFile() });
    expectFieldErrors(huge, 413, { [field]: TOO_BIG });
    expect(huge.data).toMatchObject({ intent: "tambah" });
  });

  it("edit: refused files keep the old image; unknown ids give the error toasts", async () => {
    const first = t.db.select().from(table).all()[0]!;
    const id = String(first.id);
    const text = await refused(mod, `${url}?ubah=${id}`, { intent: "ubah", id, [field]: fakeJpegFile() });
    expectFieldErrors(text, 422, { [field]: BAD_TYPE });
    expect(text.data).toMatchObject({ intent: "ubah" });
    const huge = await refused(mod, `${url}?ubah=${id}`, { intent: "ubah", id, [field]: hugeFile() });
    expectFieldErrors(huge, 413, { [field]: TOO_BIG });
    expect(huge.data).toMatchObject({ intent: "ubah" });
    // A valid file for an unknown item: refused, and the file it had stored is removed again.
    const missing = await refused(mod, `${url}?ubah=${MISSING_ID}`, { intent: "ubah", id: MISSING_ID, [field]: await jpegFile() });
    await expectToastRedirect(missing, url, "error", SAVE_FAILED);
    const del = await refused(mod, `${url}?hapus=${MISSING_ID}`, { intent: "hapus", id: MISSING_ID });
    await expectToastRedirect(del, url, "error", DELETE_FAILED);
    const load = await callOperatorLoader(mod, `${url}?hapus=${MISSING_ID}`, { user: operator });
    await expectToastRedirect(load, url, "error", LOAD_FAILED);
  });

  it("accepted: add stores the file; delete removes the row and the file", async () => {
    const filesBefore = listFiles(t.uploadsDir);
    const created = await post(mod, `${url}?tambah=1`, { intent: "tambah", [field]: await jpegFile() });
    await expectToastRedirect(created, url, "success", SAVED);
    const stored = listFiles(t.uploadsDir).filter((f) => !filesBefore.includes(f));
    const original = stored.find((f) => new RegExp(`^${folder}/[0-9a-f]{24}\\.jpg$`).test(f));
    expect(original).toBeDefined();
    const rows = t.db.select().from(table).all();
    const row = rows[rows.length - 1]!;
    const deleted = await post(mod, `${url}?hapus=${row.id}`, { intent: "hapus", id: String(row.id) });
    await expectToastRedirect(deleted, url, "success", DELETED);
    expect(listFiles(t.uploadsDir)).toEqual(filesBefore);
  });
});

describe.each([
  { name: "Tentang Kami", mod: tentangKamiRoute as Mod, url: "/operator/profil/tentang-kami", jenis: "tentang-kami" as const },
  { name: "Kerja Sama", mod: kerjaSamaRoute as Mod, url: "/operator/profil/kerjasama", jenis: "kerja-sama" as const },
])("$name", ({ mod, url, jenis }) => {
  it("refused photos (422 / 413) and an over-long text keep the stored page", async () => {
    const text = await refused(mod, url, { intent: "simpan", keterangan: "<p>Baru</p>", foto: fakeJpegFile() });
    expectFieldErrors(text, 422, { foto: BAD_TYPE });
    expect(text.data).toMatchObject({ message: SAVE_FAILED });
    const big = await refused(mod, url, { intent: "simpan", keterangan: "<p>Baru</p>", foto: twoMegabyteFile() });
    expectFieldErrors(big, 413, { foto: TOO_BIG });
    const huge = await refused(mod, url, { intent: "simpan", keterangan: "<p>Baru</p>", foto: hugeFile() });
    expectFieldErrors(huge, 413, { foto: TOO_BIG });
    const long = await refused(mod, url, { intent: "simpan", keterangan: `<p>${"a".repeat(200_001)}</p>` });
    expectFieldErrors(long, 400, { keterangan: "Keterangan terlalu panjang." });
  });

  it("accepted: the text is sanitized before it is stored; no new photo keeps the old one", async () => {
    const before = t.db.select().from(schema.profil).where(eq(schema.profil.jenis, jenis)).get()!;
    const saved = await post(mod, url, { intent: "simpan", keterangan: '<p onclick="x()">Halo <script>alert(1)</script><b>dunia</b></p>' });
    await expectToastRedirect(saved, url, "success", SAVED);
    const after = t.db.select().from(schema.profil).where(eq(schema.profil.jenis, jenis)).get()!;
    expect(after.keterangan).toContain("<b>dunia</b>");
    expect(after.keterangan).not.toMatch(/script|onclick/);
    expect(after.foto).toBe(before.foto);
  });
});

describe("Kontak Kami", () => {
  const URL = "/operator/profil/kontakkami";
  const valid = { alamat: "Jl. Uji No. 1", kontak: "0812 3456 7890", maps: "https://maps.google.com/?q=Jepara" };

  it("update: required fields, the phone format and the map host", async () => {
    const empty = await refused(kontakKamiRoute, `${URL}?ubah=1`, { intent: "ubah", id: "1", alamat: "", kontak: "", maps: "" });
    expectFieldErrors(empty, 400, { alamat: "Alamat wajib diisi.", kontak: "No Whatsapp wajib diisi.", maps: "Maps wajib diisi." });
    const bad = await refused(kontakKamiRoute, `${URL}?ubah=1`, {
      intent: "ubah",
      id: "1",
      alamat: "Jl. Uji",
      kontak: "telepon saya",
      maps: '<iframe src="https://evil.example/maps/embed?pb=1"></iframe>',
    });
    expectFieldErrors(bad, 400, { kontak: "No Whatsapp hanya boleh berisi angka, spasi, tanda + dan -.", maps: MAP_INVALID_TEXT });
  });

  it("unknown branch → error toast; there is no create or delete here (400)", async () => {
    const update = await refused(kontakKamiRoute, `${URL}?ubah=${MISSING_ID}`, { intent: "ubah", id: MISSING_ID, ...valid });
    await expectToastRedirect(update, URL, "error", SAVE_FAILED);
    for (const intent of ["tambah", "hapus", "create", "delete"]) {
      const other = await refused(kontakKamiRoute, URL, { intent, id: "1", ...valid });
      expect(other.status, intent).toBe(400);
    }
    const load = await callOperatorLoader(kontakKamiRoute, `${URL}?ubah=${MISSING_ID}`, { user: operator });
    await expectToastRedirect(load, URL, "error", LOAD_FAILED);
  });

  it("accepted: the phone is stored as digits and an embed snippet as its URL", async () => {
    const saved = await post(kontakKamiRoute, `${URL}?ubah=1`, {
      intent: "ubah",
      id: "1",
      ...valid,
      maps: '<iframe src="https://www.google.com/maps/embed?pb=!1m18" width="600"></iframe>',
    });
    await expectToastRedirect(saved, URL, "success", SAVED);
    const row = t.db.select().from(schema.kantorCabang).where(eq(schema.kantorCabang.id, 1)).get();
    expect(row).toMatchObject({ alamat: "Jl. Uji No. 1", kontak: "081234567890", maps: "https://www.google.com/maps/embed?pb=!1m18" });
  });
});

describe("Kantor Cabang", () => {
  const URL = "/operator/master/kantorcabang";

  it("create and update: the name is required", async () => {
    const create = await refused(kantorCabangRoute, `${URL}?tambah=1`, { intent: "tambah", kantor_cabang: " " });
    expectFieldErrors(create, 400, { kantor_cabang: "Kantor cabang wajib diisi." });
    const update = await refused(kantorCabangRoute, `${URL}?ubah=1`, { intent: "ubah", id: "1", kantor_cabang: "" });
    expectFieldErrors(update, 400, { kantor_cabang: "Kantor cabang wajib diisi." });
    const long = await refused(kantorCabangRoute, `${URL}?tambah=1`, { intent: "tambah", kantor_cabang: "C".repeat(101) });
    expectFieldErrors(long, 400, { kantor_cabang: "Kantor cabang maksimal 100 karakter." });
  });

  it("unknown ids and a branch in use: error toasts, nothing lost", async () => {
    const update = await refused(kantorCabangRoute, `${URL}?ubah=${MISSING_ID}`, { intent: "ubah", id: MISSING_ID, kantor_cabang: "Cabang X" });
    await expectToastRedirect(update, URL, "error", SAVE_FAILED);
    const missing = await refused(kantorCabangRoute, `${URL}?hapus=${MISSING_ID}`, { intent: "hapus", id: MISSING_ID });
    await expectToastRedirect(missing, URL, "error", "Data tidak ditemukan");
    const used = t.db.select().from(schema.produkGudang).where(eq(schema.produkGudang.id_kantor_cabang, 1)).all().length;
    expect(used).toBeGreaterThan(0);
    const inUse = await refused(kantorCabangRoute, `${URL}?hapus=1`, { intent: "hapus", id: "1" });
    await expectToastRedirect(
      inUse,
      URL,
      "error",
      `Kantor cabang masih dipakai oleh ${used} produk. Lepas centang kantor cabang ini pada produk tersebut dulu.`,
    );
  });

  it("accepted: create and delete an unused branch", async () => {
    const created = await post(kantorCabangRoute, `${URL}?tambah=1`, { intent: "tambah", kantor_cabang: "Cabang Kudus" });
    await expectToastRedirect(created, URL, "success", SAVED);
    const row = t.db.select().from(schema.kantorCabang).where(eq(schema.kantorCabang.kantor_cabang, "Cabang Kudus")).get()!;
    const deleted = await post(kantorCabangRoute, `${URL}?hapus=${row.id}`, { intent: "hapus", id: String(row.id) });
    await expectToastRedirect(deleted, URL, "success", DELETED);
  });
});

describe("Ulasan Konsumen", () => {
  const URL = "/operator/master/ulasankonsumen";

  it("create and update: oleh and ulasan required, ulasan at most 1000 characters", async () => {
    const create = await refused(ulasanRoute, `${URL}?tambah=1`, { intent: "tambah", oleh: "", ulasan: "  " });
    expectFieldErrors(create, 400, { oleh: "Oleh wajib diisi.", ulasan: "Ulasan wajib diisi." });
    const long = await refused(ulasanRoute, `${URL}?tambah=1`, { intent: "tambah", oleh: "Budi", ulasan: "u".repeat(1001) });
    expectFieldErrors(long, 400, { ulasan: "Ulasan maksimal 1000 karakter." });
    const update = await refused(ulasanRoute, `${URL}?ubah=1`, { intent: "ubah", id: "1", oleh: "", ulasan: "" });
    expectFieldErrors(update, 400, { oleh: "Oleh wajib diisi.", ulasan: "Ulasan wajib diisi." });
  });

  it("unknown ids: error toasts", async () => {
    const update = await refused(ulasanRoute, `${URL}?ubah=${MISSING_ID}`, { intent: "ubah", id: MISSING_ID, oleh: "Budi", ulasan: "Bagus" });
    await expectToastRedirect(update, URL, "error", SAVE_FAILED);
    const del = await refused(ulasanRoute, `${URL}?hapus=${MISSING_ID}`, { intent: "hapus", id: MISSING_ID });
    await expectToastRedirect(del, URL, "error", DELETE_FAILED);
    const load = await callOperatorLoader(ulasanRoute, `${URL}?ubah=${MISSING_ID}`, { user: operator });
    await expectToastRedirect(load, URL, "error", LOAD_FAILED);
  });

  it("accepted: a review with line breaks", async () => {
    const before = count("ulasan");
    const created = await post(ulasanRoute, `${URL}?tambah=1`, { intent: "tambah", oleh: "Budi, Kudus", ulasan: "Bagus\r\nsekali" });
    await expectToastRedirect(created, URL, "success", SAVED);
    expect(count("ulasan")).toBe(before + 1);
  });
});

describe("Setting", () => {
  const URL = "/operator/master/setting";
  const valid = {
    intent: "simpan",
    nama_toko: "Toko Uji",
    kota: "Kudus",
    alamat: "Jl. Uji 1",
    email: "",
    instagram: "@tokouji",
    whatsapp: "081234567890",
    facebook: "tokouji",
    maps: "",
  };

  it("all five shop fields and the city are required", async () => {
    const empty = await refused(settingRoute, URL, { intent: "simpan", nama_toko: "", kota: "", alamat: "", instagram: "", whatsapp: "", facebook: "" });
    expectFieldErrors(empty, 400, {
      nama_toko: "Nama toko wajib diisi.",
      kota: "Kota wajib diisi.",
      alamat: "Alamat wajib diisi.",
      instagram: "Instagram wajib diisi.",
      whatsapp: "No Whatsapp wajib diisi.",
      facebook: "Facebook wajib diisi.",
    });
    expect(empty.data).toMatchObject({ message: SAVE_FAILED });
  });

  it("invalid email, social links, phone and map are refused", async () => {
    const bad = await refused(settingRoute, URL, {
      ...valid,
      email: "bukan-email",
      instagram: "https://evil.example/toko",
      facebook: "https://instagram.com/toko",
      whatsapp: "12345",
      maps: "https://evil.example/maps",
    });
    expectFieldErrors(bad, 400, {
      email: "Email tidak valid, contoh: halo@tokoanda.com.",
      instagram: "Instagram tidak valid. Isi username (contoh @tokoanda) atau link https://instagram.com/tokoanda.",
      facebook: "Facebook tidak valid. Isi username (contoh @tokoanda) atau link https://facebook.com/tokoanda.",
      maps: MAP_INVALID_TEXT,
    });
    expect(fieldErrors(bad).whatsapp?.[0]).toMatch(/^No Whatsapp tidak valid/);
  });

  it("accepted: normalised values are stored", async () => {
    const saved = await post(settingRoute, URL, valid);
    await expectToastRedirect(saved, URL, "success", SAVED);
    const row = t.db.select().from(schema.setting).get();
    expect(row).toMatchObject({ nama_toko: "Toko Uji", kota: "Kudus", instagram: "https://instagram.com/tokouji", facebook: "https://facebook.com/tokouji" });
  });

  it("shares the API's merge rule: a field the post lacks keeps its stored value", async () => {
    const before = t.db.select().from(schema.setting).get()!;
    const { kota: _k, email: _e, maps: _m, ...withoutThree } = valid;
    await expectToastRedirect(await post(settingRoute, URL, withoutThree), URL, "success", SAVED);
    expect(t.db.select().from(schema.setting).get()).toMatchObject({ nama_toko: "Toko Uji", kota: before.kota, email: before.email, maps: before.maps });
  });
});

describe("Manajemen Pengguna", () => {
  const URL = "/operator/master/user";
  const valid = {
    intent: "tambah",
    name: "Sari Uji",
    username: "sariuji",
    password: "Rahasia123x",
    no_hp: "0852 1111 2222",
    email: "sari@example.test",
    status_aktif: "Aktif",
    hak_akses: ["Operator"],
  };

  it("add: every required field, the password rule, a username with a space", async () => {
    const empty = await refused(userRoute, `${URL}?tambah=1`, { intent: "tambah", name: "", username: "", password: "", no_hp: "", email: "" });
    expectFieldErrors(empty, 400, {
      name: "Nama pengguna wajib diisi.",
      username: "Username wajib diisi.",
      password: "Password wajib diisi.",
      no_hp: "Nomor HP wajib diisi.",
      email: "Email wajib diisi.",
      status_aktif: "Status login wajib dipilih.",
      hak_akses: "Pilih minimal satu hak akses.",
    });
    const weak = await refused(userRoute, `${URL}?tambah=1`, { ...valid, username: "sari uji", password: "rahasia", email: "bukan", hak_akses: ["Admin"] });
    expectFieldErrors(weak, 400, {
      username: "Username tidak boleh mengandung spasi.",
      password: PASSWORD_RULE_TEXT,
      email: "Format email tidak valid.",
    });
    expect(fieldErrors(weak).hak_akses?.[0] ?? fieldErrors(weak)["hak_akses[0]"]?.[0]).toBe("Hak akses tidak dikenal.");
    // The typed password never comes back to the browser.
    expect(JSON.stringify(weak.data)).not.toContain("rahasia");
  });

  it("a taken username: the server's message (409), password not echoed", async () => {
    const taken = await refused(userRoute, `${URL}?tambah=1`, { ...valid, username: "operator" });
    expectFieldErrors(taken, 409, { username: "Username sudah digunakan." });
    expect(taken.data).toMatchObject({ intent: "tambah", message: "Username sudah digunakan." });
    expect(JSON.stringify(taken.data)).not.toContain("Rahasia123x");
  });

  it("edit: weak password, own account cannot be deactivated or lose Operator, unknown id → 404", async () => {
    const me = String(operator.id);
    const base = { intent: "ubah", id: me, name: operator.name, no_hp: "", email: "op@example.test", status_aktif: "Aktif", hak_akses: ["Operator"] };
    const weak = await refused(userRoute, `${URL}?ubah=${me}`, { ...base, password: "lemah" });
    expectFieldErrors(weak, 400, { password: PASSWORD_RULE_TEXT });
    const empty = await refused(userRoute, `${URL}?ubah=${me}`, { ...base, name: "", email: "" });
    expectFieldErrors(empty, 400, { name: "Nama pengguna wajib diisi.", email: "Email wajib diisi." });
    const deactivate = await refused(userRoute, `${URL}?ubah=${me}`, { ...base, status_aktif: "Tidak-Aktif" });
    expect(deactivate.status).toBe(422);
    expect(deactivate.data).toMatchObject({ message: "Anda tidak dapat menonaktifkan akun Anda sendiri." });
    const demote = await refused(userRoute, `${URL}?ubah=${me}`, { ...base, hak_akses: ["Pengusul"] });
    expect(demote.status).toBe(422);
    expect(demote.data).toMatchObject({ message: "Anda tidak dapat menghapus hak akses Operator dari akun Anda sendiri." });
    const missing = await refused(userRoute, `${URL}?ubah=${MISSING_ID}`, { ...base, id: MISSING_ID });
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ message: "Data tidak ditemukan" });
    const load = await callOperatorLoader(userRoute, `${URL}?ubah=${MISSING_ID}`, { user: operator });
    expect(load.status).toBe(404);
  });

  it("delete: not one's own account, not an unknown one", async () => {
    const self = await refused(userRoute, `${URL}?hapus=${operator.id}`, { intent: "hapus", id: String(operator.id) });
    await expectToastRedirect(self, URL, "error", "Anda tidak dapat menghapus akun Anda sendiri.");
    const missing = await refused(userRoute, `${URL}?hapus=${MISSING_ID}`, { intent: "hapus", id: MISSING_ID });
    await expectToastRedirect(missing, URL, "error", "Data tidak ditemukan");
  });

  it("accepted: add, then delete the new user", async () => {
    const created = await post(userRoute, `${URL}?tambah=1`, valid);
    await expectToastRedirect(created, URL, "success", SAVED);
    const row = t.db.select().from(schema.users).where(eq(schema.users.username, "sariuji")).get()!;
    expect(row).toMatchObject({ no_hp: "085211112222", status_aktif: "Aktif", hak_akses: '["Operator"]' });
    const deleted = await post(userRoute, `${URL}?hapus=${row.id}`, { intent: "hapus", id: String(row.id) });
    await expectToastRedirect(deleted, URL, "success", DELETED);
  });
});

describe("Ubah Password (the modal's action, /akun/ubah-password)", () => {
  const URL = "/akun/ubah-password";

  async function operatorCookie(): Promise<string> {
    return (await startSession(new Request(`${TEST_ORIGIN}/login`), operator.id)).split(";")[0]!;
  }

  async function refusedPassword(body: Record<string, string>, cookie: string | null) {
    const before = snapshot(t.db, t.uploadsDir);
    const result = await callAction(ubahPassword, URL, { intent: "ubah-password", ...body }, { headers: cookie ? { Cookie: cookie } : {} });
    expect(snapshot(t.db, t.uploadsDir)).toEqual(before);
    return result as OperatorResult;
  }

  it("without a session → /login (nothing changes)", async () => {
    const result = await refusedPassword({ pass_lama: TEST_OPERATOR_PASSWORD, pass_baru: "BaruSekali1", konfirmasi_pass: "BaruSekali1" }, null);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?redirectTo=${encodeURIComponent(URL)}`);
  });

  it("required fields, the rule, the confirmation, and the old password are checked on the server", async () => {
    const cookie = await operatorCookie();
    const empty = await refusedPassword({ _js: "1", pass_lama: "", pass_baru: "", konfirmasi_pass: "" }, cookie);
    expectFieldErrors(empty, 400, {
      pass_lama: "Password lama wajib diisi.",
      pass_baru: "Password wajib diisi.",
      konfirmasi_pass: "Konfirmasi password wajib diisi.",
    });
    const weak = await refusedPassword({ _js: "1", pass_lama: TEST_OPERATOR_PASSWORD, pass_baru: "lemahsekali", konfirmasi_pass: "lemahsekali" }, cookie);
    expectFieldErrors(weak, 400, { pass_baru: PASSWORD_RULE_TEXT });
    const mismatch = await refusedPassword({ _js: "1", pass_lama: TEST_OPERATOR_PASSWORD, pass_baru: "BaruSekali1", konfirmasi_pass: "BaruSekali2" }, cookie);
    expectFieldErrors(mismatch, 400, { konfirmasi_pass: PASSWORD_MISMATCH_TEXT });
    const wrongOld = await refusedPassword({ _js: "1", pass_lama: "SalahSekali1", pass_baru: "BaruSekali1", konfirmasi_pass: "BaruSekali1" }, cookie);
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.data).toMatchObject({ intent: "ubah-password", message: "Password lama salah" });
    expect(wrongOld.data).not.toHaveProperty("ok");
  });

  it("accepted: ok for the modal, and the user's password hash changes", async () => {
    const cookie = await operatorCookie();
    const before = t.db.select().from(schema.users).where(eq(schema.users.id, operator.id)).get()!;
    const result = await callAction(ubahPassword, URL, { intent: "ubah-password", _js: "1", pass_lama: TEST_OPERATOR_PASSWORD, pass_baru: "BaruSekali1", konfirmasi_pass: "BaruSekali1" }, { headers: { Cookie: cookie } });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ intent: "ubah-password", ok: true });
    expect(result.data).not.toHaveProperty("message");
    const after = t.db.select().from(schema.users).where(eq(schema.users.id, operator.id)).get()!;
    expect(after.password_hash).not.toBe(before.password_hash);
  });
});

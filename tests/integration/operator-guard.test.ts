/**
 * The operator guard through the real pipeline: the BUILT Express app (build/server/index.js,
 * NODE_ENV=production) over HTTP on a copy of the seeded shop. For EVERY route under /operator
 * in app/routes.ts:
 * - anonymous GET → 302 /login?redirectTo=<path>; its `.data` request → a redirect, never data;
 * - anonymous POST → 302 /login, the action never runs (nothing stored changes);
 * - a session of a user without the Operator role → 404 for GET, `.data` and POST (nothing stored);
 * - an operator session → 200;
 * - a cross-site POST with the operator's cookie (Origin or Sec-Fetch-Site) → 403, nothing stored;
 * - and, so the refusals above prove something, the same POST from the operator on our own
 *   origin DOES change what is stored (for every screen that has an action).
 * Users and sessions are made with the source domain modules on the same database file.
 *
 * The server is `server.js` as `npm start` runs it (bench/lib.mjs).
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { middleware as rootMiddleware } from "~/root";
import { findUserRowByUsername } from "~/domain/users/users.server";
import type { Role } from "~/domain/users/roles";
import { startSession } from "../../app/http/session.server";
import { ROOT, startServer } from "../../bench/lib.mjs";
import { APP_ROUTES } from "../setup/app-routes";
import { addUser } from "../setup/data";
import { addCatatanBukti, addInsentifBukti, addMonevBeritaAcara, addPembayaranBukti, addPerbaikanDokumen, penetapanWorld } from "../setup/lppm-penetapan";
import { TEST_OPERATOR_USERNAME, TEST_SESSION_SECRET } from "../setup/constants";
import { jpegFile, snapshot, toFormData, type FormFields } from "../setup/operator-helpers";
import { createTestDb, type TestDb } from "../setup/test-db";
import { notificationOutbox } from "../../db/schema";

const BUILD = path.resolve("build/server/index.js");

/** Every route below /operator, from the app's route config. */
const ROUTES = APP_ROUTES.filter((r) => r.path.startsWith("/operator/"));

/** The screens the spec lists: the route config must still hold every one of them. */
const SPEC_ROUTES = [
  "/operator/dashboard",
  "/operator/profil/tentang-kami",
  "/operator/profil/galeri",
  "/operator/profil/kontakkami",
  "/operator/profil/kerjasama",
  "/operator/produk/kategoriproduk",
  "/operator/produk/produk",
  "/operator/produk/gambarproduk/:produkId",
  "/operator/master/banner",
  "/operator/master/kantorcabang",
  "/operator/master/ulasankonsumen",
  "/operator/master/setting",
  "/operator/master/user",
];

/** Resource routes (downloads): they answer a file, and their 404 is a bare status, not the page. */
/** Resource routes that serve a file, not a page, with the type they answer the operator. */
const DOWNLOADS: Record<string, RegExp> = {
  OperatorLppmPerbaikanUsulanDokumen: /^application\/pdf$/,
  OperatorLppmUsulanDokumen: /^application\/pdf$/,
  OperatorLppmCatatanBukti: /^image\/png$/,
  OperatorLppmMonevBeritaAcara: /^application\/pdf$/,
  // A funded proposal's contract, made on request.
  OperatorLppmUsulanNaskah: /^application\/pdf$/,
  OperatorLppmInsentifBukti: /^application\/pdf$/,
  OperatorProdukEkspor: /^text\/csv/,
  OperatorStatistikWhatsappUnduh: /^text\/csv/,
  OperatorLppmDaftarUsulanUnduh: /^text\/csv/,
  OperatorLppmPembayaranDanaUnduh: /^text\/csv/,
  OperatorLppmRekapAkreditasi: /^text\/csv/,
  OperatorLppmPembayaranDanaBukti: /^application\/pdf$/,
  OperatorLppmImporDosenTemplat: /^text\/csv/,
};

/** Resource routes a page's script posts to (JSON): a GET answers 405, a POST that stores 201. */
const SCRIPT_POSTS = new Set(["OperatorGambarProdukUnggah"]);
/** The photo the product photo upload's control sends (made before the tests run). */
let foto: File;

type Ids = { periode: number; pembayaran: number; produkKode: number; gambarOfKode: number; produkLain: number; galeri: number; banner: number; ulasan: number; dokumen: number; usulan: number; bukti: number; monev: number; insentif: number; buktiInsentif: number; gagal: number; rubrik: number };

/** A POST per screen that changes stored data when an operator sends it from our own origin. */
function bodyFor(id: string, ids: Ids): FormFields | null {
  switch (id) {
    case "OperatorTentangKami":
    case "OperatorKerjaSama":
      return { intent: "simpan", keterangan: "<p>Diubah lewat POST</p>" };
    case "OperatorGaleri":
      return { intent: "hapus", id: String(ids.galeri) };
    case "OperatorKontakKami":
      return { intent: "ubah", id: "1", alamat: "Alamat diubah", kontak: "081299990000", maps: "https://maps.google.com/?q=Kudus" };
    case "OperatorKategoriProduk":
      return { intent: "tambah", kategori: "Kategori Titipan" };
    case "OperatorProduk":
      return { intent: "hapus", id: String(ids.produkLain) };
    case "OperatorGambarProduk":
      return { intent: "hapus", id: String(ids.gambarOfKode) };
    case "OperatorGambarProdukUnggah":
      return { gambar: foto };
    case "OperatorBanner":
      return { intent: "hapus", id: String(ids.banner) };
    case "OperatorLppmFakultas":
      return { intent: "tambah", nama: "Fakultas Titipan" };
    case "OperatorLppmProdi":
    case "OperatorLppmSkema":
    case "OperatorLppmPeriode":
    case "OperatorLppmTemplate":
      return null; // need rows of their own: tests/integration/lppm-master.test.ts covers them
    case "OperatorLppmImporDosen":
      // An upload and a kept file first: tests/integration/lppm-impor-dosen.test.ts covers its posts.
      return null;
    case "OperatorLppmRubrik":
      // Every stage has its seeded rubric, so the change is a removal.
      return { intent: "hapus", id: String(ids.rubrik) };
    case "OperatorKantorCabang":
      return { intent: "tambah", kantor_cabang: "Cabang Titipan" };
    case "OperatorUlasanKonsumen":
      return { intent: "hapus", id: String(ids.ulasan) };
    case "OperatorNotifikasi":
      return { intent: "kirim-ulang", id: String(ids.gagal) };
    case "OperatorKotakMasuk":
      return { intent: "tandai-semua" };
    case "OperatorSetting":
      return {
        intent: "simpan",
        nama_toko: "Toko Titipan",
        kota: "Kudus",
        alamat: "Jl. Titipan 1",
        instagram: "@titipan",
        whatsapp: "081234567890",
        facebook: "titipan",
      };
    case "OperatorLppmPembayaranDana":
      // The world's periode's tranches (the paid proof's periode is another one: these stay open to change).
      return { intent: "simpan-termin", id: String(ids.periode), "termin[0].nama": "Sekaligus", "termin[0].persen": "100", "termin[0].syarat": "DIDANAI" };
    case "OperatorCadangan":
      // Removes the demo: the routes after it need none of it (their rows are the test's own).
      return { intent: "hapus-demo" };
    case "OperatorUser":
      return {
        intent: "tambah",
        name: "Penyusup",
        username: "penyusup",
        password: "Penyusup123",
        no_hp: "081233334444",
        email: "penyusup@example.test",
        status_aktif: "Aktif",
        hak_akses: "Operator",
      };
    default:
      return null; // a screen without an action (dashboard) or one this test does not know yet
  }
}

let t: TestDb;
let server: { base: string; stop: () => Promise<void> } | undefined;
let origin = "";
let ids: Ids;
const cookies: { operator: string; pengusul: string; inactive: string } = { operator: "", pengusul: "", inactive: "" };

/**
 * Starts the built app (build/server/index.js: prepare(), then app.listen on a free port) in its
 * own Node process, as `npm start` runs it: NODE_ENV=production, on the test's database copy.
 * (Imported into the Vitest worker instead, the bundle would get its own copy of react-router.)
 */
async function sessionFor(roles: Role[], status: "Aktif" | "Tidak-Aktif" = "Aktif"): Promise<string> {
  const user = await addUser(t.db, roles, { name: "Bukan Operator" });
  const cookie = (await startSession(new Request(`${origin}/login`), user.id)).split(";")[0]!;
  if (status !== "Aktif") {
    t.db.$client.prepare("update users set status_aktif = ? where id = ?").run(status, user.id);
  }
  return cookie;
}

beforeAll(async () => {
  if (!fs.existsSync(BUILD)) {
    throw new Error(`${path.relative(process.cwd(), BUILD)} tidak ada: jalankan npm run build dulu.`);
  }
  t = createTestDb();
  // No timed job may write between a request's "nothing changed" snapshots (they start a minute in).
  server = await startServer(t.dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, TIMED_JOBS: "off" } });
  origin = server.base;

  const operatorRow = findUserRowByUsername(t.db, TEST_OPERATOR_USERNAME);
  if (!operatorRow) throw new Error("seeded operator missing");
  cookies.operator = (await startSession(new Request(`${origin}/login`), operatorRow.id)).split(";")[0]!;
  cookies.pengusul = await sessionFor(["Pengusul", "Reviewer-Internal", "Kepala-LPPM"]);
  cookies.inactive = await sessionFor(["Operator"], "Tidak-Aktif");
  foto = await jpegFile("dari-ponsel.jpg");

  const sqlite = t.db.$client;
  const one = (sql: string) => (sqlite.prepare(sql).get() as { id: number }).id;
  const produkKode = one("select id_produk as id from gambar_produk group by id_produk order by id_produk limit 1");
  const world = await penetapanWorld(t.db);
  ids = {
    periode: world.periodeId,
    pembayaran: 0,
    produkKode,
    gambarOfKode: one(`select id from gambar_produk where id_produk = ${produkKode} order by id limit 1`),
    produkLain: one(`select id from produk where id <> ${produkKode} order by id desc limit 1`),
    galeri: one("select id from galeri order by id limit 1"),
    banner: one("select id from banner order by id limit 1"),
    ulasan: one("select id from ulasan order by id limit 1"),
    // A revised proposal PDF (/operator/lppm/perbaikan-usulan/dokumen/:id).
    dokumen: await addPerbaikanDokumen(t.db, world),
    usulan: 0,
    bukti: 0,
    // A running project's monev berita acara (/operator/lppm/usulan/:usulanId/monev-berita-acara).
    monev: await addMonevBeritaAcara(t.db, world),
    insentif: 0,
    buktiInsentif: 0,
    rubrik: one("select id from rubrik where tahap = 'insentif'"),
    // A WhatsApp message that failed ('Kirim ulang'), and an unread item in the operator's inbox ('Tandai semua dibaca').
    gagal: t.db
      .insert(notificationOutbox)
      .values({ channel: "whatsapp", recipient: "6281200000000", user_id: operatorRow.id, subject: "Usulan: Diajukan", body: "Pesan", status: "failed", attempts: 6, last_error: "Gateway menjawab HTTP 503" })
      .returning()
      .get().id,
  };
  t.db.insert(notificationOutbox).values({ channel: "inbox", recipient: "operator", user_id: operatorRow.id, subject: "Usulan: Diajukan", body: "Pesan", status: "sent" }).run();
  // A submitted incentive claim with its evidence (/operator/lppm/insentif/:insentifId/bukti/:buktiId).
  const klaim = await addInsentifBukti(t.db, world.people.pengusul.id, world.people.reviewer1.id);
  ids.insentif = klaim.insentif;
  ids.buktiInsentif = klaim.bukti;
  ids.usulan = one(`select id_usulan as id from usulan_dokumen where id = ${ids.dokumen}`);
  // A daily note's photo of that proposal (/operator/lppm/usulan/:usulanId/catatan-bukti/:buktiId).
  ids.bukti = await addCatatanBukti(t.db, ids.usulan, one(`select id_ketua as id from usulan where id = ${ids.usulan}`));
  // A grant payment's proof (/operator/lppm/pembayaran-dana/bukti/:id).
  ids.pembayaran = await addPembayaranBukti(t.db, world, operatorRow.id);
});

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

function concrete(routePath: string): string {
  // A template that does not exist (its route answers 404 to the operator too); a real revised PDF,
  // by its own route and as one of its proposal's documents.
  const id = routePath.startsWith("/operator/lppm/template/") ? MISSING_DOWNLOAD : String(ids.dokumen);
  return routePath
    .replace(":nama", "tidak-ada")
    .replace(":format", "csv")
    .replace(":naskah", "kontrak")
    .replace(":produkId", String(ids.produkKode))
    .replace(":usulanId", String(routePath.endsWith("/monev-berita-acara") ? ids.monev : ids.usulan))
    .replace(":dokumenId", String(ids.dokumen))
    .replace(":insentifId", String(ids.insentif))
    .replace(":buktiId", String(routePath.includes("/insentif/") ? ids.buktiInsentif : ids.bukti))
    .replace(":id", routePath.includes("/pembayaran-dana/bukti/") ? String(ids.pembayaran) : id);
}

/** A download asked for a file that does not exist: 404 with a plain message, even for the operator. */
/** Downloads asked for something that does not exist: their 404 is the route's own text. */
const MISSING = new Map([
  ["OperatorLppmTemplateUnduh", "Template tidak ditemukan."],
  ["OperatorCadanganUnduh", "Cadangan tidak ditemukan."],
]);
const MISSING_DOWNLOAD = "999999";

async function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return fetch(`${origin}${url}`, { redirect: "manual", headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

async function postForm(url: string, body: FormFields, cookie?: string, headers: Record<string, string> = {}) {
  return fetch(`${origin}${url}`, {
    method: "POST",
    redirect: "manual",
    body: toFormData(body),
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

/** Runs a request and asserts that no stored row or upload changed. */
async function unchanged<T>(what: string, run: () => Promise<T>): Promise<T> {
  const before = snapshot(t.db, t.uploadsDir);
  const result = await run();
  expect(snapshot(t.db, t.uploadsDir), `${what}: nothing stored changed`).toEqual(before);
  return result;
}

function loginUrl(back: string) {
  return `/login?redirectTo=${encodeURIComponent(back)}`;
}

describe("the route config", () => {
  it("has every operator screen of the spec (and every one is tested below)", () => {
    expect(ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(SPEC_ROUTES));
    expect(ROUTES.length).toBeGreaterThanOrEqual(SPEC_ROUTES.length);
  });
});

describe.each(ROUTES)("$path", ({ id, path: routePath }) => {
  const body = (): FormFields => bodyFor(id, ids) ?? { intent: "hapus", id: "1" };

  it("anonymous: GET and its .data request → /login?redirectTo=…, POST → /login without running the action", async () => {
    const url = concrete(routePath);
    const page = await get(url);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(loginUrl(url));

    const withModal = await get(`${url}?ubah=1&q=kursi`);
    expect(withModal.headers.get("location")).toBe(loginUrl(`${url}?ubah=1&q=kursi`));

    // A data request gets React Router's redirect payload (202), never the loader's data.
    const data = await get(`${url}.data`);
    const text = await data.text();
    expect(data.status).toBe(202);
    expect(text).toContain("SingleFetchRedirect");
    expect(text).toContain(loginUrl(url));
    expect(text).not.toMatch(/Dashboard Operator|Mebel Jati|"list"|"user"/);

    const posted = await unchanged(`anonymous POST ${url}`, () => postForm(url, body()));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(loginUrl(url));
  });

  it("a session without the Operator role → 404 (page, .data and POST); a deactivated operator → /login", async () => {
    const url = concrete(routePath);
    const page = await get(url, cookies.pengusul);
    expect(page.status).toBe(404);
    // A page shows the NotFound page; a download route answers the bare 404.
    if (!DOWNLOADS[id] && !MISSING.has(id) && !SCRIPT_POSTS.has(id)) expect(await page.text()).toContain("Maaf! Halaman tidak ditemukan");
    expect((await get(`${url}.data`, cookies.pengusul)).status).toBe(404);
    const posted = await unchanged(`non-operator POST ${url}`, () => postForm(url, body(), cookies.pengusul));
    expect(posted.status).toBe(404);

    const inactive = await unchanged(`inactive operator POST ${url}`, () => postForm(url, body(), cookies.inactive));
    expect(inactive.status).toBe(302);
    expect(inactive.headers.get("location")).toBe(loginUrl(url));
  });

  it("the operator: 200; a cross-site POST with the operator's cookie → 403 and nothing stored", async () => {
    const url = concrete(routePath);
    const page = await get(url, cookies.operator);
    if (MISSING.has(id)) {
      expect(page.status).toBe(404);
      expect(await page.text()).toBe(MISSING.get(id));
      return;
    }
    if (SCRIPT_POSTS.has(id)) {
      expect(page.status).toBe(405);
      expect(page.headers.get("content-type")).toMatch(/^application\/json/);
    } else {
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(DOWNLOADS[id] ?? /^text\/html/);
    }
    expect(page.headers.get("x-cache")).not.toBe("HIT");

    const evil = await unchanged(`cross-site POST ${url}`, () =>
      postForm(url, body(), cookies.operator, { Origin: "https://evil.example" }),
    );
    expect(evil.status).toBe(403);
    expect(await evil.text()).toBe("Permintaan lintas situs ditolak.");

    const fetchMeta = await unchanged(`Sec-Fetch-Site POST ${url}`, () =>
      fetch(`${origin}${url}`, {
        method: "POST",
        redirect: "manual",
        body: toFormData(body()),
        headers: { Cookie: cookies.operator, "Sec-Fetch-Site": "cross-site" },
      }),
    );
    expect(fetchMeta.status).toBe(403);

    const nullOrigin = await unchanged(`Origin: null POST ${url}`, () => postForm(url, body(), cookies.operator, { Origin: "null" }));
    expect(nullOrigin.status).toBe(403);

    const dataPost = await unchanged(`cross-site .data POST ${url}`, () =>
      postForm(`${url}.data`, body(), cookies.operator, { Origin: "https://evil.example" }),
    );
    expect(dataPost.status).toBe(403);
  });

  // Only screens with an action have a control (no skipped placeholder for the others).
  const changes = bodyFor(id, { periode: 1, pembayaran: 1, produkKode: 1, gambarOfKode: 1, produkLain: 1, galeri: 1, banner: 1, ulasan: 1, dokumen: 1, usulan: 1, bukti: 1, monev: 1, insentif: 1, buktiInsentif: 1, gagal: 1, rubrik: 1 }) !== null;
  if (changes) it("control: the same POST from the operator on our own origin does change what is stored", async () => {
    const url = concrete(routePath);
    const before = snapshot(t.db, t.uploadsDir);
    const response = await postForm(url, body(), cookies.operator);
    if (SCRIPT_POSTS.has(id)) {
      expect(response.status, await response.clone().text()).toBe(201);
    } else {
      expect(response.status, await response.clone().text()).toBe(302);
      expect(response.headers.get("location")).toBe(url);
    }
    expect(snapshot(t.db, t.uploadsDir)).not.toEqual(before);
  });
});

describe("the Cadangan page's restore ('Pulihkan'), which stops the shop", () => {
  const url = "/operator/master/cadangan";
  const body = { intent: "pulihkan", nama: "etalase-2026-11-29-0200-WIB" };

  it("anonymous → /login, without the Operator role → 404, cross-site → 403, and nothing is asked of anyone", async () => {
    const dialog = await get(`${url}?pulihkan=${body.nama}`);
    expect(dialog.status).toBe(302);
    expect(dialog.headers.get("location")).toBe(loginUrl(`${url}?pulihkan=${body.nama}`));
    expect((await get(`${url}?pulihkan=${body.nama}`, cookies.pengusul)).status).toBe(404);

    const anonymous = await unchanged("anonymous restore", () => postForm(url, body));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(loginUrl(url));
    expect((await unchanged("non-operator restore", () => postForm(url, body, cookies.pengusul))).status).toBe(404);
    expect((await unchanged("inactive operator restore", () => postForm(url, body, cookies.inactive))).status).toBe(302);
    expect((await unchanged("cross-site restore", () => postForm(url, body, cookies.operator, { Origin: "https://evil.example" }))).status).toBe(403);
  });

  it("control: the operator's own post reaches the action, which says that a restore needs npm start (this server runs alone)", async () => {
    const response = await unchanged("operator restore without a supervisor", () => postForm(url, body, cookies.operator));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Memulihkan dari halaman ini hanya bisa bila toko dijalankan dengan `npm start`");
  });
});

describe("the root middleware refuses cross-site posts too (behind any proxy that skips Express's check)", () => {
  async function runRoot(request: Request) {
    const next = async () => new Response("reached the route");
    try {
      for (const mw of rootMiddleware as unknown as ((args: unknown, next: () => Promise<Response>) => Promise<Response>)[]) {
        const response = await mw({ request, params: {}, context: {} }, next);
        return { status: response.status };
      }
      return { status: 0 };
    } catch (error) {
      const init = (error as { init?: ResponseInit | null }).init;
      if (init) return { status: init.status ?? 500, data: (error as { data?: unknown }).data };
      if (error instanceof Response) return { status: error.status };
      throw error;
    }
  }

  it("Origin of another site → 403 with the Indonesian message; our own origin passes", async () => {
    const url = "http://127.0.0.1:3000/operator/produk/kategoriproduk";
    const evil = await runRoot(new Request(url, { method: "POST", body: "intent=tambah", headers: { Origin: "https://evil.example" } }));
    expect(evil).toEqual({ status: 403, data: { message: "Permintaan lintas situs ditolak." } });
    const fetchMeta = await runRoot(new Request(url, { method: "POST", body: "x=1", headers: { "Sec-Fetch-Site": "cross-site" } }));
    expect(fetchMeta.status).toBe(403);
    const own = await runRoot(new Request(url, { method: "POST", body: "x=1", headers: { Origin: "http://127.0.0.1:3000" } }));
    expect(own.status).toBe(200);
    const read = await runRoot(new Request(url, { headers: { Origin: "https://evil.example" } }));
    expect(read.status).toBe(200);
  });
});

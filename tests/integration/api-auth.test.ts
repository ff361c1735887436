/**
 * Authentication of the legacy /api/* contract: POST /api/login and its
 * refusals and throttle, /api/logout, /api/ubahpassword, and the Bearer rule of every protected
 * endpoint (no token, a bogus token, a token only in the query string, a non-operator's token,
 * a deactivated operator's token, an expired token).
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { issueToken } from "~/domain/api-tokens/api-tokens.server";
import { createUser } from "~/domain/users/users.server";
import { LOGIN_FAILED } from "~/domain/users/login.server";
import { FIRST_DELAY_SECONDS, FREE_ATTEMPTS } from "~/domain/users/attempts.server";
import { CLIENT_IP_HEADER } from "../../app/lib/server/throttle.server";
import * as bannerform from "~/routes/api/bannerform";
import * as formsetting from "~/routes/api/formsetting";
import * as galeriform from "~/routes/api/galeriform";
import * as gambarprodukform from "~/routes/api/gambarprodukform";
import * as getgambarproduk from "~/routes/api/getgambarproduk";
import * as getproduk from "~/routes/api/getproduk";
import * as kantorcabangform from "~/routes/api/kantorcabangform";
import * as kategoriprodukform from "~/routes/api/kategoriprodukform";
import * as kontakkamiId from "~/routes/api/kontakkami.$id";
import * as kontakkamiform from "~/routes/api/kontakkamiform";
import * as login from "~/routes/api/login";
import * as logout from "~/routes/api/logout";
import * as produkform from "~/routes/api/produkform";
import * as ubahpassword from "~/routes/api/ubahpassword";
import * as ulasankonsumenform from "~/routes/api/ulasankonsumenform";
import * as userform from "~/routes/api/userform";
import {
  api,
  type ApiInit,
  type ApiModule,
  type ApiResult,
  expectUnauthorized,
  expectValidation,
  jpegFile,
  operatorToken,
  userIdByUsername,
} from "../setup/api";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { createTestDb, type TestDb } from "../setup/test-db";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const profilform = routedModule;

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const STRONG = "SandiKuat123";

function apiLogin(username: string, password: string, init: Partial<ApiInit> = {}) {
  return api(login, "/api/login", { json: { username, password }, ...init });
}

/** Creates a user straight through the domain (fast, no API involved). */
async function addUser(username: string, roles: string[], status: "Aktif" | "Tidak-Aktif" = "Aktif") {
  const result = await createUser(t.db, {
    username,
    name: `Pengguna ${username}`,
    email: `${username}@contoh.id`,
    no_hp: "081234567890",
    password: STRONG,
    hak_akses: roles as never,
    status_aktif: status,
    nidn: undefined,
    jabatan_akademik: undefined,
  });
  if (!result.ok) throw new Error(result.message);
  return result.user.id;
}

/** A list endpoint that needs a token: proves a token works (200) or not (401). */
function probe(token: string | null, init: Partial<ApiInit> = {}) {
  return api(kategoriprodukform, "/api/kategoriprodukform", { token, ...init });
}

describe("POST /api/login", () => {
  it("answers token, id_user, hak_akses (JSON string), kodeuser, nama_pengguna at the top level", async () => {
    const res = await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    expect(res.status).toBe(200);
    const id = userIdByUsername(t.db, TEST_OPERATOR_USERNAME);
    expect(res.body).toMatchObject({ id_user: id, kodeuser: String(id), nama_pengguna: expect.any(String) });
    expect(res.body.token).toMatch(/^\S{20,}$/);
    expect(typeof res.body.hak_akses).toBe("string");
    expect(JSON.parse(res.body.hak_akses)).toContain("Operator");
    // The token is stored only as a hash.
    const stored = t.db.select().from(schema.apiTokens).all();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.token_hash).not.toBe(res.body.token);
    // …and it works.
    expect((await probe(res.body.token)).status).toBe(200);
  });

  it("accepts a form body too", async () => {
    const res = await api(login, "/api/login", {
      body: new URLSearchParams({ username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });

  it("refuses a wrong password, an unknown user, an inactive user and a user without Operator with the same 401", async () => {
    await addUser("nonaktif", ["Operator"], "Tidak-Aktif");
    await addUser("pengusul", ["Pengusul", "Reviewer-Internal"]);
    const attempts: [string, string][] = [
      [TEST_OPERATOR_USERNAME, "SalahSekali123"],
      ["tidak-ada-orangnya", STRONG],
      ["nonaktif", STRONG],
      ["pengusul", STRONG],
      [TEST_OPERATOR_USERNAME, ""],
    ];
    for (const [username, password] of attempts) {
      const res = await apiLogin(username, password);
      expect(res.status, username).toBe(401);
      expect(res.body).toEqual({ message: LOGIN_FAILED });
      expect(res.body.token).toBeUndefined();
    }
    expect(t.db.select().from(schema.apiTokens).all()).toHaveLength(0);
  });

  it(`after ${FREE_ATTEMPTS} failures from one address the next attempt waits (429, Retry-After), even with the right password`, async () => {
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect((await apiLogin(TEST_OPERATOR_USERNAME, `Salah${i}Sandi`)).status).toBe(401);
    }
    const res = await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FIRST_DELAY_SECONDS);
    expect(res.body.message).toBe(`Terlalu banyak percobaan login. Silakan coba lagi dalam ${retryAfter} detik.`);
    expect(res.body.token).toBeUndefined();
  });

  it("a burst of parallel guesses counts every one: only the free attempts reach the password check", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => apiLogin(TEST_OPERATOR_USERNAME, `Tebakan${i}Salah`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - FREE_ATTEMPTS);
  });

  it("failures from another address never delay the owner; a success forgets the owner's own failures", async () => {
    const from = (ip: string) => ({ headers: { [CLIENT_IP_HEADER]: ip } });
    for (let i = 0; i < FREE_ATTEMPTS + 3; i++) await apiLogin(TEST_OPERATOR_USERNAME, `Penyerang${i}`, from("203.0.113.9"));
    expect((await apiLogin(TEST_OPERATOR_USERNAME, "Salah1Sandi", from("198.51.100.7"))).status).toBe(401);
    for (let i = 0; i < FREE_ATTEMPTS - 2; i++) await apiLogin(TEST_OPERATOR_USERNAME, `Lupa${i}Sandi`, from("198.51.100.7"));
    expect((await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD, from("198.51.100.7"))).status).toBe(200);
    // Forgotten: the owner again has every free attempt.
    for (let i = 0; i < FREE_ATTEMPTS - 1; i++) {
      expect((await apiLogin(TEST_OPERATOR_USERNAME, `Lagi${i}Salah`, from("198.51.100.7"))).status).toBe(401);
    }
    expect((await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD, from("203.0.113.9"))).status).toBe(429);
  });

  it("answers 405 to GET, 400 to malformed JSON and 415 to an unknown content type", async () => {
    const get = await api(login, "/api/login");
    expect(get.status).toBe(405);
    const broken = await api(login, "/api/login", { body: '{"username": "operator", ', headers: { "Content-Type": "application/json" } });
    expect(broken.status).toBe(400);
    const array = await api(login, "/api/login", { json: ["operator", TEST_OPERATOR_PASSWORD] });
    expect(array.status).toBe(400);
    const xml = await api(login, "/api/login", { body: "<login/>", headers: { "Content-Type": "application/xml" } });
    expect(xml.status).toBe(415);
  });
});

describe("POST /api/logout", () => {
  it("kills the token it was called with; the next call answers 401, other tokens live on", async () => {
    const token = (await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD)).body.token as string;
    const other = operatorToken(t.db);
    expect((await probe(token)).status).toBe(200);
    const res = await api(logout, "/api/logout", { method: "POST", token });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expectUnauthorized(await probe(token));
    expectUnauthorized(await api(logout, "/api/logout", { method: "POST", token }));
    expect((await probe(other)).status).toBe(200);
  });

  it("without a token answers 401", async () => {
    expectUnauthorized(await api(logout, "/api/logout", { method: "POST" }));
  });
});

describe("POST /api/ubahpassword", () => {
  const body = (kodeuser: string, pass_lama: string, pass_baru: string) =>
    new URLSearchParams({ kodeuser, pass_lama, pass_baru });

  it("changes the own password: old tokens die, the returned token works, the new password logs in", async () => {
    const logged = await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    const token = logged.body.token as string;
    const other = operatorToken(t.db);
    const res = await api(ubahpassword, "/api/ubahpassword", { token, body: body(logged.body.kodeuser, TEST_OPERATOR_PASSWORD, STRONG) });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.token).toEqual(expect.any(String));
    expectUnauthorized(await probe(token));
    expectUnauthorized(await probe(other));
    expect((await probe(res.body.token)).status).toBe(200);
    expect((await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD)).status).toBe(401);
    expect((await apiLogin(TEST_OPERATOR_USERNAME, STRONG)).status).toBe(200);
  });

  it("accepts the username as kodeuser and a multipart body", async () => {
    const token = operatorToken(t.db);
    const res = await api(ubahpassword, "/api/ubahpassword", {
      token,
      form: { kodeuser: TEST_OPERATOR_USERNAME, pass_lama: TEST_OPERATOR_PASSWORD, pass_baru: STRONG },
    });
    expect(res.status).toBe(200);
  });

  it("refuses another user's kodeuser with 403 and changes nothing", async () => {
    const otherId = await addUser("operator2", ["Operator"]);
    const token = operatorToken(t.db);
    for (const kodeuser of [String(otherId), "operator2"]) {
      const res = await api(ubahpassword, "/api/ubahpassword", { token, body: body(kodeuser, TEST_OPERATOR_PASSWORD, "LainLagi123") });
      expect(res.status, kodeuser).toBe(403);
    }
    expect((await apiLogin("operator2", STRONG)).status).toBe(200);
    expect((await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD)).status).toBe(200);
    expect((await probe(token)).status).toBe(200);
  });

  it("answers 422 with field errors for a weak new password, a wrong old one, and missing fields", async () => {
    const token = operatorToken(t.db);
    const id = String(userIdByUsername(t.db, TEST_OPERATOR_USERNAME));
    for (const weak of ["Ab1", "semuakecil123", "SEMUABESAR123", "TanpaAngka"]) {
      expectValidation(await api(ubahpassword, "/api/ubahpassword", { token, body: body(id, TEST_OPERATOR_PASSWORD, weak) }), "pass_baru");
    }
    expectValidation(await api(ubahpassword, "/api/ubahpassword", { token, body: body(id, "BukanSandiLama1", STRONG) }), "pass_lama");
    expectValidation(await api(ubahpassword, "/api/ubahpassword", { token, body: new URLSearchParams({}) }), "kodeuser", "pass_lama", "pass_baru");
    // Nothing changed: the old password and the token still work.
    expect((await probe(token)).status).toBe(200);
    expect((await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD)).status).toBe(200);
  });
});

describe("Bearer tokens", () => {
  it("a bogus token and a token sent only in the query string answer 401", async () => {
    const real = operatorToken(t.db);
    const bogus = await probe("bukan-token-yang-sah-0123456789");
    expectUnauthorized(bogus);
    expect(bogus.body.message).toMatch(/tidak valid/i);
    const inQuery = await api(kategoriprodukform, `/api/kategoriprodukform?token=${real}&access_token=${real}&api_token=${real}`);
    expectUnauthorized(inQuery);
    expect(inQuery.body.message).toMatch(/tidak ditemukan/i);
    // The same token in the header works, and the scheme is case-insensitive.
    expect((await probe(null, { headers: { Authorization: `bearer ${real}` } })).status).toBe(200);
    // Other schemes do not count.
    expectUnauthorized(await probe(null, { headers: { Authorization: `Basic ${real}` } }));
  });

  it("a valid token of a user without the Operator role answers 401", async () => {
    const id = await addUser("reviewer1", ["Reviewer-Internal"]);
    expectUnauthorized(await probe(issueToken(t.db, id).token));
  });

  it("a deactivated operator's token answers 401 (deactivated through the API or directly)", async () => {
    const viaApi = await addUser("operator2", ["Operator"]);
    const direct = await addUser("operator3", ["Operator"]);
    const tokenA = issueToken(t.db, viaApi).token;
    const tokenB = issueToken(t.db, direct).token;
    expect((await probe(tokenA)).status).toBe(200);
    expect((await probe(tokenB)).status).toBe(200);

    const admin = operatorToken(t.db);
    const res = await api(userform, `/api/userform/${viaApi}`, {
      token: admin,
      params: { id: String(viaApi) },
      form: {
        name: "Operator Dua",
        email: "operator2@contoh.id",
        no_hp: "081234567890",
        hak_akses: JSON.stringify(["Operator"]),
        status_aktif: "Tidak-Aktif",
        password: "",
        _method: "PATCH",
      },
    });
    expect(res.status).toBe(200);
    expectUnauthorized(await probe(tokenA));

    t.db.update(schema.users).set({ status_aktif: "Tidak-Aktif" }).where(eq(schema.users.id, direct)).run();
    expectUnauthorized(await probe(tokenB));
  });

  it("an expired token answers 401", async () => {
    const token = operatorToken(t.db);
    t.db.update(schema.apiTokens).set({ expires_at: new Date(Date.now() - 1000) }).run();
    expectUnauthorized(await probe(token));
  });
});

// ---- The 401 of every protected endpoint -----------------------------------------------------

type Call = { name: string; mod: ApiModule; url: string; init: ApiInit };

async function protectedCalls(): Promise<Call[]> {
  const foto = await jpegFile();
  const kategori = t.db.select().from(schema.kategori).get()!;
  const cabang = t.db.select().from(schema.kantorCabang).get()!;
  const ulasan = t.db.select().from(schema.ulasan).get()!;
  const produk = t.db.select().from(schema.produk).get()!;
  const gambar = t.db.select().from(schema.gambarProduk).get()!;
  const galeri = t.db.select().from(schema.galeri).get()!;
  const banner = t.db.select().from(schema.banner).get()!;
  const userId = userIdByUsername(t.db, TEST_OPERATOR_USERNAME);
  const calls: Call[] = [
    { name: "POST /api/logout", mod: logout, url: "/api/logout", init: { method: "POST" } },
    { name: "POST /api/ubahpassword", mod: ubahpassword, url: "/api/ubahpassword", init: { body: new URLSearchParams({ kodeuser: String(userId), pass_lama: TEST_OPERATOR_PASSWORD, pass_baru: STRONG }) } },
    { name: "POST /api/tentangkamiform", mod: profilform, url: "/api/tentangkamiform", init: { form: { keterangan: "<p>x</p>", foto } } },
    { name: "POST /api/kerjasamaform", mod: profilform, url: "/api/kerjasamaform", init: { form: { keterangan: "<p>x</p>" } } },
    { name: "GET /api/kontakkami/{id}", mod: kontakkamiId, url: `/api/kontakkami/${cabang.id}`, init: { params: { id: String(cabang.id) } } },
    { name: "POST /api/kontakkamiform/{id}", mod: kontakkamiform, url: `/api/kontakkamiform/${cabang.id}`, init: { params: { id: String(cabang.id) }, form: { alamat: "Jl. Baru 1", kontak: "081234567890", maps: "https://maps.google.com/?q=Jepara", _method: "PATCH" } } },
    { name: "GET /api/formsetting/1", mod: formsetting, url: "/api/formsetting/1", init: { params: { id: "1" } } },
    { name: "POST /api/formsetting/1", mod: formsetting, url: "/api/formsetting/1", init: { params: { id: "1" }, form: { nama_toko: "Toko X", alamat: "Jl. X", instagram: "@tokox", whatsapp: "081234567890", facebook: "tokox", _method: "PATCH" } } },
    { name: "GET /api/getproduk/{kode}", mod: getproduk, url: `/api/getproduk/${produk.id}`, init: { params: { produkId: String(produk.id) } } },
    { name: "GET /api/gambarprodukform/{kode}", mod: gambarprodukform, url: `/api/gambarprodukform/${produk.id}`, init: { params: { id: String(produk.id) } } },
    { name: "POST /api/gambarprodukform", mod: gambarprodukform, url: "/api/gambarprodukform", init: { form: { id_produk: String(produk.id), gambar: foto } } },
    { name: "POST /api/gambarprodukform/{id}", mod: gambarprodukform, url: `/api/gambarprodukform/${gambar.id}`, init: { params: { id: String(gambar.id) }, form: { gambar: foto, _method: "PATCH" } } },
    { name: "DELETE /api/gambarprodukform/{id}", mod: gambarprodukform, url: `/api/gambarprodukform/${gambar.id}`, init: { params: { id: String(gambar.id) }, method: "DELETE" } },
    { name: "GET /api/getgambarproduk/{id}", mod: getgambarproduk, url: `/api/getgambarproduk/${gambar.id}`, init: { params: { id: String(gambar.id) } } },
  ];
  const resources: [string, ApiModule, number, Record<string, string | Blob>][] = [
    ["galeriform", galeriform, galeri.id, { gambar: foto }],
    ["bannerform", bannerform, banner.id, { image: foto }],
    ["kantorcabangform", kantorcabangform, cabang.id, { kantor_cabang: "Cabang Baru" }],
    ["ulasankonsumenform", ulasankonsumenform, ulasan.id, { ulasan: "Bagus", oleh: "Budi" }],
    ["kategoriprodukform", kategoriprodukform, kategori.id, { kategori: "Kategori Baru" }],
    ["produkform", produkform, produk.id, { nama_produk: "P", deskripsi: "D", harga: "1", gudang: String(cabang.id), id_kategori: String(kategori.id) }],
    ["userform", userform, userId, { username: "baru", name: "Baru", email: "baru@contoh.id", no_hp: "081234567890", password: STRONG, hak_akses: '["Operator"]', status_aktif: "Aktif" }],
  ];
  for (const [name, mod, id, fields] of resources) {
    const base = `/api/${name}`;
    const one = { params: { id: String(id) } };
    calls.push(
      { name: `GET ${base}`, mod, url: base, init: {} },
      { name: `POST ${base}`, mod, url: base, init: { form: fields } },
      { name: `GET ${base}/{id}`, mod, url: `${base}/${id}`, init: one },
      { name: `POST ${base}/{id} (_method=PATCH)`, mod, url: `${base}/${id}`, init: { ...one, form: { ...fields, _method: "PATCH" } } },
      { name: `POST ${base}/{id} (_method=DELETE)`, mod, url: `${base}/${id}`, init: { ...one, form: { _method: "DELETE" } } },
      { name: `DELETE ${base}/{id}`, mod, url: `${base}/${id}`, init: { ...one, method: "DELETE" } },
    );
  }
  return calls;
}

/** What the database holds, to prove a refused call changed nothing. */
function snapshot() {
  const tables = [schema.kategori, schema.kantorCabang, schema.ulasan, schema.produk, schema.gambarProduk, schema.galeri, schema.banner, schema.users, schema.profil, schema.setting];
  return JSON.stringify(tables.map((table) => t.db.select().from(table).all()));
}

describe("every protected endpoint", () => {
  it("covers all 56 protected calls of routes.ts", async () => {
    expect(await protectedCalls()).toHaveLength(56);
  });

  const variants: [string, (call: Call, real: string) => ApiInit][] = [
    ["without a token", (call) => call.init],
    ["with a bogus token", (call) => ({ ...call.init, token: "bukan-token-asli-abcdefghijklmnop" })],
    ["with the token only in the query string", (call) => call.init],
  ];

  for (const [label, initOf] of variants) {
    it(`answers 401 JSON with WWW-Authenticate: Bearer ${label}, and changes nothing`, async () => {
      const real = operatorToken(t.db);
      const before = snapshot();
      const failures: string[] = [];
      for (const call of await protectedCalls()) {
        const url = label.includes("query") ? `${call.url}?token=${real}&access_token=${real}` : call.url;
        const res: ApiResult = await api(call.mod, url, initOf(call, real));
        if (res.status !== 401 || !/^Bearer\b/.test(res.headers.get("WWW-Authenticate") ?? "")) {
          failures.push(`${call.name}: ${res.status} ${res.text}`);
        }
      }
      expect(failures).toEqual([]);
      expect(snapshot()).toBe(before);
      // The real token still works: the refusals were about the request, not the token.
      expect((await probe(real)).status).toBe(200);
    });
  }

  it("the same calls pass the token check with a valid token (so the 401s above are about the token)", async () => {
    const failures: string[] = [];
    for (const call of await protectedCalls()) {
      if (call.name.startsWith("POST /api/logout") || call.name.startsWith("POST /api/ubahpassword")) continue;
      const res = await api(call.mod, call.url, { ...call.init, token: operatorToken(t.db) });
      if (res.status === 401) failures.push(`${call.name}: ${res.text}`);
    }
    expect(failures).toEqual([]);
  });
});

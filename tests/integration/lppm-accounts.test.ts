/**
 * Scope 1 — accounts and roles for the LPPM (LPPM.md, "Login"), through the real
 * login route, area middleware and user screen on a throw-away database:
 * - every active user with an LPPM role signs in on the web and lands in their first area;
 *   `redirectTo` is honoured only for a page they may open;
 * - the legacy API still admits active Operators only;
 * - Setting → Modul LPPM off: LPPM-only users cannot sign in, LPPM paths are 404, the operator's
 *   LPPM menu group and the LPPM dashboards are gone; the operator still works;
 * - the dosen profile (prodi, bidang keahlian, SINTA id, fakultas for a verifier) in the user
 *   form, checked on the server; a user named in LPPM records cannot be deleted.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as loginRoute from "~/routes/auth/login";
import * as apiLogin from "~/routes/api/login";
import * as settingRoute from "~/routes/operator/master/setting";
import * as userRoute from "~/routes/operator/master/user";
import { AREAS, landingPath, menuFor } from "../../app/navigation/areas";
import { dashboardLinks } from "../../app/navigation/menus";
import { LOGIN_FAILED } from "../../app/lib/util/messages";
import { updateSetting } from "~/domain/setting/setting.server";
import { USER_IN_LPPM } from "~/domain/users/users.server";
import type { Role } from "~/domain/users/roles";
import { sessionCookie, visitArea } from "../setup/area";
import { addUser, TEST_USER_PASSWORD } from "../setup/data";
import { callOperatorAction, callOperatorLoader, fieldErrors, flashOf, seededOperator } from "../setup/operator-helpers";
import { callAction, callLoader, TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const dashboard = routedModule;

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

function webLogin(username: string, password = TEST_USER_PASSWORD, redirectTo?: string) {
  return callAction(loginRoute, "/login", { intent: "masuk", username, password, ...(redirectTo ? { redirectTo } : {}) }, { headers: { Origin: TEST_ORIGIN } });
}

const cookieOf = sessionCookie;

/** A GET below an area; the pages themselves are not under test here (only the layout's guard), except the dashboards. */
function visit(path: string, cookie: string | null) {
  const page = path.endsWith("/dashboard") && !path.startsWith("/operator/") ? dashboard : { loader: () => null };
  return visitArea(path, cookie, page);
}

describe("web login for every LPPM role", () => {
  const landings: [Role[], string][] = [
    [["Pengusul"], "/pengusul/dashboard"],
    [["Reviewer-Internal"], "/reviewer/dashboard"],
    [["Reviewer-External"], "/reviewer/dashboard"],
    [["Verifikator-Fakultas"], "/operatorfakultas/dashboard"],
    [["Sekretaris-LPPM"], "/sekretarislppm/dashboard"],
    [["Kepala-LPPM"], "/kepalalppm/dashboard"],
    // The landing order: Operator, Kepala, Sekretaris, Verifikator, Reviewer, Pengusul.
    [["Pengusul", "Reviewer-Internal"], "/reviewer/dashboard"],
    [["Pengusul", "Kepala-LPPM", "Sekretaris-LPPM"], "/kepalalppm/dashboard"],
    [["Pengusul", "Operator"], "/operator/dashboard"],
  ];

  it.each(landings)("%j lands on %s", async (roles, landing) => {
    const user = await addUser(t.db, roles);
    const result = await webLogin(user.username);
    expect(result.status).toBe(302);
    expect(result.location).toBe(landing);
    expect(result.headers.get("Set-Cookie")).toMatch(/^etalase_sid=/);
  });

  it("redirectTo is honoured for a page the user may open, and replaced by the landing otherwise", async () => {
    const user = await addUser(t.db, ["Pengusul", "Reviewer-Internal"]);
    expect((await webLogin(user.username, TEST_USER_PASSWORD, "/pengusul/penelitian/usulan-baru?status=DRAF")).location).toBe(
      "/pengusul/penelitian/usulan-baru?status=DRAF",
    );
    expect((await webLogin(user.username, TEST_USER_PASSWORD, "/operator/master/user")).location).toBe("/reviewer/dashboard");
    expect((await webLogin(user.username, TEST_USER_PASSWORD, "/kepalalppm/dashboard")).location).toBe("/reviewer/dashboard");
    expect((await webLogin(user.username, TEST_USER_PASSWORD, "https://jahat.example/")).location).toBe("/reviewer/dashboard");
  });

  it("an inactive user, or one with no role that opens an area, gets the one login failure", async () => {
    const inactive = await addUser(t.db, ["Pengusul"], { status_aktif: "Tidak-Aktif" });
    const failed = await webLogin(inactive.username);
    expect(failed.status).toBe(401);
    expect(failed.data).toEqual({ intent: "masuk", message: LOGIN_FAILED, result: { status: "error", error: { "": [LOGIN_FAILED] } } });
    const wrong = await webLogin((await addUser(t.db, ["Kepala-LPPM"])).username, "SalahSekali1");
    expect(wrong.status).toBe(401);
    expect(wrong.data).toEqual({ intent: "masuk", message: LOGIN_FAILED, result: { status: "error", error: { "": [LOGIN_FAILED] } } });
  });

  it("a signed-in visitor of /login goes to their landing page", async () => {
    const user = await addUser(t.db, ["Verifikator-Fakultas"]);
    const result = await callLoader(loginRoute, "/login", {}, { headers: { Cookie: await cookieOf(user.id) } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/operatorfakultas/dashboard");
    expect((await callLoader(loginRoute, "/login")).status).toBe(200);
  });

  it("the legacy API admits active Operators only", async () => {
    const pengusul = await addUser(t.db, ["Pengusul"]);
    const refused = await callAction(apiLogin, "/api/login", { username: pengusul.username, password: TEST_USER_PASSWORD });
    expect(refused.status).toBe(401);
    const operator = await addUser(t.db, ["Operator", "Pengusul"]);
    const accepted = await callAction(apiLogin, "/api/login", { username: operator.username, password: TEST_USER_PASSWORD });
    expect(accepted.status).toBe(200);
  });
});

describe("Setting → Modul LPPM", () => {
  async function switchModule(value: "1" | "0") {
    const operator = seededOperator(t.db);
    const form = (await callOperatorLoader(settingRoute, "/operator/master/setting", { user: operator })).data as { setting: Record<string, unknown> };
    const fields = Object.fromEntries(
      ["nama_toko", "kota", "alamat", "email", "whatsapp", "instagram", "facebook", "maps"].map((k) => [k, String(form.setting[k] ?? "")]),
    );
    return callOperatorAction(settingRoute, "/operator/master/setting", { intent: "simpan", ...fields, modul_lppm: value }, { user: operator });
  }

  it("is saved by the setting screen and read back", async () => {
    const off = await switchModule("0");
    expect(off.status).toBe(302);
    expect((await flashOf(off))?.kind).toBe("success");
    expect(t.db.select().from(schema.setting).get()?.modul_lppm).toBe(false);
    await switchModule("1");
    expect(t.db.select().from(schema.setting).get()?.modul_lppm).toBe(true);
  });

  it("off: LPPM-only users cannot sign in, LPPM pages are 404, the operator keeps the back office", async () => {
    const pengusul = await addUser(t.db, ["Pengusul"]);
    const both = await addUser(t.db, ["Operator", "Kepala-LPPM"]);
    const cookie = await cookieOf(pengusul.id);
    expect((await visit("/pengusul/dashboard", cookie)).status).toBe(200);
    updateSetting(t.db, { modul_lppm: false });

    expect((await webLogin(pengusul.username)).status).toBe(401);
    expect((await visit("/pengusul/dashboard", cookie)).status).toBe(404);
    expect((await visit("/pengusul/penelitian/usulan-baru", null)).status).toBe(404);
    const bothCookie = await cookieOf(both.id);
    expect((await visit("/kepalalppm/dashboard", bothCookie)).status).toBe(404);
    expect((await visit("/operator/lppm/fakultas", bothCookie)).status).toBe(404);
    expect((await visit("/operator/dashboard", bothCookie)).status).toBe(200);
    expect((await webLogin(both.username, TEST_USER_PASSWORD, "/kepalalppm/dashboard")).location).toBe("/operator/dashboard");
    expect(landingPath(["Pengusul"], false)).toBeNull();
  });

  it("off: the LPPM dashboards and the operator's LPPM menu group are gone", () => {
    const roles: Role[] = ["Operator", "Pengusul", "Kepala-LPPM"];
    expect(dashboardLinks(roles, true).map((l) => l.to)).toEqual(["/pengusul/dashboard", "/kepalalppm/dashboard", "/operator/dashboard"]);
    expect(dashboardLinks(roles, false).map((l) => l.to)).toEqual(["/operator/dashboard"]);
    const operatorArea = AREAS.find((area) => area.key === "operator")!;
    expect(menuFor(operatorArea, true).map((g) => g.label)).toEqual(["Profil", "Produk", "Master", "LPPM"]);
    expect(menuFor(operatorArea, false).map((g) => g.label)).toEqual(["Profil", "Produk", "Master"]);
  });
});

describe("the dosen profile in Manajemen Pengguna", () => {
  const URL = "/operator/master/user";

  function addFakultasProdi() {
    const fak = t.db.insert(schema.fakultas).values({ nama: "Fakultas Teknik" }).returning().get();
    const pro = t.db.insert(schema.prodi).values({ nama: "Teknik Informatika", id_fakultas: fak.id }).returning().get();
    return { fak, pro };
  }

  const dosen = {
    intent: "tambah",
    name: "Dr. Rina Dosen",
    username: "rinadosen",
    password: "Rahasia123x",
    no_hp: "0852 1111 2222",
    email: "rina@example.test",
    status_aktif: "Aktif",
    hak_akses: ["Pengusul", "Verifikator-Fakultas"],
    nidn: "0612345678",
    jabatan_akademik: "Lektor",
    bidang_keahlian: "Sistem informasi",
    sinta_id: "6012345",
  };

  it("stores prodi, bidang keahlian, SINTA id and the verifier's faculty; the form offers them", async () => {
    const { fak, pro } = addFakultasProdi();
    const operator = seededOperator(t.db);
    const form = await callOperatorLoader(userRoute, `${URL}?tambah=1`, { user: operator });
    expect(JSON.stringify(form.data)).toContain("Teknik Informatika");
    const created = await callOperatorAction(
      userRoute,
      `${URL}?tambah=1`,
      { ...dosen, id_prodi: String(pro.id), id_fakultas_verifikasi: String(fak.id) },
      { user: operator },
    );
    expect(created.status).toBe(302);
    const row = t.db.select().from(schema.users).where(eq(schema.users.username, "rinadosen")).get()!;
    expect(row).toMatchObject({ id_prodi: pro.id, id_fakultas_verifikasi: fak.id, bidang_keahlian: "Sistem informasi", sinta_id: "6012345", nidn: "0612345678" });
    // The dosen signs in and lands in the verifier's area (before the proposer's).
    expect((await webLogin("rinadosen", "Rahasia123x")).location).toBe("/operatorfakultas/dashboard");
  });

  it("refuses an unknown prodi or faculty and a SINTA id that is not a number; nothing is stored", async () => {
    const operator = seededOperator(t.db);
    const bad = await callOperatorAction(userRoute, `${URL}?tambah=1`, { ...dosen, sinta_id: "abc" }, { user: operator });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad).sinta_id).toEqual(["SINTA ID hanya boleh berisi angka (maksimal 12 digit)."]);
    const prodi = await callOperatorAction(userRoute, `${URL}?tambah=1`, { ...dosen, id_prodi: "9999" }, { user: operator });
    expect(prodi.status).toBe(422);
    expect(prodi.data).toMatchObject({ message: "Program studi tidak ditemukan." });
    const fakultas = await callOperatorAction(userRoute, `${URL}?tambah=1`, { ...dosen, id_fakultas_verifikasi: "9999" }, { user: operator });
    expect(fakultas.status).toBe(422);
    expect(fakultas.data).toMatchObject({ message: "Fakultas tidak ditemukan." });
    expect(t.db.select().from(schema.users).where(eq(schema.users.username, "rinadosen")).get()).toBeUndefined();
  });

  it("a user named in a proposal cannot be deleted (409), one who is not can", async () => {
    const operator = seededOperator(t.db);
    const ketua = await addUser(t.db, ["Pengusul"]);
    const free = await addUser(t.db, ["Pengusul"]);
    const sk = t.db
      .insert(schema.skema)
      .values({ jenis: "penelitian", nama: "Penelitian Dosen Pemula", dana_maksimal: 15_000_000 })
      .returning()
      .get();
    const per = t.db.insert(schema.periode).values({ tahun: 2026, id_skema: sk.id, sumber_dana: "Internal", anggaran_total: 100_000_000, kuota_judul: 5 }).returning().get();
    t.db.insert(schema.usulan).values({ id_periode: per.id, jenis: "penelitian", id_ketua: ketua.id, judul: "Uji", status: "DRAF" }).run();

    const refused = await callOperatorAction(userRoute, `${URL}?hapus=${ketua.id}`, { intent: "hapus", id: String(ketua.id) }, { user: operator });
    expect(refused.status).toBe(302);
    expect(await flashOf(refused)).toMatchObject({ kind: "error", message: USER_IN_LPPM });
    expect(t.db.select().from(schema.users).where(eq(schema.users.id, ketua.id)).get()).toBeDefined();
    const deleted = await callOperatorAction(userRoute, `${URL}?hapus=${free.id}`, { intent: "hapus", id: String(free.id) }, { user: operator });
    expect(await flashOf(deleted)).toMatchObject({ kind: "success" });
  });
});

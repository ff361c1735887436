/**
 * The activity log, shop side: every write through the HTML screens and
 * the legacy API records who, when, what record and which fields changed, once, through the
 * domain's one hook — and never a password, a hash or a token. Requests go through the area
 * layout's middleware with a real session (the guard names the actor) or through the API's
 * Bearer check; a refused write records nothing.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as kategoriRoute from "~/routes/operator/produk/kategoriproduk";
import * as userRoute from "~/routes/operator/master/user";
import * as loginRoute from "~/routes/auth/login";
import * as logoutRoute from "~/routes/auth/logout";
import * as ubahPassword from "~/routes/auth/ubah-password";
import * as apiLogin from "~/routes/api/login";
import * as apiLogout from "~/routes/api/logout";
import * as apiProduk from "~/routes/api/produkform";
import { areaRequest, person } from "../setup/lppm-penetapan";
import { api } from "../setup/api";
import { callAction, TEST_ORIGIN } from "../setup/route";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { TEST_USER_PASSWORD } from "../setup/data";
import { eachTestDb } from "../setup/test-db";

const each = eachTestDb();

type Row = typeof schema.aktivitas.$inferSelect;

function entries(): Row[] {
  return each.t.db.select().from(schema.aktivitas).orderBy(desc(schema.aktivitas.id)).all();
}

function latest(): Row {
  const row = entries()[0];
  if (!row) throw new Error("no activity recorded");
  return row;
}

function changes(row: Row): Record<string, [unknown, unknown]> {
  return row.perubahan ? (JSON.parse(row.perubahan) as Record<string, [unknown, unknown]>) : {};
}

function operatorRow() {
  return each.t.db.select().from(schema.users).where(eq(schema.users.username, TEST_OPERATOR_USERNAME)).get()!;
}

describe("back-office writes name the signed-in operator", () => {
  it("create, rename and delete of a category: one entry each, with the fields that changed", async () => {
    const op = await person(each.t.db, "Bu Operator", ["Operator"]);
    const URL = "/operator/produk/kategoriproduk";
    const before = entries().length;

    await areaRequest(kategoriRoute, `${URL}?tambah=1`, op, { form: { intent: "tambah", kategori: "Kursi Santai" } });
    const created = latest();
    expect(created).toMatchObject({ id_user: op.id, nama_user: "Bu Operator", aksi: "tambah", entitas: "kategori" });
    expect(changes(created)).toMatchObject({ kategori: [null, "Kursi Santai"], seo: [null, "kursi-santai"] });
    const id = Number(created.id_entitas);

    await areaRequest(kategoriRoute, `${URL}?ubah=${id}`, op, { form: { intent: "ubah", id: String(id), kategori: "Kursi Malas" } });
    const renamed = latest();
    expect(renamed).toMatchObject({ aksi: "ubah", entitas: "kategori", id_entitas: String(id), id_user: op.id });
    expect(changes(renamed)).toEqual({ kategori: ["Kursi Santai", "Kursi Malas"], seo: ["kursi-santai", "kursi-malas"] });

    // Saving the same name again changes nothing: no entry.
    await areaRequest(kategoriRoute, `${URL}?ubah=${id}`, op, { form: { intent: "ubah", id: String(id), kategori: "Kursi Malas" } });
    expect(latest().id).toBe(renamed.id);

    await areaRequest(kategoriRoute, `${URL}?hapus=${id}`, op, { form: { intent: "hapus", id: String(id) } });
    const deleted = latest();
    expect(deleted).toMatchObject({ aksi: "hapus", entitas: "kategori", id_entitas: String(id) });
    expect(changes(deleted)).toMatchObject({ kategori: ["Kursi Malas", null] });
    expect(entries().length).toBe(before + 3);
  });

  it("a refused write (a category still in use) records nothing", async () => {
    const op = await person(each.t.db, "Bu Operator", ["Operator"]);
    const used = each.t.db.select({ id: schema.produk.id_kategori }).from(schema.produk).where(eq(schema.produk.id, 1)).get()!.id!;
    const before = entries().length;
    await areaRequest(kategoriRoute, `/operator/produk/kategoriproduk?hapus=${used}`, op, { form: { intent: "hapus", id: String(used) } });
    expect(each.t.db.select().from(schema.kategori).where(eq(schema.kategori.id, used)).get()).toBeDefined();
    expect(entries().length).toBe(before);
  });

  it("a new user with a password: the entry lists the fields, never the password or its hash", async () => {
    const op = await person(each.t.db, "Bu Operator", ["Operator"]);
    const password = "Rahasia2026x";
    await areaRequest(userRoute, "/operator/master/user?tambah=1", op, {
      form: {
        intent: "tambah",
        username: "kasir.baru",
        name: "Kasir Baru",
        no_hp: "081234567890",
        email: "kasir@example.com",
        password,
        hak_akses: "Operator",
        status_aktif: "Aktif",
      },
    });
    const created = latest();
    expect(created).toMatchObject({ aksi: "tambah", entitas: "users", id_user: op.id });
    expect(changes(created)).toMatchObject({ username: [null, "kasir.baru"], name: [null, "Kasir Baru"] });
    const stored = JSON.stringify(entries());
    expect(stored).not.toContain(password);
    expect(stored).not.toMatch(/argon2|password_hash/);
  });
});

describe("sign-in, sign-out and passwords", () => {
  it("web login and logout are recorded by the user themself", async () => {
    const login = await callAction(loginRoute, "/login", { intent: "masuk", username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD }, { headers: { Origin: TEST_ORIGIN } });
    expect(login.status).toBe(302);
    const op = operatorRow();
    expect(latest()).toMatchObject({ aksi: "masuk", entitas: "users", id_user: op.id, nama_user: op.name, ringkasan: "Lewat web" });

    const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
    const logout = await callAction(logoutRoute, "/logout", { intent: "keluar" }, { headers: { Origin: TEST_ORIGIN, Cookie: cookie } });
    expect([302, 303]).toContain(logout.status);
    expect(latest()).toMatchObject({ aksi: "keluar", id_user: op.id, ringkasan: "Lewat web" });
  });

  it("a failed login records no entry (the throttle counts it)", async () => {
    const before = entries().length;
    await callAction(loginRoute, "/login", { intent: "masuk", username: TEST_OPERATOR_USERNAME, password: "salah-sekali" }, { headers: { Origin: TEST_ORIGIN } });
    expect(entries().length).toBe(before);
  });

  it("changing one's own password is recorded without the password", async () => {
    const op = await person(each.t.db, "Pak Operator", ["Operator"]);
    const result = await callAction(
      ubahPassword,
      "/akun/ubah-password",
      { intent: "ubah-password", pass_lama: TEST_USER_PASSWORD, pass_baru: "Baru2026xyz", konfirmasi_pass: "Baru2026xyz" },
      { headers: { Origin: TEST_ORIGIN, Cookie: op.cookie } },
    );
    expect(result.status).toBe(302);
    expect(latest()).toMatchObject({ aksi: "ganti-password", entitas: "users", id_entitas: String(op.id), id_user: op.id, nama_user: "Pak Operator" });
    expect(JSON.stringify(entries())).not.toContain("Baru2026xyz");
  });
});

describe("the legacy API names the token's operator", () => {
  it("login, an update with the Bearer token, and logout", async () => {
    const login = await api(apiLogin, "/api/login", { json: { username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD } });
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    const op = operatorRow();
    expect(latest()).toMatchObject({ aksi: "masuk", id_user: op.id, ringkasan: "Lewat API" });

    const current = await api(apiProduk, "/api/produkform/1", { token, params: { id: "1" } });
    const form = (current.body as { data: Record<string, unknown> }).data;
    const put = await api(apiProduk, "/api/produkform/1", {
      token,
      params: { id: "1" },
      method: "PUT",
      json: { ...form, harga: "Rp 1.234.000" },
    });
    expect(put.status).toBe(200);
    const updated = latest();
    expect(updated).toMatchObject({ aksi: "ubah", entitas: "produk", id_entitas: "1", id_user: op.id, nama_user: op.name });
    expect(changes(updated)).toEqual({ harga: [form.harga, "Rp 1.234.000"] });
    expect(JSON.stringify(entries())).not.toContain(token);

    await api(apiLogout, "/api/logout", { token, method: "POST" });
    expect(latest()).toMatchObject({ aksi: "keluar", id_user: op.id, ringkasan: "Lewat API" });
  });
});

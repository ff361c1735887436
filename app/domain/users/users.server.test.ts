import { and, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { TEST_OPERATOR_USERNAME } from "../../../tests/setup/constants";
import { withClearedBlanks, type STATUS } from "./users.schema";
import type { Role } from "./roles";
import { admits } from "./login.server";
import { aktifBerperan, createUser, deleteUser, findUserRowByUsername, getUserRecord, updateUser } from "./users.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const base = {
  name: "Dr. Rina",
  email: "rina@example.test",
  no_hp: "081200001111",
  password: "Rahasia123",
  status_aktif: "Aktif" as const,
  hak_akses: ["Pengusul" as const],
  nidn: null,
  jabatan_akademik: null,
};

function operatorId() {
  return findUserRowByUsername(t.db, TEST_OPERATOR_USERNAME)!.id;
}

describe("users", () => {
  it("a taken username or NIDN is refused on its field; the password is stored only as a hash", async () => {
    const made = await createUser(t.db, { ...base, username: "rina", nidn: "0011223344" });
    if (!made.ok) throw new Error(made.message);
    expect(JSON.stringify(getUserRecord(t.db, made.user.id))).not.toContain("Rahasia123");
    expect(findUserRowByUsername(t.db, "rina")!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await createUser(t.db, { ...base, username: "rina" })).toMatchObject({ ok: false, status: 409, field: "username" });
    expect(await createUser(t.db, { ...base, username: "rina2", nidn: "0011223344" })).toMatchObject({ ok: false, status: 409, field: "nidn" });
  });

  it("an operator cannot lock themselves or the shop out", async () => {
    const me = operatorId();
    const record = getUserRecord(t.db, me)!;
    // No new password: "" keeps the stored one.
    const asInput = { name: record.name, email: record.email, no_hp: record.no_hp, password: "", nidn: null, jabatan_akademik: null };
    expect(await updateUser(t.db, me, { ...asInput, status_aktif: "Tidak-Aktif", hak_akses: ["Operator"] }, me)).toMatchObject({ ok: false, status: 422 });
    expect(await updateUser(t.db, me, { ...asInput, status_aktif: "Aktif", hak_akses: ["Pengusul"] }, me)).toMatchObject({ ok: false, status: 422 });
    expect(deleteUser(t.db, me, me)).toMatchObject({ ok: false, status: 422 });
    const other = await createUser(t.db, { ...base, username: "kedua", hak_akses: ["Pengusul"] });
    if (!other.ok) throw new Error(other.message);
    // Another user removing the last active Operator: refused too.
    expect(deleteUser(t.db, me, other.user.id)).toMatchObject({ ok: false, status: 422, message: expect.stringContaining("Operator") });
    expect(deleteUser(t.db, 999_999, me)).toMatchObject({ ok: false, status: 404 });
  });

  it("who may sign in: the web takes any active role holder while Modul LPPM is on, the API only Operators", async () => {
    await createUser(t.db, { ...base, username: "dosen", hak_akses: ["Pengusul"] });
    await createUser(t.db, { ...base, username: "nonaktif", hak_akses: ["Operator"], status_aktif: "Tidak-Aktif" });
    const dosen = findUserRowByUsername(t.db, "dosen")!;
    const nonaktif = findUserRowByUsername(t.db, "nonaktif")!;
    const operator = findUserRowByUsername(t.db, TEST_OPERATOR_USERNAME)!;
    expect([admits(t.db, "web")(dosen), admits(t.db, "api")(dosen)]).toEqual([true, false]);
    expect([admits(t.db, "web")(nonaktif), admits(t.db, "api")(nonaktif)]).toEqual([false, false]);
    expect([admits(t.db, "web")(operator), admits(t.db, "api")(operator)]).toEqual([true, true]);
    expect(admits(t.db, "web")({ status_aktif: "Aktif", hak_akses: "[]" })).toBe(false);
    t.db.$client.prepare("update setting set modul_lppm = 0").run();
    expect([admits(t.db, "web")(dosen), admits(t.db, "web")(operator)]).toEqual([false, true]);
  });
});

describe("aktifBerperan", () => {
  it("matches an active account holding any of the roles named, and nothing else", async () => {
    const make = async (username: string, status_aktif: (typeof STATUS)[number], hak_akses: Role[]) => {
      const made = await createUser(t.db, { ...base, username, status_aktif, hak_akses });
      if (!made.ok) throw new Error(made.message);
    };
    await make("aktif_pengusul", "Aktif", ["Pengusul"]);
    await make("aktif_dua", "Aktif", ["Pengusul", "Reviewer-Internal"]);
    await make("aktif_ext", "Aktif", ["Reviewer-External"]);
    await make("nonaktif_reviewer", "Tidak-Aktif", ["Reviewer-Internal"]);
    const mine = ["aktif_pengusul", "aktif_dua", "aktif_ext", "nonaktif_reviewer"];
    const who = (...roles: Parameters<typeof aktifBerperan>) =>
      t.db
        .select({ username: users.username })
        .from(users)
        .where(and(inArray(users.username, mine), aktifBerperan(...roles)))
        .all()
        .map((row) => row.username)
        .sort();
    expect(who("Pengusul")).toEqual(["aktif_dua", "aktif_pengusul"]);
    expect(who("Reviewer-Internal", "Reviewer-External")).toEqual(["aktif_dua", "aktif_ext"]);
    expect(who("Kepala-LPPM")).toEqual([]);
  });
});

describe("withClearedBlanks", () => {
  it("a blank NIDN or Jabatan sent clears it; left out, it is kept", () => {
    const sent = new FormData();
    sent.set("nidn", "");
    expect(withClearedBlanks(sent, { nidn: undefined, jabatan_akademik: undefined })).toEqual({ nidn: null, jabatan_akademik: undefined });
    expect(withClearedBlanks(new FormData(), { nidn: undefined })).toEqual({ nidn: undefined, jabatan_akademik: undefined });
    expect(withClearedBlanks(sent, { nidn: "0011223344" })).toMatchObject({ nidn: "0011223344" });
  });
});

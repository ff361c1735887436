import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { operatorToken } from "../../tests/setup/api";
import { addUser } from "../../tests/setup/data";
import { seededOperator } from "../../tests/setup/operator-helpers";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { bodySender } from "~/http/body-access.server";
import { startSession } from "~/http/session.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const cookieOf = async (userId: number) => (await startSession(new Request("http://localhost/login"), userId)).split(";")[0]!;

describe("who may send a body where", () => {
  it("anyone to the public pages, the sign-in, the forgotten password and the API calls for them", () => {
    for (const p of ["/", "/login", "/lupa-password", "/logout", "/kontak-kami", "/api/login", "/API/Login/", "/api/cekpass", "/api/resetpassword.data", "/api//login"]) {
      expect(bodySender(p, {}), p).toBe("anonymous");
    }
  });

  it("to the back office, the LPPM areas and the account page only with a valid session; to the API only with a valid token", async () => {
    const operator = seededOperator(t.db);
    const cookie = await cookieOf(operator.id);
    const token = operatorToken(t.db);
    for (const p of ["/operator/master/banner", "/Operator/produk/produk.data", "/%6Fperator/master/banner", "/akun/ubah-password", "/operator/lppm/template"]) {
      expect(bodySender(p, {}), p).toBe("refused");
      expect(bodySender(p, { cookie: "etalase_sid=palsu.AAAA" }), p).toBe("refused");
      expect(bodySender(p, { cookie }), p).toBe("signed-in");
      expect(bodySender(p, { authorization: `Bearer ${token}` }), p).toBe("refused");
    }
    for (const p of ["/api/galeriform", "/api/gambarprodukform/3", "/api/logout", "/api/ubahpassword", "/api/produkcsv", "/api/tidak-ada", "/api"]) {
      expect(bodySender(p, {}), p).toBe("refused");
      expect(bodySender(p, { authorization: "Bearer palsu" }), p).toBe("refused");
      expect(bodySender(p, { cookie }), p).toBe("refused");
      expect(bodySender(p, { authorization: `Bearer ${token}` }), p).toBe("signed-in");
    }
  });

  it("to an area only for a user whose roles open it, and to the LPPM paths only while the module is on", async () => {
    const pengusul = await addUser(t.db, ["Pengusul"]);
    const cookie = await cookieOf(pengusul.id);
    expect(bodySender("/pengusul/penelitian/usulan-baru", { cookie })).toBe("signed-in");
    expect(bodySender("/akun/ubah-password", { cookie })).toBe("signed-in");
    expect(bodySender("/operator/master/banner", { cookie })).toBe("refused");
    expect(bodySender("/reviewer/evaluasi-substansi", { cookie })).toBe("refused");
    t.db.$client.prepare("update setting set modul_lppm = 0").run();
    expect(bodySender("/pengusul/penelitian/usulan-baru", { cookie })).toBe("refused");
    const operatorCookie = await cookieOf(seededOperator(t.db).id);
    expect(bodySender("/operator/lppm/template", { cookie: operatorCookie })).toBe("refused");
    expect(bodySender("/operator/master/banner", { cookie: operatorCookie })).toBe("signed-in");
  });
});

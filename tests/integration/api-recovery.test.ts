/**
 * The account-recovery calls of the legacy /api/* contract (spec section 7, "Authentication
 * and account"): POST /api/cekpass (JSON {nidn} → data{nidn, nama_sdm, telepon_hp}) and
 * POST /api/resetpassword (multipart {nidn, no_telepon}); error bodies carry a message.
 * The HTML flow and the domain rules are covered by recovery.test.ts; this is the transport.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import { NIDN_NOT_FOUND, PHONE_MISMATCH, RESET_SUCCESS } from "~/domain/recovery/recovery.schema";
import { RECOVERY_LIMITS } from "~/domain/recovery/recovery-throttle.server";
import { NO_GATEWAY } from "~/domain/recovery/recovery.server";
import { createUser } from "~/domain/users/users.server";
import { resetEnvCache } from "../../app/lib/server/env.server";
import { CLIENT_IP_HEADER } from "../../app/lib/server/throttle.server";
import * as cekpass from "~/routes/api/cekpass";
import * as kategoriprodukform from "~/routes/api/kategoriprodukform";
import * as login from "~/routes/api/login";
import * as resetpassword from "~/routes/api/resetpassword";
import { api, type ApiInit, expectValidation } from "../setup/api";
import { createTestDb, type TestDb } from "../setup/test-db";
import { fakeWhatsApp, type FakeWhatsApp } from "../setup/whatsapp";

const NIDN = "0012345678";
const PHONE = "081234567789";
const PASSWORD = "LamaPass123";

let t: TestDb;
let userId: number;
let wa: FakeWhatsApp;

beforeEach(async () => {
  t = createTestDb();
  // The new password reaches the lecturer only through the gateway: a stand-in keeps it here.
  wa = fakeWhatsApp();
  const created = await createUser(t.db, {
    username: "dosen1",
    name: "Dr. Sari Dewi",
    email: "sari@contoh.id",
    no_hp: PHONE,
    password: PASSWORD,
    status_aktif: "Aktif",
    hak_akses: ["Operator", "Pengusul"],
    nidn: NIDN,
    jabatan_akademik: undefined,
  });
  if (!created.ok) throw new Error(created.message);
  userId = created.user.id;
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  wa.restore();
  t.cleanup();
});

let ipCounter = 0;
/** Each call comes from its own client address unless a test says otherwise (per-IP buckets). */
function from(ip = `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`): Partial<ApiInit> {
  return { headers: { [CLIENT_IP_HEADER]: ip } };
}

const cek = (json: unknown, init: Partial<ApiInit> = from()) => api(cekpass, "/api/cekpass", { json, ...init });
const reset = (form: Record<string, string>, init: Partial<ApiInit> = from()) => api(resetpassword, "/api/resetpassword", { form, ...init });
const apiLogin = (username: string, password: string) => api(login, "/api/login", { json: { username, password }, ...from() });

function userRow() {
  return t.db.select().from(schema.users).where(eq(schema.users.id, userId)).get()!;
}

describe("POST /api/cekpass", () => {
  it("answers data{nidn, nama_sdm, telepon_hp} with the phone masked; no token needed", async () => {
    const res = await cek({ nidn: NIDN });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { nidn: NIDN, nama_sdm: "Dr. Sari Dewi", telepon_hp: "08*******789" } });
    expect(res.text).not.toContain(PHONE);
    expect(res.text).not.toContain("1234567789");
  });

  it("accepts an ID typed with spaces and dots", async () => {
    const res = await cek({ nidn: "0012 345.678" });
    expect(res.status).toBe(200);
    expect(res.body.data.nidn).toBe(NIDN);
  });

  it("an unknown ID, or an inactive account, answers 404 with a message", async () => {
    const unknown = await cek({ nidn: "9999999999" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: NIDN_NOT_FOUND });
    t.db.update(schema.users).set({ status_aktif: "Tidak-Aktif" }).where(eq(schema.users.id, userId)).run();
    const inactive = await cek({ nidn: NIDN });
    expect(inactive.status).toBe(404);
    expect(inactive.body).toEqual({ message: NIDN_NOT_FOUND });
  });

  it("a missing or too-short ID answers 422 on nidn", async () => {
    expectValidation(await cek({}), "nidn");
    expectValidation(await cek({ nidn: "" }), "nidn");
    expectValidation(await cek({ nidn: "12345" }), "nidn");
    expectValidation(await cek({ nidn: "1".repeat(25) }), "nidn");
  });

  it("malformed JSON answers 400, an unknown content type 415", async () => {
    expect((await api(cekpass, "/api/cekpass", { body: '{"nidn": 00', headers: { "Content-Type": "application/json", ...from().headers } })).status).toBe(400);
    expect((await api(cekpass, "/api/cekpass", { body: NIDN, headers: { "Content-Type": "text/plain", ...from().headers } })).status).toBe(415);
  });

  it(`after ${RECOVERY_LIMITS.perId.points} lookups of one ID answers 429 with Retry-After`, async () => {
    for (let i = 0; i < RECOVERY_LIMITS.perId.points; i++) expect((await cek({ nidn: NIDN })).status).toBe(200);
    const res = await cek({ nidn: NIDN });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(res.body.data).toBeUndefined();
  });

  it(`after ${RECOVERY_LIMITS.perIp.points} lookups from one address answers 429`, async () => {
    const ip = from("10.99.0.1");
    for (let i = 0; i < RECOVERY_LIMITS.perIp.points; i++) {
      expect((await cek({ nidn: String(1000000000 + i) }, ip)).status).toBe(404);
    }
    expect((await cek({ nidn: NIDN }, ip)).status).toBe(429);
    expect((await cek({ nidn: NIDN })).status).toBe(200);
  });
});

describe("POST /api/resetpassword", () => {
  function outbox() {
    return t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.user_id, userId)).all();
  }

  it("answers the success message; the new password (only on WhatsApp) logs in and the old one dies then", async () => {
    const res = await reset({ nidn: NIDN, no_telepon: "+62 812-3456-7789" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RESET_SUCCESS });
    const password = wa.passwordFor("6281234567789");
    expect(res.text).not.toContain(password);
    // The outbox keeps the message with the password masked.
    const messages = outbox();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain("Password baru: ********");
    expect(messages[0]!.body).not.toContain(password);

    const logged = await apiLogin("dosen1", password);
    expect(logged.status).toBe(200);
    expect((await api(kategoriprodukform, "/api/kategoriprodukform", { token: logged.body.token })).status).toBe(200);
    expect((await apiLogin("dosen1", PASSWORD)).status).toBe(401);
  });

  it("without a WhatsApp gateway answers 503 with a message and changes nothing", async () => {
    wa.restore();
    const saved = process.env.WA_GATEWAY_URL;
    delete process.env.WA_GATEWAY_URL;
    resetEnvCache();
    try {
      const before = userRow();
      const res = await reset({ nidn: NIDN, no_telepon: PHONE });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(NO_GATEWAY);
      expect(userRow()).toEqual(before);
      expect(outbox()).toHaveLength(0);
    } finally {
      if (saved !== undefined) process.env.WA_GATEWAY_URL = saved;
      wa = fakeWhatsApp();
    }
  });

  it("a wrong phone number answers 422 with a message and changes nothing", async () => {
    const before = userRow();
    const res = await reset({ nidn: NIDN, no_telepon: "081200000000" });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(PHONE_MISMATCH);
    expect(userRow()).toEqual(before);
    expect(outbox()).toHaveLength(0);
  });

  it("an unknown ID answers 404; missing fields answer 422 on both fields", async () => {
    const unknown = await reset({ nidn: "9999999999", no_telepon: PHONE });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(NIDN_NOT_FOUND);
    expectValidation(await reset({}), "nidn", "no_telepon");
    expectValidation(await reset({ nidn: NIDN, no_telepon: "12" }), "no_telepon");
    expect(outbox()).toHaveLength(0);
  });

  it("garbage multipart answers 400", async () => {
    const res = await api(resetpassword, "/api/resetpassword", {
      body: "--x\r\nContent-Disposition: form-data; name=\"nidn\"\r\n\r\n0012",
      headers: { "Content-Type": "multipart/form-data; boundary=x", ...from().headers },
    });
    expect(res.status).toBe(400);
    expect(outbox()).toHaveLength(0);
  });

  it(`after ${RECOVERY_LIMITS.perId.points} resets of one ID answers 429`, async () => {
    for (let i = 0; i < RECOVERY_LIMITS.perId.points; i++) {
      expect((await reset({ nidn: NIDN, no_telepon: "081200000000" })).status).toBe(422);
    }
    const res = await reset({ nidn: NIDN, no_telepon: PHONE });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(outbox()).toHaveLength(0);
  });
});

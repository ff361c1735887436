import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notificationOutbox } from "../../../db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { fakeWhatsApp, type FakeWhatsApp } from "../../../tests/setup/whatsapp";
import { createUser, getUserRow } from "../users/users.server";
import { maskPhone, maskSecretInMessage, normalizePhone, PHONE_MISMATCH } from "./recovery.schema";
import { cekPass, NO_GATEWAY, resetPassword } from "./recovery.server";

let t: TestDb;
let wa: FakeWhatsApp;
let userId: number;
beforeEach(async () => {
  t = createTestDb();
  wa = fakeWhatsApp();
  const made = await createUser(t.db, {
    username: "dosen9", name: "Dr. Ayu", email: "ayu@example.test", no_hp: "0812 9999 0001", password: "LamaSekali1",
    status_aktif: "Aktif", hak_akses: ["Operator"], nidn: "0099887766", jabatan_akademik: null,
  });
  if (!made.ok) throw new Error(made.message);
  userId = made.user.id;
});
afterEach(() => {
  wa.restore();
  t.cleanup();
});

describe("phones", () => {
  it("are compared as digits in one form and shown with at most three digits", () => {
    expect(normalizePhone("+62 812-9999-0001")).toBe(normalizePhone("081299990001"));
    expect(maskPhone("081299990001")).toBe("08*******001");
    expect(maskSecretInMessage("Halo\nPassword baru: Ab12cd34EF56gh\n")).toBe("Halo\nPassword baru: ********\n");
  });
});

describe("a reset", () => {
  it("step 1 shows the name and the masked phone only", () => {
    expect(cekPass(t.db, "0099887766")).toEqual({ ok: true, data: { nidn: "0099887766", nama_sdm: "Dr. Ayu", telepon_hp: "08*******001" } });
  });

  it("a wrong phone changes nothing; the right one sends the password on WhatsApp and keeps it masked", async () => {
    expect(await resetPassword(t.db, { nidn: "0099887766", no_telepon: "081200000000" })).toMatchObject({ ok: false, status: 422, message: PHONE_MISMATCH });
    expect(getUserRow(t.db, userId)!.reset_password_hash).toBeNull();
    const result = await resetPassword(t.db, { nidn: "0099887766", no_telepon: "+62 812 9999 0001" });
    if (!result.ok) throw new Error(result.message);
    await result.delivery;
    const password = wa.passwordFor("6281299990001");
    const [row] = t.db.select().from(notificationOutbox).all();
    expect(row).toMatchObject({ status: "sent", recipient: "6281299990001" });
    expect(row!.body).not.toContain(password);
  });

  it("needs a WhatsApp gateway: without one it answers 503 and changes nothing", async () => {
    wa.restore();
    try {
      expect(await resetPassword(t.db, { nidn: "0099887766", no_telepon: "081299990001" })).toEqual({ ok: false, status: 503, message: NO_GATEWAY });
      expect(getUserRow(t.db, userId)!.reset_password_hash).toBeNull();
    } finally {
      wa = fakeWhatsApp();
    }
  });
});

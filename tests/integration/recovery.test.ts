/**
 * Account recovery by NIDN (/lupa-password) on a copy of the seeded database:
 * the lookup masks the phone, a wrong phone changes nothing, the new password reaches the
 * lecturer only through the WhatsApp gateway (the outbox keeps it masked), the old password
 * keeps working until one of them is used (the new one: the old dies and every session and
 * token ends; the old one: the reset is void), a reset expires after 24 hours, the gateway,
 * throttling, and the NIDN field of user management.
 */
import { CLIENT_IP_HEADER } from "../../app/lib/server/throttle.server";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import * as lupaPassword from "~/routes/auth/lupa-password";
import * as notifikasi from "~/routes/operator/notifikasi";
import { cekPass, NO_GATEWAY, resetPassword } from "~/domain/recovery/recovery.server";
import { maskPhone, maskSecretInMessage, normalizePhone } from "~/domain/recovery/recovery.schema";
import { createSession, getSessionUser } from "~/domain/sessions/sessions.server";
import { createUserSchema, updateUserSchema } from "~/domain/users/users.schema";
import {
  authenticate,
  isActiveOperator,
  changeOwnPassword,
  createUser,
  getUserRow,
  RESET_VALID_MS,
  updateUser,
} from "~/domain/users/users.server";
import { admits } from "~/domain/users/login.server";
import { sha256 } from "../../app/lib/server/crypto.server";
import { userContext } from "../../app/http/guard.server";
import { callAction, routeArgs, TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";
import { fakeWhatsApp, type FakeWhatsApp, passwordInMessage } from "../setup/whatsapp";

const NIDN = "0012345678";
const PHONE = "081234567789";
const OLD_PASSWORD = "LamaPass123";

let t: TestDb;
let userId: number;
let wa: FakeWhatsApp;

beforeEach(async () => {
  t = createTestDb();
  wa = fakeWhatsApp();
  const created = await createUser(t.db, {
    username: "dosen1",
    name: "Dr. Sari Dewi",
    email: "sari@example.test",
    no_hp: PHONE,
    password: OLD_PASSWORD,
    status_aktif: "Aktif",
    hak_akses: ["Operator", "Pengusul"],
    nidn: NIDN,
    jabatan_akademik: JSON.stringify(["Lektor"]),
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

function user() {
  const row = getUserRow(t.db, userId);
  if (!row) throw new Error("user gone");
  return row;
}

function outboxRows() {
  return t.db.select().from(schema.notificationOutbox).all();
}

const WA = "6281234567789";

function addApiToken(id: number) {
  t.db.insert(schema.apiTokens)
    .values({ token_hash: sha256(`token-${id}-${Math.random()}`), user_id: id, created_at: new Date(), expires_at: new Date(Date.now() + 86_400_000) })
    .run();
}

function accessCount(id: number) {
  const sessions = t.db.select({ n: count() }).from(schema.sessions).where(eq(schema.sessions.user_id, id)).get()?.n ?? 0;
  const tokens = t.db.select({ n: count() }).from(schema.apiTokens).where(eq(schema.apiTokens.user_id, id)).get()?.n ?? 0;
  return { sessions, tokens };
}

let ipCounter = 0;
/** Each test posts from its own client address, so the per-IP buckets do not mix. */
function freshIp() {
  ipCounter++;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

function post(fields: Record<string, string>, ip = freshIp()) {
  // The Express layer sets this header from the socket (or a trusted proxy); routes read only it.
  return callAction<Record<string, unknown>>(lupaPassword, "/lupa-password", fields, { headers: { [CLIENT_IP_HEADER]: ip } });
}

describe("phone masking", () => {
  it("shows at most the last 3 digits", () => {
    expect(maskPhone("081234567789")).toBe("08*******789");
    expect(maskPhone("6281234567789")).toBe("08*******789");
    expect(maskPhone("+62 812-3456-7789")).toBe("08*******789");
    expect(maskPhone("02112345678")).toBe("********678");
    expect(maskPhone("1234")).toBe("****");
    expect(normalizePhone("+62 812 3456 7789")).toBe("081234567789");
    expect(normalizePhone("81234567789")).toBe("081234567789");
  });
});

describe("cekPass (step 1, POST /api/cekpass)", () => {
  it("answers the name and the masked phone, never the full number", () => {
    const result = cekPass(t.db, "00.1234.5678");
    expect(result).toEqual({ ok: true, data: { nidn: NIDN, nama_sdm: "Dr. Sari Dewi", telepon_hp: "08*******789" } });
    expect(JSON.stringify(result)).not.toContain("234567789");
  });

  it("refuses unknown, short and inactive IDs with the server's message", async () => {
    expect(cekPass(t.db, "9999999999")).toEqual({ ok: false, status: 404, message: "NIDN/NUPTK tidak terdaftar." });
    expect(cekPass(t.db, "123")).toEqual({ ok: false, status: 422, message: "NIDN/NIDK harus minimal 10 digit." });
    t.db.update(schema.users).set({ status_aktif: "Tidak-Aktif" }).where(eq(schema.users.id, userId)).run();
    expect(cekPass(t.db, NIDN)).toMatchObject({ ok: false, status: 404 });
  });

  it("the page: step 2 carries the ID and the masked phone only", async () => {
    const result = await post({ intent: "cek", nidn: "0012-345-678" });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      intent: "cek",
      result: {},
      step: 2,
      person: { nidn: NIDN, nama_sdm: "Dr. Sari Dewi", telepon_hp: "08*******789" },
      no_telepon: "",
    });
    expect(JSON.stringify(result.data)).not.toContain(PHONE.slice(2));
  });

  it("the page: fewer than 10 digits, empty, and unknown IDs", async () => {
    const short = await post({ intent: "cek", nidn: "12ab34" });
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({ step: 1, nidn: "1234", result: { error: { nidn: ["NIDN/NIDK harus minimal 10 digit."] } } });
    const empty = await post({ intent: "cek", nidn: "" });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ step: 1, result: { error: { nidn: ["NIDN/NUPTK wajib diisi."] } } });
    const unknown = await post({ intent: "cek", nidn: "9999999999" });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ step: 1, message: "NIDN/NUPTK tidak terdaftar." });
  });
});

describe("resetPassword (step 2, POST /api/resetpassword)", () => {
  it("a wrong phone number changes nothing", async () => {
    const before = user();
    const result = await resetPassword(t.db, { nidn: NIDN, no_telepon: "081234567780" });
    expect(result).toEqual({ ok: false, status: 422, message: "Nomor telepon tidak sesuai." });
    expect(user()).toEqual(before);
    expect(outboxRows()).toHaveLength(0);

    const page = await post({ intent: "reset", nidn: NIDN, nama_sdm: "Dr. Sari Dewi", telepon_hp: "08*******789", no_telepon: "0899" });
    expect(page.status).toBe(400);
    const wrong = await post({ intent: "reset", nidn: NIDN, nama_sdm: "Dr. Sari Dewi", telepon_hp: "08*******789", no_telepon: "0812 3456 7788" });
    expect(wrong.status).toBe(422);
    expect(wrong.data).toMatchObject({ step: 2, message: "Nomor telepon tidak sesuai." });
    expect(user()).toEqual(before);
    expect(outboxRows()).toHaveLength(0);
  });

  it("without JavaScript 'Kirim Notifikasi' renders the confirmation step, 'Tidak' goes back", async () => {
    const person = { nidn: NIDN, nama_sdm: "Dr. Sari Dewi", telepon_hp: "08*******789" };
    const confirm = await post({ intent: "konfirmasi", ...person, no_telepon: PHONE });
    expect(confirm.data).toEqual({ intent: "konfirmasi", result: {}, step: "confirm", person, no_telepon: PHONE });
    const back = await post({ intent: "batal", ...person, no_telepon: PHONE });
    expect(back.data).toEqual({ intent: "batal", result: {}, step: 2, person, no_telepon: PHONE });
    expect(outboxRows()).toHaveLength(0);
  });

  it("the new password goes out on WhatsApp only; once used, the old one dies and every session and token ends", async () => {
    const oldSession = createSession(t.db, userId);
    addApiToken(userId);
    addApiToken(userId);
    // Another user's access is not touched.
    const other = await createUser(t.db, {
      username: "lain", name: "Lain", email: "lain@example.test", no_hp: "0811111111", password: OLD_PASSWORD,
      status_aktif: "Aktif", hak_akses: ["Operator"], nidn: null, jabatan_akademik: null,
    });
    if (!other.ok) throw new Error(other.message);
    createSession(t.db, other.user.id);
    addApiToken(other.user.id);

    const info = vi.mocked(console.info);
    const page = await post({ intent: "reset", nidn: NIDN, nama_sdm: "x", telepon_hp: "x", no_telepon: "+62 812-3456-7789" });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/login");
    expect(page.headers.get("Set-Cookie")).toContain("etalase_flash=");

    const newPassword = wa.passwordFor(WA);
    expect(newPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{14}$/);
    expect(wa.sent[0]!.message).toContain("Username: dosen1");
    // The outbox keeps the message, with the password masked; the database never holds it.
    const [message] = outboxRows();
    expect(message).toMatchObject({ channel: "whatsapp", recipient: WA, user_id: userId });
    expect(message!.body).toContain("Username: dosen1");
    expect(message!.body).toContain("Password baru: ********");
    expect(JSON.stringify(t.db.$client.prepare("select * from notification_outbox").all())).not.toContain(newPassword);
    // The server log names the user and the outbox row, never the password.
    const logged = info.mock.calls.map((call) => call.join(" ")).join("\n");
    expect(logged).toContain(`reset requested for dosen1, outbox #${message!.id}`);
    expect(logged).not.toContain(newPassword);

    // The new password is used once: it becomes the password, everything else ends.
    expect(getSessionUser(t.db, oldSession.id)).toMatchObject({ id: userId });
    expect(await authenticate(t.db, "dosen1", newPassword, isActiveOperator)).toMatchObject({ id: userId, username: "dosen1" });
    expect(user().reset_password_hash).toBeNull();
    expect(user().reset_requested_at).toBeNull();
    expect(accessCount(userId)).toEqual({ sessions: 0, tokens: 0 });
    expect(getSessionUser(t.db, oldSession.id)).toBeNull();
    expect(accessCount(other.user.id)).toEqual({ sessions: 1, tokens: 1 });
    // A session started now (as the login route does) is valid.
    const fresh = createSession(t.db, userId);
    expect(getSessionUser(t.db, fresh.id)).toMatchObject({ id: userId });

    expect(await authenticate(t.db, "dosen1", OLD_PASSWORD, isActiveOperator)).toBeNull();
    expect(await authenticate(t.db, "dosen1", newPassword, isActiveOperator)).toMatchObject({ id: userId });
  });

  it("a login with the old password cancels the pending reset (a prank reset locks nobody out)", async () => {
    const session = createSession(t.db, userId);
    const result = await resetPassword(t.db, { nidn: NIDN, no_telepon: PHONE });
    if (!result.ok) throw new Error(result.message);
    const newPassword = wa.passwordFor(WA);
    expect(user().reset_password_hash).toBeTruthy();
    expect(await authenticate(t.db, "dosen1", OLD_PASSWORD, isActiveOperator)).toMatchObject({ id: userId });
    expect(user().reset_password_hash).toBeNull();
    expect(getSessionUser(t.db, session.id)).toMatchObject({ id: userId });
    expect(await authenticate(t.db, "dosen1", newPassword, isActiveOperator)).toBeNull();
    expect(await authenticate(t.db, "dosen1", OLD_PASSWORD, isActiveOperator)).toMatchObject({ id: userId });
  });

  it("an unused reset expires after 24 hours", async () => {
    const result = await resetPassword(t.db, { nidn: NIDN, no_telepon: PHONE });
    if (!result.ok) throw new Error(result.message);
    const newPassword = wa.passwordFor(WA);
    const requested = user().reset_requested_at!;
    t.db.update(schema.users)
      .set({ reset_requested_at: new Date(requested.getTime() - RESET_VALID_MS - 1000) })
      .where(eq(schema.users.id, userId))
      .run();
    expect(await authenticate(t.db, "dosen1", newPassword, isActiveOperator)).toBeNull();
    expect(await authenticate(t.db, "dosen1", OLD_PASSWORD, isActiveOperator)).toMatchObject({ id: userId });
  });

  it("a later reset replaces an earlier one; a reset older than a password change is void", async () => {
    const first = await resetPassword(t.db, { nidn: NIDN, no_telepon: PHONE });
    const second = await resetPassword(t.db, { nidn: NIDN, no_telepon: PHONE });
    if (!first.ok || !second.ok) throw new Error("reset failed");
    const [one, two] = wa.sent.map((m) => passwordInMessage(m.message));
    expect(await authenticate(t.db, "dosen1", one!, isActiveOperator)).toBeNull();

    // The user changes the password (e.g. remembered the old one): the pending reset dies.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await changeOwnPassword(t.db, userId, OLD_PASSWORD, "BaruSekali99", "local")).toEqual({ ok: true });
    expect(await authenticate(t.db, "dosen1", two!, isActiveOperator)).toBeNull();
    expect(await authenticate(t.db, "dosen1", "BaruSekali99", isActiveOperator)).toMatchObject({ id: userId });
  });

  it("a reset password opens only the doors the account has: a lecturer's the web login, not the API", async () => {
    t.db.update(schema.users).set({ hak_akses: JSON.stringify(["Pengusul"]) }).where(eq(schema.users.id, userId)).run();
    const result = await resetPassword(t.db, { nidn: NIDN, no_telepon: PHONE });
    if (!result.ok) throw new Error(result.message);
    const password = wa.passwordFor(WA);
    expect(await authenticate(t.db, "dosen1", password, admits(t.db, "api"))).toBeNull();
    expect(user().reset_password_hash).toBeTruthy();
    // With the LPPM module off, a lecturer has no door at all.
    t.db.update(schema.setting).set({ modul_lppm: false }).run();
    expect(await authenticate(t.db, "dosen1", password, admits(t.db, "web"))).toBeNull();
    t.db.update(schema.setting).set({ modul_lppm: true }).run();
    expect(await authenticate(t.db, "dosen1", password, admits(t.db, "web"))).toMatchObject({ id: userId });
    expect(user().reset_password_hash).toBeNull();
  });

  it("without a WhatsApp gateway the page says so and nothing changes", async () => {
    wa.restore();
    try {
      const before = user();
      const page = await post({ intent: "reset", nidn: NIDN, nama_sdm: "x", telepon_hp: "x", no_telepon: PHONE });
      expect(page.status).toBe(503);
      expect(page.data).toMatchObject({ step: 2, message: NO_GATEWAY });
      expect(user()).toEqual(before);
      expect(outboxRows()).toHaveLength(0);
    } finally {
      wa = fakeWhatsApp();
    }
  });
});

describe("WhatsApp gateway", () => {
  it("posts {to, message} with the bearer token and retries until it is delivered", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      if (calls.length < 3) return new Response("busy", { status: 503 });
      return new Response("{}", { status: 200 });
    });
    const result = await resetPassword(
      t.db,
      { nidn: NIDN, no_telepon: PHONE },
      { url: "https://wa.example.test/send", token: "rahasia", fetch: fetchMock as typeof fetch, sleep: async () => {} },
    );
    if (!result.ok) throw new Error(result.message);
    await expect(result.delivery).resolves.toEqual({ status: "sent", attempts: 3, error: null });
    expect(calls).toHaveLength(3);
    expect(calls[0]!.url).toBe("https://wa.example.test/send");
    expect(new Headers(calls[0]!.init.headers).get("Authorization")).toBe("Bearer rahasia");
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    const body = JSON.parse(String(calls[0]!.init.body)) as { to: string; message: string };
    expect(body.to).toBe("6281234567789");
    expect(body.message).toContain("Username: dosen1");
    expect(outboxRows()[0]).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(outboxRows()[0]!.sent_at).toBeInstanceOf(Date);
  });

  it("a gateway that keeps failing leaves the message in the outbox as failed, with the error", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    const result = await resetPassword(
      t.db,
      { nidn: NIDN, no_telepon: PHONE },
      { url: "https://wa.example.test/send", fetch: fetchMock as typeof fetch, sleep: async () => {} },
    );
    if (!result.ok) throw new Error(result.message);
    await expect(result.delivery).resolves.toMatchObject({ status: "failed", attempts: 3, error: "fetch failed" });
    expect(outboxRows()[0]).toMatchObject({ status: "failed", attempts: 3, last_error: "fetch failed" });
    // The reset itself stands: the password can still be delivered by other means.
    expect(user().reset_password_hash).toBeTruthy();
  });

  it("times out a silent gateway after the given time", async () => {
    const hang = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await resetPassword(
      t.db,
      { nidn: NIDN, no_telepon: PHONE },
      { url: "https://wa.example.test/send", fetch: hang as typeof fetch, sleep: async () => {}, attempts: 2, timeoutMs: 20 },
    );
    if (!result.ok) throw new Error(result.message);
    const outcome = await result.delivery;
    expect(outcome).toMatchObject({ status: "failed", attempts: 2 });
    expect(outcome.error).toContain("Waktu habis");
  });
});

describe("throttling", () => {
  it("limits lookups per client address (10 per 15 minutes)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const result = await post({ intent: "cek", nidn: `77777777${String(i).padStart(2, "0")}` }, ip);
      expect(result.status).toBe(404);
    }
    const blocked = await post({ intent: "cek", nidn: NIDN }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(blocked.data).toMatchObject({ step: 1, message: expect.stringMatching(/^Terlalu banyak permintaan\. Silakan coba lagi dalam \d+ menit\.$/) });
    // Another address is not affected.
    expect((await post({ intent: "cek", nidn: NIDN })).status).toBe(200);
  });

  it("limits lookups and resets per ID (5 per hour), whatever the address", async () => {
    for (let i = 0; i < 5; i++) expect((await post({ intent: "cek", nidn: NIDN })).status).toBe(200);
    expect((await post({ intent: "cek", nidn: NIDN })).status).toBe(429);

    const person = { nidn: NIDN, nama_sdm: "Dr. Sari Dewi", telepon_hp: "08*******789" };
    for (let i = 0; i < 5; i++) {
      expect((await post({ intent: "reset", ...person, no_telepon: "0800000000" })).status).toBe(422);
    }
    const blocked = await post({ intent: "reset", ...person, no_telepon: PHONE });
    expect(blocked.status).toBe(429);
    expect(outboxRows()).toHaveLength(0);
    expect(user().reset_password_hash).toBeNull();
  });
});

describe("the Notifikasi page", () => {
  it("lists the outbox with the password masked", async () => {
    const result = await resetPassword(t.db, { nidn: NIDN, no_telepon: PHONE });
    if (!result.ok) throw new Error(result.message);
    await result.delivery;
    const password = wa.passwordFor(WA);
    const request = new Request(`${TEST_ORIGIN}/operator/notifikasi`);
    const operator = { id: 1, username: "operator", name: "Operator", email: "", no_hp: "", roles: ["Operator" as const], jabatan_akademik: null };
    const response = (await notifikasi.loader(
      routeArgs(request, {}, (context) => context.set(userContext, operator)),
    )) as unknown as { data: { list: { rows: { body: string; status: string; recipient: string; username: string | null; waktu: string }[]; total: number }; whatsapp: string | null } };
    const { list, whatsapp } = response.data;
    expect(whatsapp).toBe("gateway (webhook)");
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ status: "sent", recipient: "6281234567789", username: "dosen1" });
    expect(list.rows[0]!.body).toContain("Password baru: ********");
    expect(JSON.stringify(list)).not.toContain(password);
    expect(maskSecretInMessage("a\nPassword baru: X1y2\nb")).toBe("a\nPassword baru: ********\nb");
  });
});

describe("NIDN in user management", () => {
  const base = { name: "B", email: "b@example.test", status_aktif: "Aktif", hak_akses: "Pengusul" };

  it("is optional, digits only and at least 10 digits", () => {
    const ok = createUserSchema.safeParse({ ...base, username: "b", password: "Rahasia123", no_hp: "0812345678", nidn: "0011 2233 44" });
    expect(ok.success && ok.data.nidn).toBe("0011223344");
    const none = createUserSchema.safeParse({ ...base, username: "b", password: "Rahasia123", no_hp: "0812345678" });
    expect(none.success && none.data.nidn).toBeUndefined();
    const short = updateUserSchema.safeParse({ ...base, nidn: "12345" });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe("NIDN/NIDK harus minimal 10 digit.");
    const letters = updateUserSchema.safeParse({ ...base, nidn: "12345abcde" });
    expect(letters.success).toBe(false);
    const jabatan = updateUserSchema.safeParse({ ...base, jabatan_akademik: "Lektor, Asisten Ahli ," });
    expect(jabatan.success && jabatan.data.jabatan_akademik).toBe(JSON.stringify(["Lektor", "Asisten Ahli"]));
  });

  it("is unique ('NIDN sudah digunakan.'), kept when not sent, cleared with null", async () => {
    const input = {
      username: "dosen2", name: "Dosen Dua", email: "d2@example.test", no_hp: "0813333333", password: "Rahasia123",
      status_aktif: "Aktif" as const, hak_akses: ["Pengusul" as const], nidn: NIDN, jabatan_akademik: null,
    };
    expect(await createUser(t.db, input)).toEqual({ ok: false, status: 409, message: "NIDN sudah digunakan.", field: "nidn" });
    const created = await createUser(t.db, { ...input, nidn: "0099887766" });
    if (!created.ok) throw new Error(created.message);
    const update = { name: "Dosen Dua", email: "d2@example.test", no_hp: "", password: "", status_aktif: "Aktif" as const, hak_akses: ["Pengusul" as const] };
    expect(await updateUser(t.db, created.user.id, { ...update, nidn: NIDN, jabatan_akademik: undefined }, userId)).toMatchObject({
      ok: false, status: 409, message: "NIDN sudah digunakan.",
    });
    const kept = await updateUser(t.db, created.user.id, { ...update, nidn: undefined, jabatan_akademik: undefined }, userId);
    expect(kept).toMatchObject({ ok: true, user: { nidn: "0099887766" } });
    const cleared = await updateUser(t.db, created.user.id, { ...update, nidn: null, jabatan_akademik: '["Lektor"]' }, userId);
    expect(cleared).toMatchObject({ ok: true, user: { nidn: null, jabatan_akademik: '["Lektor"]' } });
  });
});

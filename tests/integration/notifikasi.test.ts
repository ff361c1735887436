/**
 * Notifications through their screens, as React Router runs them behind the areas' guards:
 * a real transition fills the next actor's and the proposer's inboxes; the header's count; the
 * inbox page ('Buka' marks read and goes where they act, only their own items; 'Tandai semua
 * dibaca'; 'Saluran notifikasi'); and the Operator's Notifikasi page (filters, 'Kirim ulang',
 * refusals). Anonymous and wrong-role requests are refused here and, for every route, by the
 * guard tests (lppm-guard, operator-guard).
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import { usulanTransition } from "~/domain/lppm/usulan/transition.server";
import { NO_PHONE } from "~/domain/notifications/notifications.schema";
import { RESEND_INBOX, RESEND_SECRET } from "~/domain/notifications/outbox.server";
import { EMAIL_OFF_SERVER, PHONE_MISSING } from "~/domain/notifications/inbox.server";
import { resetEnvCache } from "~/lib/server/env.server";
import { ALL_READ, CHANNELS_SAVED } from "~/routes/akun/kotak-masuk";
import { RESENT } from "~/routes/operator/notifikasi";
import { routedModule } from "../setup/app-routes";
import { visitArea } from "../setup/area";
import { flashOf } from "../setup/operator-helpers";
import { addScoredUsulan, areaRequest, penetapanWorld, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { createTestDb, type TestDb } from "../setup/test-db";
import { fakeWhatsApp } from "../setup/whatsapp";

let t: TestDb;
let w: PenetapanWorld;
let usulanId: number;

beforeEach(async () => {
  t = createTestDb();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  w = await penetapanWorld(t.db);
  usulanId = addScoredUsulan(t.db, w, { judul: "Pengering Kayu Jati", status: "DIAJUKAN" });
});
afterEach(() => {
  vi.restoreAllMocks();
  t.cleanup();
});

type InboxRow = { id: number; subject: string; body: string; link: string | null; dibaca: boolean };
type InboxData = { list: { rows: InboxRow[]; total: number }; saluran: { email: { unavailable: string | null; chosen: boolean }; whatsapp: { unavailable: string | null; chosen: boolean } } };

const inbox = async (who: Person, area = "/pengusul") => (await areaRequest(routedModule, `${area}/kotak-masuk`, who)).data as InboxData;
const post = (who: Person, fields: Record<string, string>, area = "/pengusul") => areaRequest(routedModule, `${area}/kotak-masuk`, who, { form: fields });
const unread = async (who: Person, area: string) => ((await visitArea(`${area}/dashboard`, who.cookie, { loader: () => null })).layout as { unread: number }).unread;
const inboxRows = (userId: number) =>
  t.db.select().from(schema.notificationOutbox).where(and(eq(schema.notificationOutbox.user_id, userId), eq(schema.notificationOutbox.channel, "inbox"))).all();

/** The verifier approves the proposal: the ketua and the operator are told. */
function approve() {
  const result = usulanTransition(t.db, { id: w.people.verifikator.id, name: w.people.verifikator.name, roles: w.people.verifikator.roles }, usulanId, "DISETUJUI_FAKULTAS", { note: "Lengkap." });
  expect(result).toMatchObject({ ok: true });
}

describe("the inbox", () => {
  it("a transition shows in the next actor's and the proposer's header count and inbox, linked to where each acts", async () => {
    expect(await unread(w.people.pengusul, "/pengusul")).toBe(0);
    approve();
    expect(await unread(w.people.pengusul, "/pengusul")).toBe(1);
    expect(await unread(w.people.operator, "/operator")).toBe(1);
    // The verifier who acted is not told of their own move.
    expect(await unread(w.people.verifikator, "/operatorfakultas")).toBe(0);

    const ketua = await inbox(w.people.pengusul);
    expect(ketua.list.total).toBe(1);
    expect(ketua.list.rows[0]).toMatchObject({
      subject: "Usulan: Disetujui Fakultas",
      body: 'Usulan "Pengering Kayu Jati" kini berstatus Disetujui Fakultas.\n\nCatatan: Lengkap.',
      link: `/pengusul/usulan/${usulanId}`,
      dibaca: false,
    });
    const operator = await inbox(w.people.operator, "/operator");
    expect(operator.list.rows[0]).toMatchObject({ subject: "Usulan: Disetujui Fakultas", link: `/operator/lppm/penugasan-reviewer?lihat=${usulanId}` });
  });

  it("lists newest first, paged like the back office's tables", async () => {
    for (let i = 1; i <= 12; i++) {
      t.db.insert(schema.notificationOutbox).values({ channel: "inbox", recipient: "x", user_id: w.people.pengusul.id, subject: `Pesan ${i}`, body: "Isi", status: "sent" }).run();
    }
    const first = await inbox(w.people.pengusul);
    expect(first.list.total).toBe(12);
    expect(first.list.rows.map((r) => r.subject)).toEqual(["Pesan 12", "Pesan 11", "Pesan 10", "Pesan 9", "Pesan 8", "Pesan 7", "Pesan 6", "Pesan 5", "Pesan 4", "Pesan 3"]);
    const second = (await areaRequest(routedModule, "/pengusul/kotak-masuk?page=2&size=10", w.people.pengusul)).data as InboxData;
    expect(second.list.rows.map((r) => r.subject)).toEqual(["Pesan 2", "Pesan 1"]);
  });

  it("'Buka' marks the item read and goes to its page; someone else's item is 404 and changes nothing", async () => {
    approve();
    const [item] = inboxRows(w.people.pengusul.id);
    const [theirs] = inboxRows(w.people.operator.id);
    // The operator cannot open (or mark) the ketua's item, from any area.
    const refused = await post(w.people.operator, { intent: "buka", id: String(item!.id) }, "/operator");
    expect(refused.status).toBe(404);
    expect(inboxRows(w.people.pengusul.id)[0]!.read_at).toBeNull();

    const opened = await post(w.people.pengusul, { intent: "buka", id: String(item!.id) });
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(`/pengusul/usulan/${usulanId}`);
    expect(inboxRows(w.people.pengusul.id)[0]!.read_at).toBeInstanceOf(Date);
    expect(await unread(w.people.pengusul, "/pengusul")).toBe(0);
    expect((await inbox(w.people.pengusul)).list.rows[0]!.dibaca).toBe(true);
    // Opening it again still goes there; the first reading time stays.
    const readAt = inboxRows(w.people.pengusul.id)[0]!.read_at;
    expect((await post(w.people.pengusul, { intent: "buka", id: String(item!.id) })).location).toBe(`/pengusul/usulan/${usulanId}`);
    expect(inboxRows(w.people.pengusul.id)[0]!.read_at).toEqual(readAt);
    // The operator's own item is untouched.
    expect(inboxRows(w.people.operator.id)[0]!.id).toBe(theirs!.id);
    expect(inboxRows(w.people.operator.id)[0]!.read_at).toBeNull();
    // No id, an unknown intent: refused.
    expect((await post(w.people.pengusul, { intent: "buka" })).status).toBe(400);
    expect((await post(w.people.pengusul, { intent: "hapus", id: String(item!.id) })).status).toBe(400);
  });

  it("'Tandai semua dibaca' marks only the user's items", async () => {
    approve();
    t.db.insert(schema.notificationOutbox).values({ channel: "inbox", recipient: "x", user_id: w.people.pengusul.id, subject: "Lain", body: "Isi", status: "sent" }).run();
    expect(await unread(w.people.pengusul, "/pengusul")).toBe(2);
    const done = await post(w.people.pengusul, { intent: "tandai-semua" });
    expect(done.status).toBe(302);
    expect(await flashOf(done)).toMatchObject({ kind: "success", message: ALL_READ });
    expect(await unread(w.people.pengusul, "/pengusul")).toBe(0);
    expect(await unread(w.people.operator, "/operator")).toBe(1);
  });

  it("anonymous: to the login page; another role's area: 404", async () => {
    const anonymous = await areaRequest(routedModule, "/pengusul/kotak-masuk", null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent("/pengusul/kotak-masuk")}`);
    expect((await areaRequest(routedModule, "/reviewer/kotak-masuk", w.people.pengusul)).status).toBe(404);
    expect((await post(w.people.pengusul, { intent: "tandai-semua" }, "/operator")).status).toBe(404);
  });
});

describe("Saluran notifikasi", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ["WA_GATEWAY_URL", "SMTP_URL", "MAIL_FROM"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvCache();
  });

  it("says why a channel cannot be used; the choice is stored; a user without a phone is recorded as skipped, not silently", async () => {
    const wa = fakeWhatsApp();
    t.db.update(schema.users).set({ no_hp: "" }).where(eq(schema.users.id, w.people.pengusul.id)).run();
    const page = await inbox(w.people.pengusul);
    expect(page.saluran.email).toMatchObject({ chosen: true, unavailable: EMAIL_OFF_SERVER });
    expect(page.saluran.whatsapp).toMatchObject({ chosen: true, unavailable: PHONE_MISSING });

    // The transition records the skipped WhatsApp message with its reason for the operator.
    t.db.update(schema.setting).set({ nama_lppm: "LPPM Universitas Contoh" }).run();
    approve();
    // The operator, who has a number, gets it signed with the institute's name (not the shop's).
    const toOperator = t.db.select().from(schema.notificationOutbox).where(and(eq(schema.notificationOutbox.user_id, w.people.operator.id), eq(schema.notificationOutbox.channel, "whatsapp"))).get()!;
    expect(toOperator.body).toBe(`*LPPM Universitas Contoh*\nUsulan: Disetujui Fakultas\n\nUsulan "Pengering Kayu Jati" kini berstatus Disetujui Fakultas.\n\nCatatan: Lengkap.`);
    const skipped = t.db.select().from(schema.notificationOutbox).where(and(eq(schema.notificationOutbox.user_id, w.people.pengusul.id), eq(schema.notificationOutbox.channel, "whatsapp"))).get();
    expect(skipped).toMatchObject({ status: "skipped", last_error: NO_PHONE });

    // Switched off, WhatsApp is not written for them at all.
    const saved = await post(w.people.pengusul, { intent: "simpan-saluran", email: "1" });
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toMatchObject({ message: CHANNELS_SAVED });
    expect(t.db.select().from(schema.notificationPreference).where(eq(schema.notificationPreference.user_id, w.people.pengusul.id)).get()).toMatchObject({ email: true, whatsapp: false });
    expect((await inbox(w.people.pengusul)).saluran.whatsapp.chosen).toBe(false);
    wa.restore();
  });
});

describe("the Operator's Notifikasi page", () => {
  const page = (query = "") => areaRequest(routedModule, `/operator/notifikasi${query}`, w.people.operator);
  const resend = (id: number, who: Person = w.people.operator) => areaRequest(routedModule, "/operator/notifikasi", who, { form: { intent: "kirim-ulang", id: String(id) } });
  const add = (values: Partial<typeof schema.notificationOutbox.$inferInsert>) =>
    t.db.insert(schema.notificationOutbox).values({ channel: "whatsapp", recipient: "6281200000000", user_id: w.people.pengusul.id, subject: "S", body: "B", status: "failed", ...values }).returning().get().id;
  type Rows = { list: { total: number; rows: { id: number; channel: string; status: string; last_error: string | null; bisaUlang: boolean }[] } };

  it("shows every channel, filtered by channel and status, with the error", async () => {
    approve();
    const failed = add({ last_error: "Fonnte menolak: token invalid", attempts: 6 });
    add({ channel: "email", recipient: "", status: "skipped", last_error: "Alamat e-mail pengguna belum diisi atau tidak valid." });
    // The approval told the ketua and every active operator (the seeded one too), in their inboxes.
    const told = t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.channel, "inbox")).all().length;
    expect(told).toBeGreaterThanOrEqual(2);
    const all = (await page()).data as Rows;
    expect(all.list.total).toBe(told + 2);
    const whatsappFailed = (await page("?kanal=whatsapp&status=failed")).data as Rows;
    expect(whatsappFailed.list.rows).toEqual([expect.objectContaining({ id: failed, channel: "whatsapp", status: "failed", last_error: "Fonnte menolak: token invalid", bisaUlang: true })]);
    const inboxOnly = (await page("?kanal=inbox")).data as Rows;
    expect(inboxOnly.list.rows.map((r) => r.channel)).toEqual(Array.from({ length: told }, () => "inbox"));
    expect(inboxOnly.list.rows.every((r) => !r.bisaUlang)).toBe(true);
    // An unknown filter is no filter.
    expect(((await page("?kanal=fax&status=x")).data as Rows).list.total).toBe(told + 2);
  });

  it("'Kirim ulang' puts a failed message back in the queue now; a reset or an inbox item is refused; not for other roles", async () => {
    const wa = fakeWhatsApp();
    try {
      const failed = add({ last_error: "Gateway menjawab HTTP 503", attempts: 6, body: "*LPPM*\nPesan yang gagal" });
      const done = await resend(failed);
      expect(done.status).toBe(302);
      expect(await flashOf(done)).toMatchObject({ kind: "success", message: RESENT });
      // Sent again at once, counted afresh.
      await vi.waitFor(() => expect(t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.id, failed)).get()).toMatchObject({ status: "sent", attempts: 1, last_error: null }));
      expect(wa.sent).toEqual([{ to: "6281200000000", message: "*LPPM*\nPesan yang gagal" }]);
    } finally {
      wa.restore();
    }

    const secret = add({ secret: true, subject: "Reset Password" });
    const refused = await resend(secret);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain(RESEND_SECRET);
    expect(t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.id, secret)).get()!.status).toBe("failed");

    const inboxItem = add({ channel: "inbox", status: "sent" });
    const refusedInbox = await resend(inboxItem);
    expect(refusedInbox.status).toBe(409);
    expect(JSON.stringify(refusedInbox.data)).toContain(RESEND_INBOX);

    // A skipped WhatsApp message goes out once the user has a number, to that number.
    t.db.update(schema.users).set({ no_hp: "" }).where(eq(schema.users.id, w.people.pengusul.id)).run();
    const skipped = add({ status: "skipped", recipient: "", last_error: NO_PHONE });
    expect((await resend(skipped)).status).toBe(422);
    t.db.update(schema.users).set({ no_hp: "0813 1111 2222" }).where(eq(schema.users.id, w.people.pengusul.id)).run();
    expect((await resend(skipped)).status).toBe(302);
    expect(t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.id, skipped)).get()!.recipient).toBe("6281311112222");

    // A lecturer cannot: the operator area is not theirs.
    const other = add({});
    expect((await resend(other, w.people.pengusul)).status).toBe(404);
    expect(t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.id, other)).get()!.status).toBe("failed");
    expect((await areaRequest(routedModule, "/operator/notifikasi", null, { form: { intent: "kirim-ulang", id: String(other) } })).status).toBe(302);
  });
});

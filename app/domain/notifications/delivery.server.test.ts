import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationOutbox } from "../../../db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addUser } from "../../../tests/setup/data";
import { claim, deliverDue, deliverRows, deliveryWorker, LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS, type Channels } from "~/domain/notifications/delivery.server";
import type { Outgoing, SendResult } from "~/domain/notifications/whatsapp.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  t.cleanup();
});

const T0 = new Date("2026-11-30T03:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A transport that answers from a script and records what it was given. */
function fakeChannel(answers: (SendResult | "hang")[]) {
  const sent: Outgoing[] = [];
  let release: () => void = () => {};
  const send = vi.fn(async (message: Outgoing): Promise<SendResult> => {
    sent.push(message);
    const answer = answers.shift() ?? { ok: true };
    if (answer === "hang") {
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true };
    }
    return answer;
  });
  return { send, sent, release: () => release() };
}

async function whatsappRow(over: Partial<typeof notificationOutbox.$inferInsert> = {}): Promise<number> {
  const user = await addUser(t.db, ["Pengusul"], { name: "Penerima" });
  return t.db
    .insert(notificationOutbox)
    .values({ channel: "whatsapp", recipient: "6281200000001", user_id: user.id, subject: "Usulan: Diajukan", body: "*LPPM*\nUsulan: Diajukan", status: "pending", next_attempt_at: T0, created_at: T0, ...over })
    .returning()
    .get().id;
}

const row = (id: number) => t.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)).get()!;
const FAIL: SendResult = { ok: false, error: "Gateway menjawab HTTP 503", permanent: false };

describe("the delivery queue", () => {
  it("sends a due row once and marks it sent; a sent row is never due again", async () => {
    const id = await whatsappRow();
    const wa = fakeChannel([{ ok: true }]);
    const channels: Channels = { whatsapp: wa };
    expect(await deliverDue(t.db, { channels, now: T0, clock: () => T0 })).toBe(1);
    expect(row(id)).toMatchObject({ status: "sent", attempts: 1, last_error: null, next_attempt_at: null, sent_at: T0 });
    expect(wa.sent).toEqual([{ to: "6281200000001", subject: "Usulan: Diajukan", text: "*LPPM*\nUsulan: Diajukan" }]);
    // Later runs, and the row's id handed over again, find nothing to send.
    expect(await deliverDue(t.db, { channels, now: at(24 * 3600_000) })).toBe(0);
    expect(await deliverRows(t.db, [id], { channels, now: at(24 * 3600_000) })).toEqual([]);
    expect(wa.send).toHaveBeenCalledTimes(1);
  });

  it("retries a failing row after 1 min, 5 min, 30 min, 2 h and 6 h, then gives up as failed", async () => {
    const id = await whatsappRow();
    const wa = fakeChannel(Array.from({ length: 10 }, () => FAIL));
    const channels: Channels = { whatsapp: wa };
    let now = T0;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Not due a moment before its time.
      if (attempt > 1) expect(await deliverDue(t.db, { channels, now: new Date(now.getTime() - 1), clock: () => now })).toBe(0);
      await deliverDue(t.db, { channels, now, clock: () => now });
      const after = row(id);
      expect(after.attempts).toBe(attempt);
      expect(after.last_error).toBe("Gateway menjawab HTTP 503");
      if (attempt < MAX_ATTEMPTS) {
        expect(after.status).toBe("pending");
        waits.push(after.next_attempt_at!.getTime() - now.getTime());
        now = after.next_attempt_at!;
      } else {
        expect(after).toMatchObject({ status: "failed", next_attempt_at: null });
      }
    }
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(wa.send).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    // Failed is final: nothing sends it again by itself.
    expect(await deliverDue(t.db, { channels, now: at(30 * 24 * 3600_000) })).toBe(0);
  });

  it("a refusal for good (a 4xx, a wrong number) fails at once without retries", async () => {
    const id = await whatsappRow();
    await deliverDue(t.db, { channels: { whatsapp: fakeChannel([{ ok: false, error: "Gateway menjawab HTTP 400", permanent: true }]) }, now: T0 });
    expect(row(id)).toMatchObject({ status: "failed", attempts: 1, last_error: "Gateway menjawab HTTP 400" });
  });

  it("a row of a channel the server does not configure waits untouched until it is configured", async () => {
    const id = await whatsappRow({ channel: "email", recipient: "budi@kampus.ac.id" });
    const before = row(id);
    expect(await deliverDue(t.db, { channels: { whatsapp: fakeChannel([]) }, now: at(3600_000) })).toBe(0);
    expect(await deliverRows(t.db, [id], { channels: {}, now: at(3600_000) })).toEqual([]);
    expect(row(id)).toEqual(before);
    const email = fakeChannel([{ ok: true }]);
    expect(await deliverDue(t.db, { channels: { email }, now: at(3600_000) })).toBe(1);
    expect(email.sent.map((m) => m.to)).toEqual(["budi@kampus.ac.id"]);
  });

  it("a claimed row is not sent again by a restarted process while its lease holds, nor by a second worker at the same time", async () => {
    const id = await whatsappRow();
    // The first process claims the row and dies before it could send or record anything.
    expect(claim(t.db, id, T0)).toMatchObject({ status: "sending", attempts: 1 });
    const wa = fakeChannel([]);
    // The restarted process's worker runs while the claim still holds: nothing is sent.
    expect(await deliveryWorker(() => t.db, { channels: { whatsapp: wa } })(at(LEASE_MS - 1))).toBe(0);
    expect(wa.send).not.toHaveBeenCalled();
    expect(row(id).status).toBe("sending");
    // Once the lease has lapsed the row is due again, as one more attempt, and goes out once.
    expect(await deliverDue(t.db, { channels: { whatsapp: wa }, now: at(LEASE_MS) })).toBe(1);
    expect(row(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(wa.send).toHaveBeenCalledTimes(1);
  });

  it("two senders racing for the same row: only the one whose claim lands sends", async () => {
    const id = await whatsappRow();
    const wa = fakeChannel(["hang"]);
    const channels: Channels = { whatsapp: wa };
    const first = deliverRows(t.db, [id], { channels, now: T0 });
    // The first is still sending; the timer's run and the same ids handed over again find it taken.
    expect(await deliverDue(t.db, { channels, now: at(1000) })).toBe(0);
    expect(await deliverRows(t.db, [id], { channels, now: at(1000) })).toEqual([]);
    wa.release();
    expect(await first).toEqual(["sent"]);
    expect(wa.send).toHaveBeenCalledTimes(1);
  });

  it("never claims a password-reset row: its text was never stored", async () => {
    const id = await whatsappRow({ secret: true });
    const wa = fakeChannel([]);
    expect(await deliverDue(t.db, { channels: { whatsapp: wa }, now: at(3600_000) })).toBe(0);
    expect(claim(t.db, id, at(3600_000))).toBeUndefined();
    expect(wa.send).not.toHaveBeenCalled();
  });

  it("the worker lets a run pass while the previous one is still sending", async () => {
    await whatsappRow();
    const wa = fakeChannel(["hang"]);
    const run = deliveryWorker(() => t.db, { channels: { whatsapp: wa } });
    const first = run(T0);
    expect(await run(at(30_000))).toBe(0);
    wa.release();
    expect(await first).toBe(1);
  });
});

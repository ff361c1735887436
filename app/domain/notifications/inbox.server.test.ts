import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notificationOutbox } from "../../../db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addUser } from "../../../tests/setup/data";
import { markAllRead, openInboxItem, unreadCount, unreadQuery } from "~/domain/notifications/inbox.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

describe("the header's unread count", () => {
  it("is one search of the partial unread index, which holds only unread items (no table scan)", () => {
    const { sql, params } = unreadQuery(t.db).toSQL();
    const plan = t.db.$client
      .prepare(`explain query plan ${sql}`)
      .all(...params.map(() => 1))
      .map((row) => (row as { detail: string }).detail);
    expect(plan).toEqual(["SEARCH notification_outbox USING INDEX notification_outbox_unread_idx (user_id=?)"]);
  });

  it("counts the user's unread inbox items only", async () => {
    const a = await addUser(t.db, ["Pengusul"]);
    const b = await addUser(t.db, ["Pengusul"]);
    const add = (userId: number, over: Partial<typeof notificationOutbox.$inferInsert> = {}) =>
      t.db.insert(notificationOutbox).values({ channel: "inbox", recipient: "x", user_id: userId, subject: "S", body: "B", status: "sent", ...over }).returning().get().id;
    const first = add(a.id);
    add(a.id);
    add(a.id, { channel: "whatsapp", status: "pending" });
    add(b.id);
    expect(unreadCount(t.db, a.id)).toBe(2);
    expect(openInboxItem(t.db, b.id, first)).toBeNull();
    expect(unreadCount(t.db, a.id)).toBe(2);
    expect(openInboxItem(t.db, a.id, first)).toEqual({ link: null });
    expect(unreadCount(t.db, a.id)).toBe(1);
    expect(markAllRead(t.db, a.id)).toBe(1);
    expect(unreadCount(t.db, a.id)).toBe(0);
    expect(unreadCount(t.db, b.id)).toBe(1);
  });
});

/**
 * E-mail end to end against a real SMTP server on 127.0.0.1 (smtp-server, with AUTH and no TLS):
 * a notification is queued as the LPPM queues it, the queue sends it, and what arrives is parsed
 * (mailparser) — subject, sender, text, HTML and the link to the page.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationOutbox } from "../../../db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addUser } from "../../../tests/setup/data";
import { resetEnvCache } from "~/lib/server/env.server";
import { queueMessages } from "~/domain/notifications/outbox.server";
import { deliverRows } from "~/domain/notifications/delivery.server";
import { NO_EMAIL } from "~/domain/notifications/notifications.schema";

const ENV = ["SMTP_URL", "MAIL_FROM", "SITE_URL", "WA_GATEWAY_URL", "WA_PROVIDER"] as const;

let t: TestDb;
let smtp: SMTPServer;
let received: ParsedMail[];
let logins: { username: string; password: string }[];
let saved: Record<string, string | undefined>;

beforeEach(async () => {
  t = createTestDb();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  received = [];
  logins = [];
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? "", password: auth.password ?? "" });
      if (auth.username === "lppm" && auth.password === "rahasia") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      // A mailbox that does not exist: a permanent 550, as a real server answers.
      if (address.address.startsWith("tidakada@")) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  saved = Object.fromEntries(ENV.map((key) => [key, process.env[key]]));
  Object.assign(process.env, {
    SMTP_URL: `smtp://lppm:rahasia@127.0.0.1:${port}`,
    MAIL_FROM: "LPPM Universitas Contoh <lppm@kampus.example>",
    SITE_URL: "https://lppm.kampus.example",
  });
  delete process.env.WA_GATEWAY_URL;
  delete process.env.WA_PROVIDER;
  resetEnvCache();
});

afterEach(async () => {
  for (const key of ENV) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  t.cleanup();
});

const rowsOf = (userId: number) => t.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, userId)).orderBy(notificationOutbox.id).all();

function queue(userId: number) {
  return t.db.transaction((tx) =>
    queueMessages(tx, [
      {
        userId,
        subject: "Usulan: Diajukan",
        body: 'Usulan "Pengering Kayu Jati" kini berstatus Diajukan.',
        link: "/operatorfakultas/persetujuan-usulan/usulan-reguler?lihat=7",
        sender: "LPPM Universitas Contoh",
      },
    ]),
  );
}

describe("e-mail", () => {
  it("arrives through the SMTP server with an Indonesian subject, the text, an HTML part, the link and the sender", async () => {
    const user = await addUser(t.db, ["Verifikator-Fakultas"], { name: "Dr. Rina Verifikator", email: "rina@kampus.example" });
    const ids = queue(user.id);
    expect(ids).toHaveLength(1);
    expect(await deliverRows(t.db, ids)).toEqual(["sent"]);

    expect(logins).toEqual([{ username: "lppm", password: "rahasia" }]);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.subject).toBe("Usulan: Diajukan — LPPM Universitas Contoh");
    expect(mail.from?.value).toEqual([{ address: "lppm@kampus.example", name: "LPPM Universitas Contoh" }]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address).toBe("rina@kampus.example");
    const link = "https://lppm.kampus.example/operatorfakultas/persetujuan-usulan/usulan-reguler?lihat=7";
    expect(mail.text?.trim()).toBe(
      ["Yth. Dr. Rina Verifikator,", "", 'Usulan "Pengering Kayu Jati" kini berstatus Diajukan.', "", `Buka halaman: ${link}`, "", "Salam,", "LPPM Universitas Contoh"].join("\n"),
    );
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).toContain("Usulan &quot;Pengering Kayu Jati&quot; kini berstatus Diajukan.");

    // The inbox row and the sent e-mail row.
    expect(rowsOf(user.id).map((r) => [r.channel, r.status, r.recipient])).toEqual([
      ["inbox", "sent", user.username],
      ["email", "sent", "rina@kampus.example"],
    ]);
  });

  it("a mailbox the server refuses (550) fails at once with the server's answer; a user without an address is skipped with the reason", async () => {
    const refused = await addUser(t.db, ["Pengusul"], { email: "tidakada@kampus.example" });
    await deliverRows(t.db, queue(refused.id));
    const failed = rowsOf(refused.id).find((r) => r.channel === "email")!;
    expect(failed).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null });
    expect(failed.last_error).toMatch(/^E-mail gagal: .*Mailbox unavailable/);
    expect(received).toHaveLength(0);

    const none = await addUser(t.db, ["Pengusul"], { email: "" });
    expect(queue(none.id)).toEqual([]);
    expect(rowsOf(none.id).map((r) => [r.channel, r.status, r.last_error])).toEqual([
      ["inbox", "sent", null],
      ["email", "skipped", NO_EMAIL],
    ]);
  });

  it("a server that is down is retried later", async () => {
    const user = await addUser(t.db, ["Pengusul"], { email: "budi@kampus.example" });
    const ids = queue(user.id);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    expect(await deliverRows(t.db, ids)).toEqual(["pending"]);
    const row = rowsOf(user.id).find((r) => r.channel === "email")!;
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/^E-mail gagal: /);
    // The server is restarted for afterEach to close.
    smtp = new SMTPServer({ disabledCommands: ["STARTTLS"], authOptional: true });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  });
});

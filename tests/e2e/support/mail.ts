/**
 * The e-mails an e2e server sent, as its stand-in SMTP server (./mail-catcher.mjs) received and
 * parsed them: one JSON file per message in the server's folder. Read from the files, not
 * through a browser: a spec checks a person's mail in a few milliseconds. The server sends in
 * the background after the change that made a message, so a spec waits for it (`mailTo`).
 */
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { MAIL_DIR } from "./mail-catcher.mjs";

export { E2E_MAIL_FROM } from "./mail-catcher.mjs";
import type { E2eServer } from "./servers";

/** One received message: its envelope's recipients, the sender, the subject, the text and HTML parts. */
export type Mail = { to: string[]; from: string; subject: string; text: string; html: string };

/** Every message the server sent to `address`, oldest first. */
export function mailsTo(server: Pick<E2eServer, "dir">, address: string): Mail[] {
  const folder = path.join(server.dir, MAIL_DIR);
  if (!fs.existsSync(folder)) return [];
  const wanted = address.toLowerCase();
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")) as Mail)
    .filter((mail) => mail.to.includes(wanted));
}

/**
 * Waits until a message with this subject has reached `address`, one whose text names `about`
 * when given (a proposal's title: a person may be told of several); answers the newest such.
 */
export async function mailTo(server: Pick<E2eServer, "dir">, address: string, subject: string, about = ""): Promise<Mail> {
  const received = () => mailsTo(server, address).filter((mail) => mail.text.includes(about));
  // Polls the subjects, so that a failure lists what did arrive.
  await expect.poll(() => received().map((mail) => mail.subject), { message: `an e-mail "${subject}" to ${address}` }).toContain(subject);
  return received().findLast((mail) => mail.subject === subject)!;
}

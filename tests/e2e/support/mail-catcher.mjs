/**
 * A stand-in SMTP server for the e2e servers: the shared one (../start-server.mjs) and each
 * worker's own (./servers.ts) send their notification e-mails to it as to a real one
 * (SMTP_URL), and every message it receives is parsed (mailparser) and kept as one JSON file,
 * <server dir>/mail/<n>.json, for the specs to read (./mail.ts). Plain SMTP on 127.0.0.1 with
 * no login: STARTTLS is not offered, since nodemailer would try it and refuse the stand-in's
 * self-signed certificate. Plain JavaScript, as start-server.mjs runs under plain Node.
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** The folder of the received messages, inside the server's folder. */
export const MAIL_DIR = "mail";
/** The sender the e2e servers sign their e-mails with (MAIL_FROM). */
export const E2E_MAIL_FROM = "LPPM Etalase E2E <lppm@e2e.example>";

/**
 * Listens on a free port of 127.0.0.1 and keeps what arrives in <dir>/mail/. Answers the
 * server's SMTP_URL and a function that stops it.
 * @param {string} dir
 * @returns {Promise<{ url: string; close: () => Promise<void> }>}
 */
export async function startMailCatcher(dir) {
  const folder = path.join(dir, MAIL_DIR);
  fs.mkdirSync(folder, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          try {
            const sender = mail.from?.value[0];
            const message = {
              // Who it was delivered to (the envelope), as a mailbox sees it.
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              // "Name <address>", as MAIL_FROM is written (mailparser's own text quotes the name).
              from: sender ? (sender.name ? `${sender.name} <${sender.address}>` : (sender.address ?? "")) : "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
            };
            received++;
            const file = path.join(folder, `${String(received).padStart(6, "0")}.json`);
            // Written whole, then named: a spec reading the folder never sees half a message.
            fs.writeFileSync(`${file}.part`, JSON.stringify(message));
            fs.renameSync(`${file}.part`, file);
            callback();
          } catch (error) {
            // The folder went away (the server is stopping): the sender hears of it.
            callback(error instanceof Error ? error : new Error(String(error)));
          }
        },
        (error) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

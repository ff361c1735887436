/**
 * E-mail through the owner's SMTP server (SMTP_URL, MAIL_FROM): one nodemailer transport per
 * URL, kept for the process (it keeps no connection open between messages). Each message goes
 * as plain text and as simple HTML made from that text, links clickable. Like the WhatsApp
 * providers it answers one attempt's outcome and never throws; a 5xx answer (no such mailbox,
 * refused sender) is permanent, anything else is retried by the queue.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "~/lib/server/env.server";
import { describeError, type SendResult, type Transport } from "~/domain/notifications/whatsapp.server";

export type EmailConfig = { url: string; from: string };

export function emailConfig(env: Env): EmailConfig | null {
  return env.SMTP_URL && env.MAIL_FROM ? { url: env.SMTP_URL, from: env.MAIL_FROM } : null;
}

const transporters = new Map<string, Transporter>();

function transporterFor(url: string): Transporter {
  let transporter = transporters.get(url);
  if (!transporter) {
    // Short timeouts: a silent server must not hold the queue for nodemailer's minutes.
    transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as Parameters<typeof nodemailer.createTransport>[0]);
    transporters.set(url, transporter);
  }
  return transporter;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The message as HTML: paragraphs and line breaks of the text, its addresses as links. */
export function emailHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(/\n/g, "<br>\n");
      return `<p>${escaped.replace(URL_PATTERN, (url) => `<a href="${url}">${url}</a>`)}</p>`;
    });
  return `<!doctype html>\n<html lang="id"><head><meta charset="utf-8"></head><body style="font-family:sans-serif;line-height:1.5;color:#1c1917">\n${paragraphs.join("\n")}\n</body></html>`;
}

export function emailTransport(config: EmailConfig): Transport {
  return {
    async send({ to, subject, text }): Promise<SendResult> {
      try {
        await transporterFor(config.url).sendMail({ from: config.from, to, subject, text, html: emailHtml(text) });
        return { ok: true };
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        const permanent = typeof code === "number" && code >= 500;
        return { ok: false, error: `E-mail gagal: ${describeError(error)}`.slice(0, 500), permanent };
      }
    },
  };
}

/**
 * Each WhatsApp provider against a stand-in on 127.0.0.1 that checks the request as the
 * provider documents it and answers as the provider does, failures included.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/env.server";
import { templateParameter, whatsAppConfig, whatsAppTransport, type WhatsAppConfig } from "~/domain/notifications/whatsapp.server";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = { status: number; body: unknown };

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A stand-in that records each request and answers the next scripted answer. */
async function standIn(answers: Answer[]): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const answer = answers.shift() ?? { status: 200, body: {} };
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const MESSAGE = { to: "6281234567890", subject: "Usulan: Diajukan", text: "*LPPM Universitas Contoh*\nUsulan: Diajukan\n\nUsulan \"Kayu\" kini berstatus Diajukan." };

describe("choosing the provider", () => {
  it("WA_GATEWAY_URL alone is the webhook (as before); WA_PROVIDER picks Fonnte or the Cloud API with their settings", () => {
    expect(whatsAppConfig(parseEnv({}))).toBeNull();
    expect(whatsAppConfig(parseEnv({ WA_GATEWAY_URL: "https://wa.example.test/send", WA_GATEWAY_TOKEN: "t" }))).toEqual({ provider: "webhook", url: "https://wa.example.test/send", token: "t" });
    expect(whatsAppConfig(parseEnv({ WA_PROVIDER: "fonnte", WA_GATEWAY_TOKEN: "abc" }))).toEqual({ provider: "fonnte", url: "https://api.fonnte.com", token: "abc" });
    expect(
      whatsAppConfig(parseEnv({ WA_PROVIDER: "cloud", WA_GATEWAY_TOKEN: "EAAG", WA_CLOUD_PHONE_NUMBER_ID: "1234567890", WA_CLOUD_TEMPLATE: "notifikasi_lppm" })),
    ).toEqual({ provider: "cloud", url: "https://graph.facebook.com/v23.0", token: "EAAG", phoneNumberId: "1234567890", template: "notifikasi_lppm", language: "id" });
  });

  it("a provider without what it needs stops start-up, naming each missing variable", () => {
    expect(() => parseEnv({ WA_PROVIDER: "cloud" })).toThrow(/WA_GATEWAY_TOKEN: wajib diisi untuk WA_PROVIDER=cloud[\s\S]*WA_CLOUD_PHONE_NUMBER_ID[\s\S]*WA_CLOUD_TEMPLATE/);
    expect(() => parseEnv({ WA_PROVIDER: "fonnte" })).toThrow(/WA_GATEWAY_TOKEN: wajib diisi untuk WA_PROVIDER=fonnte/);
    expect(() => parseEnv({ WA_PROVIDER: "webhook" })).toThrow(/WA_GATEWAY_URL: wajib diisi/);
    expect(() => parseEnv({ WA_PROVIDER: "wablas" })).toThrow(/WA_PROVIDER: harus webhook, fonnte, atau cloud/);
    expect(() => parseEnv({ SMTP_URL: "smtp://u:p@mail.example.test:587" })).toThrow(/MAIL_FROM: wajib diisi/);
  });
});

describe("webhook", () => {
  it("posts {to, message} as JSON with the Bearer token; a non-2xx answer is a failure, a 4xx for good", async () => {
    const gateway = await standIn([{ status: 200, body: {} }, { status: 503, body: "sibuk" }, { status: 400, body: { error: "nomor" } }]);
    const send = whatsAppTransport({ provider: "webhook", url: `${gateway.base}/kirim`, token: "rahasia" }).send;
    expect(await send(MESSAGE)).toEqual({ ok: true });
    expect(gateway.seen[0]).toMatchObject({ method: "POST", url: "/kirim" });
    expect(gateway.seen[0]!.headers.authorization).toBe("Bearer rahasia");
    expect(gateway.seen[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(gateway.seen[0]!.body)).toEqual({ to: "6281234567890", message: MESSAGE.text });
    expect(await send(MESSAGE)).toEqual({ ok: false, error: "Gateway menjawab HTTP 503", permanent: false });
    expect(await send(MESSAGE)).toEqual({ ok: false, error: "Gateway menjawab HTTP 400", permanent: true });
  });
});

describe("Fonnte", () => {
  const config = (base: string): WhatsAppConfig => ({ provider: "fonnte", url: base, token: "TOKEN-PERANGKAT" });

  it("posts target and message as form fields with the bare token in Authorization", async () => {
    const fonnte = await standIn([{ status: 200, body: { detail: "success! message in queue", id: ["80367170"], process: "pending", status: true, target: ["6281234567890"] } }]);
    expect(await whatsAppTransport(config(fonnte.base)).send(MESSAGE)).toEqual({ ok: true });
    const request = fonnte.seen[0]!;
    expect(request).toMatchObject({ method: "POST", url: "/send" });
    expect(request.headers.authorization).toBe("TOKEN-PERANGKAT");
    expect(request.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    const fields = new URLSearchParams(request.body);
    expect(fields.get("target")).toBe("6281234567890");
    expect(fields.get("message")).toBe(MESSAGE.text);
    expect(fields.get("countryCode")).toBe("62");
  });

  it("a 200 answer with {status: false, reason} is a failure with Fonnte's reason", async () => {
    const fonnte = await standIn([
      { status: 200, body: { reason: "request invalid on disconnected device", status: false } },
      { status: 200, body: { reason: "token invalid", status: false } },
      { status: 200, body: "<html>maintenance</html>" },
    ]);
    const send = whatsAppTransport(config(fonnte.base)).send;
    expect(await send(MESSAGE)).toEqual({ ok: false, error: "Fonnte menolak: request invalid on disconnected device", permanent: false });
    expect(await send(MESSAGE)).toMatchObject({ ok: false, error: "Fonnte menolak: token invalid" });
    expect(await send(MESSAGE)).toMatchObject({ ok: false, error: "Fonnte menolak: jawaban tidak dikenal" });
  });
});

describe("WhatsApp Cloud API", () => {
  const config = (base: string): WhatsAppConfig => ({ provider: "cloud", url: `${base}/v23.0`, token: "EAAG-TOKEN", phoneNumberId: "106540352242922", template: "notifikasi_lppm", language: "id" });

  it("posts the approved template to /<phone number id>/messages with the Bearer token, the message as its one body variable", async () => {
    const meta = await standIn([{ status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: "6281234567890", wa_id: "6281234567890" }], messages: [{ id: "wamid.HBgL" }] } }]);
    expect(await whatsAppTransport(config(meta.base)).send(MESSAGE)).toEqual({ ok: true });
    const request = meta.seen[0]!;
    expect(request).toMatchObject({ method: "POST", url: "/v23.0/106540352242922/messages" });
    expect(request.headers.authorization).toBe("Bearer EAAG-TOKEN");
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: "whatsapp",
      to: "6281234567890",
      type: "template",
      template: {
        name: "notifikasi_lppm",
        language: { code: "id" },
        components: [{ type: "body", parameters: [{ type: "text", text: '*LPPM Universitas Contoh* · Usulan: Diajukan · Usulan "Kayu" kini berstatus Diajukan.' }] }],
      },
    });
  });

  it("answers {error: {message, code}} as a failure: a rejected request for good, throttling to retry", async () => {
    const meta = await standIn([
      { status: 400, body: { error: { message: "(#132001) Template name does not exist in the translation", type: "OAuthException", code: 132001, fbtrace_id: "A1" } } },
      { status: 401, body: { error: { message: "Error validating access token: Session has expired", type: "OAuthException", code: 190 } } },
      { status: 400, body: { error: { message: "(#130429) Rate limit hit", type: "OAuthException", code: 130429 } } },
      { status: 500, body: { error: { message: "Service temporarily unavailable", code: 2 } } },
    ]);
    const send = whatsAppTransport(config(meta.base)).send;
    expect(await send(MESSAGE)).toEqual({ ok: false, error: "Cloud API: (#132001) Template name does not exist in the translation (kode 132001)", permanent: true });
    expect(await send(MESSAGE)).toMatchObject({ ok: false, error: "Cloud API: Error validating access token: Session has expired (kode 190)", permanent: true });
    expect(await send(MESSAGE)).toMatchObject({ ok: false, permanent: false });
    expect(await send(MESSAGE)).toMatchObject({ ok: false, error: "Cloud API: Service temporarily unavailable (kode 2)", permanent: false });
  });

  it("the template variable is one line without runs of spaces, within its length", () => {
    expect(templateParameter("a\n\n  b\tc     d\r\ne")).toBe("a · b c d · e");
    expect(templateParameter("x".repeat(2000))).toHaveLength(1000);
  });
});

describe("a gateway that cannot be reached", () => {
  it("is a failure to retry, with the reason", async () => {
    const result = await whatsAppTransport({ provider: "webhook", url: "http://127.0.0.1:9/kirim" }).send(MESSAGE);
    expect(result).toMatchObject({ ok: false, permanent: false });
    expect(!result.ok && result.error).toMatch(/fetch failed/);
  });
});

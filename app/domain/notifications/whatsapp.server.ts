/**
 * The WhatsApp providers, chosen by WA_PROVIDER (README, "Forgot password and notifications"):
 * - `webhook`: POST JSON {to, message} to WA_GATEWAY_URL with `Authorization: Bearer <token>`
 *   (any gateway that speaks it; the default when only WA_GATEWAY_URL is set);
 * - `fonnte`: POST form fields target, message, countryCode to https://api.fonnte.com/send with
 *   the device token as `Authorization` (no "Bearer"); Fonnte answers some failures with HTTP 200
 *   and {status: false, reason};
 * - `cloud`: the WhatsApp Business Cloud API, POST {messaging_product, to, type: "template",
 *   template} to https://graph.facebook.com/v23.0/<phone number id>/messages with a Bearer token.
 *   A business may only start a conversation with an approved template, so the message is the
 *   template's one body variable; errors come as {error: {message, code}}.
 * Each answers one attempt's outcome and never throws; the queue (delivery.server.ts) decides
 * about retries. `permanent` failures (a refused request) are not retried.
 */
import type { Env } from "~/lib/server/env.server";

export type SendResult = { ok: true } | { ok: false; error: string; permanent: boolean };

/** One message for one recipient of one channel: `to` is a WhatsApp number (62…) or an e-mail address. */
export type Outgoing = { to: string; subject: string; text: string };

export type Transport = { send: (message: Outgoing) => Promise<SendResult> };

export type WhatsAppProvider = "webhook" | "fonnte" | "cloud";

export const FONNTE_URL = "https://api.fonnte.com";
export const CLOUD_API_URL = "https://graph.facebook.com/v23.0";
export const TIMEOUT_MS = 10_000;

/** A Cloud API template variable may hold neither line breaks nor tabs nor 4+ spaces in a row, and at most 1024 characters. */
const CLOUD_PARAM_MAX = 1000;

export type WhatsAppConfig =
  | { provider: "webhook"; url: string; token?: string | undefined }
  | { provider: "fonnte"; url: string; token: string }
  | { provider: "cloud"; url: string; token: string; phoneNumberId: string; template: string; language: string };

/** The configured provider, or null when WhatsApp is off (env.server.ts checked that each has what it needs). */
export function whatsAppConfig(env: Env): WhatsAppConfig | null {
  const provider = env.WA_PROVIDER ?? (env.WA_GATEWAY_URL ? "webhook" : undefined);
  switch (provider) {
    case "webhook":
      return env.WA_GATEWAY_URL ? { provider, url: env.WA_GATEWAY_URL, token: env.WA_GATEWAY_TOKEN } : null;
    case "fonnte":
      return env.WA_GATEWAY_TOKEN ? { provider, url: trimSlash(env.WA_API_URL ?? FONNTE_URL), token: env.WA_GATEWAY_TOKEN } : null;
    case "cloud":
      return env.WA_GATEWAY_TOKEN && env.WA_CLOUD_PHONE_NUMBER_ID && env.WA_CLOUD_TEMPLATE
        ? {
            provider,
            url: trimSlash(env.WA_API_URL ?? CLOUD_API_URL),
            token: env.WA_GATEWAY_TOKEN,
            phoneNumberId: env.WA_CLOUD_PHONE_NUMBER_ID,
            template: env.WA_CLOUD_TEMPLATE,
            language: env.WA_CLOUD_TEMPLATE_LANG,
          }
        : null;
    default:
      return null;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

export const PROVIDER_LABEL: Record<WhatsAppProvider, string> = {
  webhook: "gateway (webhook)",
  fonnte: "Fonnte",
  cloud: "WhatsApp Cloud API",
};

/** Why a request failed, in words for the Notifikasi page. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return "Waktu habis (tidak ada jawaban dari gateway)";
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** A refused request is not worth repeating; a busy or broken server (5xx, 408, 429) is. */
function permanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function failure(error: string, permanent = false): SendResult {
  return { ok: false, error: error.slice(0, 500), permanent };
}

/** The Cloud API's body variable: one line, no runs of spaces, within its length. */
export function templateParameter(text: string): string {
  const line = text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" · ")
    .replace(/[\t ]+/g, " ");
  return line.length > CLOUD_PARAM_MAX ? `${line.slice(0, CLOUD_PARAM_MAX - 1)}…` : line;
}

/** Cloud API error codes that mean "later", not "never": throttling and temporary trouble. */
const CLOUD_TRANSIENT_CODES = new Set([1, 2, 4, 17, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

export function whatsAppTransport(config: WhatsAppConfig, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Transport {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  // Looked up per request, not at import: tests replace the global fetch.
  const post = (url: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(url, { ...init, method: "POST", signal: AbortSignal.timeout(timeoutMs) });
  switch (config.provider) {
    case "webhook":
      return {
        async send({ to, text }) {
          try {
            const response = await post(config.url, {
              headers: { "Content-Type": "application/json", ...(config.token ? { Authorization: `Bearer ${config.token}` } : {}) },
              body: JSON.stringify({ to, message: text }),
            });
            // Drain the body so the connection is released; its content is not needed.
            await response.text().catch(() => "");
            return response.ok ? { ok: true } : failure(`Gateway menjawab HTTP ${response.status}`, permanentStatus(response.status));
          } catch (error) {
            return failure(describeError(error));
          }
        },
      };
    case "fonnte":
      return {
        async send({ to, text }) {
          try {
            const response = await post(`${config.url}/send`, {
              headers: { Authorization: config.token },
              body: new URLSearchParams({ target: to, message: text, countryCode: "62" }),
            });
            const answer = (await readJson(response)) as { status?: unknown; reason?: unknown; detail?: unknown } | null;
            if (!response.ok) return failure(`Fonnte menjawab HTTP ${response.status}${typeof answer?.reason === "string" ? `: ${answer.reason}` : ""}`, permanentStatus(response.status));
            if (answer?.status === true) return { ok: true };
            // HTTP 200 with {status: false, reason}: a disconnected device, an invalid token or number, no quota.
            return failure(`Fonnte menolak: ${typeof answer?.reason === "string" ? answer.reason : "jawaban tidak dikenal"}`);
          } catch (error) {
            return failure(describeError(error));
          }
        },
      };
    case "cloud":
      return {
        async send({ to, text }) {
          try {
            const response = await post(`${config.url}/${config.phoneNumberId}/messages`, {
              headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.token}` },
              body: JSON.stringify({
                messaging_product: "whatsapp",
                to,
                type: "template",
                template: {
                  name: config.template,
                  language: { code: config.language },
                  components: [{ type: "body", parameters: [{ type: "text", text: templateParameter(text) }] }],
                },
              }),
            });
            const answer = (await readJson(response)) as { error?: { message?: unknown; code?: unknown }; messages?: unknown } | null;
            if (response.ok && Array.isArray(answer?.messages)) return { ok: true };
            const error = answer?.error;
            if (error && typeof error.message === "string") {
              const code = typeof error.code === "number" ? error.code : null;
              const transient = response.status >= 500 || response.status === 429 || (code !== null && CLOUD_TRANSIENT_CODES.has(code));
              return failure(`Cloud API: ${error.message}${code !== null ? ` (kode ${code})` : ""}`, !transient);
            }
            return failure(`Cloud API menjawab HTTP ${response.status}`, permanentStatus(response.status));
          } catch (error) {
            return failure(describeError(error));
          }
        },
      };
  }
}

/**
 * A stand-in for the WhatsApp gateway in integration tests: WA_GATEWAY_URL points at it and
 * `fetch` is replaced, so every message the server sends is kept here, in memory, as the real
 * gateway would receive it. (The outbox keeps only the masked text.)
 *
 *   let wa: FakeWhatsApp;
 *   beforeEach(() => { wa = fakeWhatsApp(); });   afterEach(() => wa.restore());
 */
import { vi } from "vitest";
import { resetEnvCache } from "../../app/lib/server/env.server";
import { passwordInMessage } from "./reset-message";

export const FAKE_GATEWAY_URL = "https://wa.example.test/send";

export type FakeWhatsApp = {
  sent: { to: string; message: string }[];
  /** The password of the newest reset message sent to this WhatsApp number (62…). */
  passwordFor: (to: string) => string;
  restore: () => void;
};

export { passwordInMessage };

export function fakeWhatsApp(): FakeWhatsApp {
  const sent: { to: string; message: string }[] = [];
  const saved = process.env.WA_GATEWAY_URL;
  process.env.WA_GATEWAY_URL = FAKE_GATEWAY_URL;
  resetEnvCache();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url) !== FAKE_GATEWAY_URL) throw new Error(`unexpected fetch in a test: ${String(url)}`);
      sent.push(JSON.parse(String(init?.body)) as { to: string; message: string });
      return new Response("{}", { status: 200 });
    }),
  );
  return {
    sent,
    passwordFor(to) {
      const last = sent.filter((m) => m.to === to).at(-1);
      if (!last) throw new Error(`no WhatsApp message to ${to}`);
      return passwordInMessage(last.message);
    },
    restore() {
      vi.unstubAllGlobals();
      if (saved === undefined) delete process.env.WA_GATEWAY_URL;
      else process.env.WA_GATEWAY_URL = saved;
      resetEnvCache();
    },
  };
}

/**
 * Every throttled answer through the BUILT server (server.js as `npm start` runs it), where React
 * Router decides which headers of a loader or action reach the client: each 429 the app sends —
 * the login page (with and without JavaScript) and /api/login, the forgot-password lookup and
 * reset (page and API), "Ubah Password" (page and API) — carries `Retry-After` in whole seconds.
 * The WhatsApp click limit never answers 429: every click goes to the chat. TRUST_PROXY=1 gives
 * each case a client address of its own (X-Forwarded-For).
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { FREE_ATTEMPTS } from "~/domain/users/attempts.server";
import { RECOVERY_LIMITS } from "~/domain/recovery/recovery-throttle.server";
import { WA_KLIK_BATAS } from "~/domain/whatsapp/wa-klik.server";
import { retryAfterHeaders } from "~/http/headers.server";
import { operatorToken } from "../setup/api";
import { APP_ROUTES, routeModule } from "../setup/app-routes";
import { TEST_OPERATOR_USERNAME } from "../setup/constants";
import { send as sendTo, type RawAnswer } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";
import { operatorSession, startBuiltServer, type BuiltServer } from "../setup/built-server";

let t: TestDb;
let server: BuiltServer;

beforeAll(async () => {
  ({ t, server } = await startBuiltServer({ TRUST_PROXY: "1" }));
});

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

/** Posts `body` from client address `ip` until the answer is a 429 (at most `max` times). */
async function untilThrottled(ip: string, path: string, type: string, body: string, max: number, extra: Record<string, string> = {}): Promise<RawAnswer> {
  let answer: RawAnswer | undefined;
  for (let i = 0; i < max; i++) {
    answer = await sendTo(server.base, "POST", path, { headers: { "Content-Type": type, "X-Forwarded-For": ip, ...extra }, body });
    if (answer.status === 429) return answer;
  }
  throw new Error(`${path}: no 429 after ${max} posts (last: ${answer?.status})`);
}

function expectRetryAfter(answer: RawAnswer) {
  expect(answer.status).toBe(429);
  expect(answer.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const wrongLogin = { username: TEST_OPERATOR_USERNAME, password: "BukanPasswordnya9" };
/** A well-formed NIDN nobody has: every lookup of it still counts. */
const NIDN = "0099887766";

describe("every 429 carries Retry-After", () => {
  it("the login page, without JavaScript (a document POST)", async () => {
    const answer = await untilThrottled("198.51.100.10", "/login", FORM, form({ intent: "masuk", ...wrongLogin }), FREE_ATTEMPTS + 1);
    expectRetryAfter(answer);
    expect(answer.body).toContain("Terlalu banyak percobaan");
  });

  it("the login page, with JavaScript (its .data request)", async () => {
    expectRetryAfter(await untilThrottled("198.51.100.11", "/login.data", FORM, form({ intent: "masuk", ...wrongLogin }), FREE_ATTEMPTS + 1));
  });

  it("/api/login", async () => {
    expectRetryAfter(await untilThrottled("198.51.100.12", "/api/login", JSON_TYPE, JSON.stringify(wrongLogin), FREE_ATTEMPTS + 1));
  });

  it("the forgot-password lookup and reset, page and API", async () => {
    const times = RECOVERY_LIMITS.perIp.points + 1;
    expectRetryAfter(await untilThrottled("198.51.100.20", "/lupa-password", FORM, form({ intent: "cek", nidn: NIDN }), times));
    expectRetryAfter(await untilThrottled("198.51.100.21", "/lupa-password.data", FORM, form({ intent: "cek", nidn: NIDN }), times));
    const reset = form({ intent: "reset", nidn: NIDN, nama_sdm: "Dosen Uji", telepon_hp: "0812****9999", no_telepon: "081234569999" });
    expectRetryAfter(await untilThrottled("198.51.100.22", "/lupa-password", FORM, reset, times));
    expectRetryAfter(await untilThrottled("198.51.100.23", "/api/cekpass", JSON_TYPE, JSON.stringify({ nidn: NIDN }), times));
    expectRetryAfter(await untilThrottled("198.51.100.24", "/api/resetpassword", JSON_TYPE, JSON.stringify({ nidn: NIDN, no_telepon: "081234569999" }), times));
  });

  it("Ubah Password, page and API", async () => {
    const { cookie, id } = await operatorSession(t, server.base);
    const page = form({ intent: "ubah-password", pass_lama: "BukanPasswordnya9", pass_baru: "PasswordBaru123", konfirmasi_pass: "PasswordBaru123", back: "/operator/dashboard" });
    expectRetryAfter(await untilThrottled("198.51.100.30", "/akun/ubah-password", FORM, page, FREE_ATTEMPTS + 1, { Cookie: cookie }));
    const api = JSON.stringify({ kodeuser: String(id), pass_lama: "BukanPasswordnya9", pass_baru: "PasswordBaru123" });
    expectRetryAfter(await untilThrottled("198.51.100.31", "/api/ubahpassword", JSON_TYPE, api, FREE_ATTEMPTS + 1, { Authorization: `Bearer ${operatorToken(t.db)}` }));
  });

  it("every page route that may answer 429 passes Retry-After on (an API route's answer is its own Response)", async () => {
    const pages = APP_ROUTES.filter((route) => !route.path.startsWith("/api") && /\b429\b/.test(fs.readFileSync(path.join("app", route.file), "utf8")));
    expect(pages.map((route) => route.id).sort()).toEqual(["Login", "LupaPassword", "UbahPassword"]);
    for (const route of pages) expect((await routeModule(route)).headers, route.id).toBe(retryAfterHeaders);
  });
});

describe("the WhatsApp click limit", () => {
  it("500 clicks from one address: 500 redirects to the chat, never a 429; the counting stops at the limit", async () => {
    t.db.update(schema.setting).set({ whatsapp: "0812-1111-2222" }).where(eq(schema.setting.id, 1)).run();
    t.db.delete(schema.waKlik).run();
    const statuses = new Map<number, number>();
    const started = performance.now();
    for (let i = 0; i < 500; i++) {
      const answer = await sendTo(server.base, "GET", "/wa/toko?dari=beranda", { headers: { "X-Forwarded-For": "203.0.113.99", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" } });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.headers.location).toBe("https://wa.me/6281211112222");
      expect(answer.headers["retry-after"]).toBeUndefined();
    }
    console.info(`[throttled] 500 klik WhatsApp dari satu alamat: ${(performance.now() - started).toFixed(0)} ms`);
    expect(Object.fromEntries(statuses)).toEqual({ 302: 500 });
    expect(t.db.select().from(schema.waKlik).all()).toHaveLength(WA_KLIK_BATAS.perTujuan.points);
  });
});

/**
 * Hostile product CSV imports against the production process: `server.js` with NODE_ENV=production
 * and the heap flags of `npm start` (package.json config.nodeFlags), on a copy of the seeded shop.
 * A file of 1,000,000 blank lines (2 MB), one of 100,000 lines of `x` (300 KB) and a proper
 * header over 100,000 one-cell rows are each sent through the API (Bearer token) and the Impor
 * CSV page (the form post without JavaScript). Each is refused with a 4xx and the row limit's
 * Indonesian message, nothing is stored, and `GET /healthz` answers with the same pid after
 * every one: the process that served the upload is the one still serving. Reading such files
 * once ran the 160 MB heap out and the supervisor restarted the process. The most cells the
 * body limit lets through (10 MB of 3,300 rows × 1,000 two-letter cells, every row refused) is
 * planned and answered by the same process too.
 *
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TERLALU_BANYAK_BARIS } from "~/domain/produk/csv/baca.server";
import { KOLOM } from "~/domain/produk/csv/format";
import { operatorToken } from "../setup/api";
import { multipart, send as sendTo, type RawAnswer } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";
import { operatorSession, startBuiltServer, type BuiltServer } from "../setup/built-server";

let t: TestDb;
let server: BuiltServer;
let token: string;
let cookie: string;

beforeAll(async () => {
  ({ t, server } = await startBuiltServer());
  token = operatorToken(t.db);
  ({ cookie } = await operatorSession(t, server.base));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

const send = (method: string, path: string, init?: Parameters<typeof sendTo>[3]) => sendTo(server.base, method, path, init);

const FILES: [string, () => Buffer][] = [
  ["1,000,000 blank lines", () => Buffer.from("\r\n".repeat(1_000_000))],
  ["100,000 lines of 'x'", () => Buffer.from("x\r\n".repeat(100_000))],
  ["a header over 100,000 rows of one cell", () => Buffer.from(`${KOLOM.join(",")},Gudang Jepara\r\n${"x\r\n".repeat(100_000)}`)],
];

function upload(route: "api" | "page", bytes: Buffer): Promise<RawAnswer> {
  const file = { name: "serangan.csv", field: "berkas", bytes, type: "text/csv" };
  if (route === "api") {
    const form = multipart({}, file);
    return send("POST", "/api/produkcsv", { headers: { Authorization: `Bearer ${token}`, "Content-Type": form.type }, body: form.body });
  }
  const form = multipart({ intent: "periksa" }, file);
  return send("POST", "/operator/produk/produk/impor", { headers: { Cookie: cookie, "Content-Type": form.type }, body: form.body });
}

async function healthPid(): Promise<number> {
  const health = await send("GET", "/healthz");
  expect(health.status, health.body).toBe(200);
  return (JSON.parse(health.body) as { pid: number }).pid;
}

function storedCounts() {
  const n = (table: string) => (t.db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return { produk: n("produk"), gudang: n("produk_gudang"), aktivitas: n("aktivitas") };
}

describe("the product CSV import on the built server", () => {
  it("refuses files of blank or one-cell lines past the row limit (API and page), plans the most cells a body holds, and stays the same process", async () => {
    const pid = await healthPid();
    expect(pid).toBe(server.pid);
    const before = storedCounts();
    for (const [name, bytes] of FILES) {
      for (const route of ["api", "page"] as const) {
        const answer = await upload(route, bytes());
        expect(answer.status, `${name} via ${route}: ${answer.body.slice(0, 300)}`).toBe(422);
        if (route === "api") expect(JSON.parse(answer.body).message).toBe(TERLALU_BANYAK_BARIS);
        else expect(answer.body).toContain(TERLALU_BANYAK_BARIS);
        expect(await healthPid(), `${name} via ${route}`).toBe(pid);
      }
    }

    const cells = `${KOLOM.join(",")},Gudang Jepara\r\n${`${Array.from({ length: 1000 }, () => "ab").join(",")}\r\n`.repeat(3300)}`;
    const planned = await upload("api", Buffer.from(cells));
    expect(planned.status, planned.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(planned.body).data.ringkasan).toMatchObject({ total: 3300, ditolak: 3300 });
    expect(await healthPid()).toBe(pid);

    expect(server.child.exitCode).toBeNull();
    expect(storedCounts()).toEqual(before);
    const page = await send("GET", "/operator/produk/produk", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
  }, 180_000);
});

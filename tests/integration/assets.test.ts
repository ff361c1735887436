/**
 * The built assets as a browser gets them, from an install below a dot folder (~/.local/…;
 * the bench and Lighthouse run from a .tmp copy): the precompressed twins (.br, .gz) are sent
 * with their encoding and decode to the file itself; without a twin, or without an accepted
 * encoding, the file goes out as it is. A twin sent under the wrong encoding header cost every
 * page its scripts and styles in such an install (ERR_CONTENT_DECODING_FAILED).
 *
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet } from "../../bench/anchor.mjs";
import { ROOT, snapshotApp, startServer } from "../../bench/lib.mjs";
import { TEST_SESSION_SECRET } from "../setup/constants";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
let home: string;
let server: { base: string; stop: () => Promise<void> };
let assets: string;

beforeAll(async () => {
  t = createTestDb();
  home = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-assets-"));
  const app = snapshotApp(path.join(home, ".local", "etalase"));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(app, "node_modules"), "dir");
  assets = path.join(app, "build/client/assets");
  server = await startServer(t.dir, { appDir: app, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
  fs.rmSync(home, { recursive: true, force: true });
});

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  expect(encoding).toBeUndefined();
  return body;
}

describe("built assets", () => {
  it("every script and style decodes to the file under every encoding a browser asks for", async () => {
    const files = fs.readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
    expect(files.some((f) => fs.existsSync(path.join(assets, `${f}.br`)))).toBe(true);
    expect(files.some((f) => !fs.existsSync(path.join(assets, `${f}.br`)))).toBe(true);
    for (const file of files) {
      const original = fs.readFileSync(path.join(assets, file));
      for (const accept of ["gzip, deflate, br, zstd", "gzip, deflate", ""]) {
        const answer = await rawGet(`${server.base}/assets/${file}`, accept ? { "Accept-Encoding": accept } : {});
        const where = `${file} (${accept || "identity"})`;
        expect(answer.status, where).toBe(200);
        const encoding = answer.headers["content-encoding"] as string | undefined;
        if (!accept) expect(encoding, where).toBeUndefined();
        expect(decode(answer.body, encoding).equals(original), where).toBe(true);
      }
    }
  }, 60_000);
});

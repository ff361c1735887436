/**
 * The production process on its runtime: `server.js` with NODE_ENV=production and
 * the heap flags of `npm start`, started by the Node the tests run on (the project's Node 24),
 * on a copy of the seeded shop. It takes 100 refused uploads and oversized bodies (through the
 * JSON API and the HTML screens: declared too large, streamed past the cap, too big a file, not
 * an image, invalid fields) and 200 page renders, and is still answering afterwards; on SIGTERM
 * it exits with code 0. Under better-sqlite3 12 on Node 24 it died with SIGABRT within a few
 * such requests.
 *
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../app/lib/util/upload-rules";
import { BODY_LIMITS } from "../../app/http/body.server";
import { operatorToken } from "../setup/api";
import { multipart, send as sendTo, type RawAnswer, type RawInit } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";
import { operatorSession, startBuiltServer, type BuiltServer } from "../setup/built-server";

const MAX_BODY_BYTES = BODY_LIMITS.multipart;


let t: TestDb;
let server: BuiltServer;
let stderr: () => string;
let token: string;
let cookie: string;

beforeAll(async () => {
  ({ t, server, stderr } = await startBuiltServer());
  token = operatorToken(t.db);
  ({ cookie } = await operatorSession(t, server.base));
}, 120_000);

const send = (method: string, path: string, init?: RawInit) => sendTo(server.base, method, path, init);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  t?.cleanup();
});

describe("the built server on this runtime", () => {
  it(`runs on Node 22.22+ (here ${process.version})`, () => {
    const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
    expect(major > 22 || (major === 22 && minor >= 22)).toBe(true);
  });

  it("survives 100 refused uploads and oversized bodies and 200 page renders, then exits 0 on SIGTERM", async () => {
    const bearer = { Authorization: `Bearer ${token}` };
    const notAnImage = Buffer.from("ini bukan gambar, hanya teks biasa.\n".repeat(40));
    const tooBig = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0xff);
    const refusals: (() => Promise<[RawAnswer, number]>)[] = [
      // The JSON API, with an operator's token.
      async () => {
        const form = multipart({}, { name: "teks.jpg", field: "gambar", bytes: notAnImage });
        return [await send("POST", "/api/galeriform", { headers: { ...bearer, "Content-Type": form.type }, body: form.body }), 415];
      },
      async () => {
        const form = multipart({}, { name: "besar.jpg", field: "image", bytes: tooBig });
        return [await send("POST", "/api/bannerform", { headers: { ...bearer, "Content-Type": form.type }, body: form.body }), 413];
      },
      async () => [
        await send("POST", "/api/galeriform", {
          headers: { ...bearer, "Content-Type": "multipart/form-data; boundary=x" },
          declare: 300 * 1024 * 1024,
        }),
        413,
      ],
      async () => [
        await send("POST", "/api/bannerform", {
          headers: { ...bearer, "Content-Type": "multipart/form-data; boundary=x" },
          stream: MAX_BODY_BYTES * 2,
        }),
        413,
      ],
      async () => {
        const body = Buffer.from(JSON.stringify({ kategori: "" }));
        return [await send("POST", "/api/kategoriprodukform", { headers: { ...bearer, "Content-Type": "application/json" }, body }), 422];
      },
      // The HTML screens, with an operator's session (a form post without JavaScript).
      async () => {
        const form = multipart({ intent: "tambah" }, { name: "teks.jpg", field: "gambar", bytes: notAnImage });
        return [await send("POST", "/operator/profil/galeri?tambah=1", { headers: { Cookie: cookie, "Content-Type": form.type }, body: form.body }), 422];
      },
      async () => [
        await send("POST", "/operator/master/banner?tambah=1", {
          headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
          declare: 300 * 1024 * 1024,
        }),
        413,
      ],
      async () => [
        await send("POST", "/operator/profil/galeri?tambah=1", {
          headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
          stream: MAX_BODY_BYTES * 2,
        }),
        413,
      ],
    ];
    const pages = ["/", "/produk", "/tentang-kami", "/kontak-kami", "/operator/produk/produk", "/operator/master/kantorcabang"];

    const statuses = new Map<string, number>();
    const note = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
    // Four at a time, interleaved: refusals and renders share the process as real clients do.
    const jobs: (() => Promise<void>)[] = [];
    for (let i = 0; i < 100; i++) {
      jobs.push(async () => {
        const [answer, expected] = await refusals[i % refusals.length]!();
        // A body streamed past the cap may be cut off before its 413 is read (status 0).
        expect([expected, ...(expected === 413 ? [0] : [])], answer.body).toContain(answer.status);
        note(String(expected));
      });
    }
    for (let i = 0; i < 200; i++) {
      const page = pages[i % pages.length]!;
      jobs.push(async () => {
        // Logged in: never from the page cache, every one a render.
        const answer = await send("GET", page, { headers: { Cookie: cookie } });
        expect(answer.status, page).toBe(200);
        note("render");
      });
    }
    const order = jobs.map((job, i) => ({ job, key: (i * 7919) % jobs.length })).sort((a, b) => a.key - b.key);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < order.length) await order[next++]!.job();
      }),
    );
    expect(statuses.get("render")).toBe(200);
    expect((statuses.get("413") ?? 0) + (statuses.get("415") ?? 0) + (statuses.get("422") ?? 0)).toBe(100);

    // Still answering, still the same process.
    expect(server.child.exitCode).toBeNull();
    const home = await send("GET", "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("<html");

    const exit = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      server.child.once("exit", (code, signal) => resolve([code, signal])),
    );
    server.child.kill("SIGTERM");
    expect(await exit).toEqual([0, null]);
    expect(stderr()).not.toMatch(/Assertion failed|Unhandled|ERR_INVALID_STATE|Segmentation/i);
  }, 180_000);
});

/**
 * Request bodies at the front of the BUILT server (server.js as `npm start` runs it, with its
 * Node flags), over real sockets, on a copy of the seeded shop:
 * - a body sent to a page or API call that needs a login or a token, without a valid one, is
 *   never read: the route's guard answers at once, and 40 stalled 10 MB bodies leave the
 *   process's memory as it was; with a valid session the documents go to disk, not memory;
 * - `Expect: 100-continue` is answered 100 only for a body that will be read;
 * - the memory budget: a body that would pass it is answered 503 with Retry-After;
 * - a refused upload is answered so that clients which send the whole body before they read
 *   (Node's fetch, Python's urllib) read the answer instead of a broken pipe.
 *
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS } from "~/http/body.server";
import { BODY_MEMORY_MB_DEFAULT } from "~/lib/server/env.server";
import { DOCUMENT_BAD_TYPE, MAX_DOCUMENT_BYTES } from "~/lib/util/document-rules";
import { UPLOAD_TOO_BIG } from "~/lib/util/upload-rules";
import { ANONYMOUS_API_BODY_PATHS, API_ROUTES } from "~/navigation/api";
import { operatorToken } from "../setup/api";
import { APP_ROUTES, concretePath, routeModule } from "../setup/app-routes";
import { multipart, rssMb, send as sendTo, type RawInit } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";
import { operatorSession, ownDraft, routeValues, startBuiltServer, type BuiltServer } from "../setup/built-server";

let t: TestDb;
let server: BuiltServer;
let stderr: () => string;
let token: string;
let cookie: string;
let values: Record<string, string>;
let operatorId: number;

const MB = 1024 * 1024;
const send = (method: string, p: string, init?: RawInit) => sendTo(server.base, method, p, init);

beforeAll(async () => {
  ({ t, server, stderr } = await startBuiltServer());
  token = operatorToken(t.db);
  // Every role: the LPPM areas open for this session.
  ({ cookie, id: operatorId } = await operatorSession(t, server.base, { everyRole: true }));
  values = routeValues(t);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

/** The answer's head to a request that declares `length` bytes of body and sends `sent` of them, then waits. */
type Stalled = { status: Promise<{ status: number; location: string }>; sentAll: Promise<void>; close: () => void };

function stalledPost(p: string, headers: Record<string, string>, length: number, sent: number): Stalled {
  const { port } = new URL(server.base);
  // Half-open, as HTTP clients are: the server's end of its answer does not stop the body.
  const socket = net.connect({ port: Number(port), host: "127.0.0.1", allowHalfOpen: true });
  let head = "";
  const status = new Promise<{ status: number; location: string }>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const end = head.indexOf("\r\n\r\n");
      if (end === -1) return;
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), location: /\r\nlocation: ([^\r]*)/i.exec(head.slice(0, end))?.[1] ?? "" });
    });
    socket.on("close", () => resolve({ status: 0, location: "" }));
  });
  socket.on("error", () => {});
  const lines = [`POST ${p} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Length: ${length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  const sentAll = new Promise<void>((resolve) => {
    socket.once("close", () => resolve());
    let left = sent;
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const pump = () => {
      while (left > 0 && !socket.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (left === 0) return void socket.write(piece, () => resolve());
        if (!socket.write(piece)) return void socket.once("drain", pump);
      }
      resolve();
    };
    pump();
  });
  return { status, sentAll, close: () => socket.destroy() };
}

const MULTIPART = "multipart/form-data; boundary=----etalase-stall";
/** LPPM screens whose forms carry a document (their bodies may be ~10.5 MB). */
const DOCUMENT_PATHS = ["/pengusul/penelitian/usulan-baru", "/pengusul/pengabdian/laporan-akhir", "/reviewer/evaluasi-substansi", "/kepalalppm/monitoring/laporan-akhir"];

describe("bodies that need a login or a token", () => {
  it("40 stalled anonymous 10 MB bodies on the LPPM areas: each answered by the guard, none held in memory; /healthz answers meanwhile", async () => {
    expect((await send("GET", "/healthz")).status).toBe(200);
    const rssBefore = rssMb(server.pid!);
    const length = 10 * MB;
    // The whole body but its last 4 KB, then nothing: a server reading it would hold ~10 MB each.
    const stalled = Array.from({ length: 40 }, (_, i) => stalledPost(DOCUMENT_PATHS[i % DOCUMENT_PATHS.length]!, { "Content-Type": MULTIPART }, length, length - 4096));
    try {
      for (const s of stalled) expect(await s.status).toEqual({ status: 302, location: expect.stringMatching(/^\/login\?redirectTo=/) });
      await Promise.all(stalled.map((s) => s.sentAll));
      expect((await send("GET", "/healthz")).status).toBe(200);
      expect(rssMb(server.pid!) - rssBefore).toBeLessThan(100);
    } finally {
      for (const s of stalled) s.close();
    }
  }, 120_000);

  it("40 stalled document bodies with a valid session: kept on disk, not in memory", async () => {
    const rssBefore = rssMb(server.pid!);
    const length = MAX_DOCUMENT_BYTES;
    const stalled = Array.from({ length: 40 }, (_, i) =>
      stalledPost(DOCUMENT_PATHS[i % DOCUMENT_PATHS.length]!, { "Content-Type": MULTIPART, Cookie: cookie }, length, length - 4096),
    );
    try {
      await Promise.all(stalled.map((s) => s.sentAll));
      expect((await send("GET", "/healthz")).status).toBe(200);
      // 400 MB sent and waiting: none of it in the process (the memory budget alone is 64 MB).
      expect(rssMb(server.pid!) - rssBefore).toBeLessThan(BODY_MEMORY_MB_DEFAULT);
    } finally {
      for (const s of stalled) s.close();
    }
  }, 120_000);

  it("every page and API call that needs a login or a token answers an anonymous post before its body arrives", async () => {
    const guarded = [];
    for (const route of APP_ROUTES) {
      if (route.path.endsWith("*") || !(await routeModule(route)).action) continue;
      const first = route.path.split("/")[1]!;
      const api = first === "api";
      if (api && ANONYMOUS_API_BODY_PATHS.has(route.path.slice("/api/".length))) continue;
      if (!api && !["operator", "pengusul", "reviewer", "kepalalppm", "sekretarislppm", "operatorfakultas", "akun"].includes(first)) continue;
      guarded.push(route);
    }
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded) {
      const target = concretePath(route.path, values);
      const s = stalledPost(target, { "Content-Type": MULTIPART }, 100 * 1024, 1024);
      const answer = await s.status;
      s.close();
      if (route.path.startsWith("/api/")) expect(answer.status, target).toBe(401);
      else expect(answer, target).toEqual({ status: 302, location: expect.stringMatching(/^\/login\?redirectTo=/) });
    }
  }, 120_000);

  it("the API calls that read a body without a token are the sign-in and the forgotten password, each a route with an action", async () => {
    expect([...ANONYMOUS_API_BODY_PATHS].sort()).toEqual(["cekpass", "login", "resetpassword"]);
    for (const api of API_ROUTES.filter((r) => r.anonymousBody)) {
      const route = APP_ROUTES.find((r) => r.id === api.id)!;
      expect((await routeModule(route)).action, api.path).toBeTypeOf("function");
    }
  });
});

/** Whether the server answered `100 Continue` before its final answer, and that answer. */
function expectContinue(p: string, headers: Record<string, string>, body: Buffer): Promise<{ continued: boolean; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = http.request(`${server.base}${p}`, { method: "POST", agent: false, headers: { ...headers, Expect: "100-continue", "Content-Length": body.length } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        resolve({ continued, status: res.statusCode ?? 0, body: text });
        req.destroy();
      });
    });
    req.on("continue", () => {
      continued = true;
      req.end(body);
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

describe("Expect: 100-continue", () => {
  it("is answered without 100 Continue for an anonymous or oversized body, with it for a body that is read", async () => {
    const small = multipart({ kategori: `Kategori Expect ${Date.now()}` });
    const anonymous = await expectContinue("/api/kategoriprodukform", { "Content-Type": small.type }, small.body);
    expect(anonymous).toMatchObject({ continued: false, status: 401 });
    const page = await expectContinue("/operator/produk/kategoriproduk", { "Content-Type": small.type }, small.body);
    expect(page).toMatchObject({ continued: false, status: 302 });

    const huge = multipart({}, { name: "besar.jpg", field: "gambar", bytes: Buffer.alloc(BODY_LIMITS.multipart, 0xff) });
    const oversized = await expectContinue("/api/galeriform", { "Content-Type": huge.type, Authorization: `Bearer ${token}` }, huge.body);
    expect(oversized.continued).toBe(false);
    expect(oversized.status).toBe(413);
    expect(JSON.parse(oversized.body)).toEqual({ message: UPLOAD_TOO_BIG });

    const valid = await expectContinue("/api/kategoriprodukform", { "Content-Type": small.type, Authorization: `Bearer ${token}` }, small.body);
    expect(valid.continued).toBe(true);
    expect(valid.status, valid.body).toBe(201);
  });
});

describe("the memory budget", () => {
  it("a body that would pass it is answered 503 with Retry-After, unread; once bodies end there is room again", async () => {
    // Image uploads of the back office are read into memory: each reserves its declared length.
    const length = BODY_LIMITS.multipart;
    const fit = Math.floor((BODY_MEMORY_MB_DEFAULT * MB) / length);
    const target = "/operator/profil/galeri?tambah=1";
    const holding = Array.from({ length: fit }, () => stalledPost(target, { "Content-Type": MULTIPART, Cookie: cookie }, length, 1024));
    try {
      await Promise.all(holding.map((s) => s.sentAll));
      // Each of them reserved its length before it read a byte: one more does not fit.
      const over = await send("POST", target, { headers: { "Content-Type": MULTIPART, Cookie: cookie }, declare: length });
      expect(over.status).toBe(503);
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
      expect(over.body).toContain("Server sedang menerima banyak data");
      const api = await send("POST", "/api/galeriform", { headers: { "Content-Type": MULTIPART, Authorization: `Bearer ${token}` }, declare: length });
      expect(api.status).toBe(503);
      expect(JSON.parse(api.body).message).toContain("Server sedang menerima banyak data");
    } finally {
      for (const s of holding) s.close();
    }
    // Their reservations end with their connections.
    await expect
      .poll(async () => (await send("POST", "/api/kategoriprodukform", { headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: JSON.stringify({ kategori: `Lega ${Date.now()}` }) })).status)
      .toBe(201);
  }, 60_000);
});

// ---- Clients that send the whole body before they read the answer -------------------------

const PYTHON_POST = `
import json, sys, urllib.request, urllib.error
url, size, name, value = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
boundary = "----etalase-python"
parts = [
  b"--" + boundary.encode() + b"\\r\\nContent-Disposition: form-data; name=\\"intent\\"\\r\\n\\r\\ntambah\\r\\n",
  b"--" + boundary.encode() + b"\\r\\nContent-Disposition: form-data; name=\\"id_produk\\"\\r\\n\\r\\n" + sys.argv[5].encode() + b"\\r\\n",
  b"--" + boundary.encode() + b"\\r\\nContent-Disposition: form-data; name=\\"gambar\\"; filename=\\"foto.jpg\\"\\r\\nContent-Type: image/jpeg\\r\\n\\r\\n" + b"\\xff" * size + b"\\r\\n",
  b"--" + boundary.encode() + b"--\\r\\n",
]
request = urllib.request.Request(url, data=b"".join(parts), method="POST", headers={"Content-Type": "multipart/form-data; boundary=" + boundary, name: value})
try:
    with urllib.request.urlopen(request, timeout=120) as answer:
        print(json.dumps({"status": answer.status, "body": answer.read().decode("utf-8")}))
except urllib.error.HTTPError as answer:
    print(json.dumps({"status": answer.code, "body": answer.read().decode("utf-8")}))
except Exception as error:
    print(json.dumps({"error": repr(error)}))
`;

type Outcome = { status?: number; body?: string; error?: string };

function pythonPost(url: string, size: number, header: [string, string], produk: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    execFile("python3", ["-c", PYTHON_POST, url, String(size), header[0], header[1], produk], { maxBuffer: 16 * MB }, (error, stdout) => {
      if (error) return reject(error);
      resolve(JSON.parse(stdout) as Outcome);
    });
  });
}

async function fetchPost(url: string, size: number, header: [string, string], produk: string): Promise<Outcome> {
  const form = multipart({ intent: "tambah", id_produk: produk }, { name: "foto.jpg", field: "gambar", bytes: Buffer.alloc(size, 0xff) });
  try {
    const answer = await fetch(url, { method: "POST", headers: { "Content-Type": form.type, [header[0]]: header[1] }, body: form.body, redirect: "manual" });
    return { status: answer.status, body: await answer.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: `${String(error)} ${cause?.code ?? ""}` };
  }
}

describe("a refused upload is read by clients that send the whole body first", () => {
  it("Node's fetch and Python's urllib: 3, 8 and 25 MB photos get the API's 413 and the form's 413 page, never a broken connection", async () => {
    const produk = values.produkId!;
    const targets = [
      { url: `${server.base}/api/gambarprodukform`, header: ["Authorization", `Bearer ${token}`] as [string, string], api: true },
      { url: `${server.base}/operator/produk/gambarproduk/${produk}?tambah=1`, header: ["Cookie", cookie] as [string, string], api: false },
    ];
    const broken: string[] = [];
    for (const size of [3 * MB, 8 * MB, 25 * MB]) {
      for (const target of targets) {
        for (const [client, post] of [["fetch", fetchPost], ["urllib", pythonPost]] as const) {
          const outcome = await post(target.url, size, target.header, produk);
          const label = `${client} ${size / MB} MB ${target.api ? "API" : "form"}`;
          if (outcome.error) {
            broken.push(`${label}: ${outcome.error}`);
            continue;
          }
          expect(outcome.status, label).toBe(413);
          if (target.api) expect(JSON.parse(outcome.body!), label).toEqual({ message: UPLOAD_TOO_BIG });
          else expect(outcome.body, label).toContain(UPLOAD_TOO_BIG);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 180_000);
});

describe("documents on disk", () => {
  const bodiesLeft = () => {
    const dir = path.join(t.dir, "tmp", "bodies");
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  it("a proposal's 6 MB PDF through the server is stored whole, with its name; nothing of its body stays behind", async () => {
    const usulan = ownDraft(t, operatorId);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(6 * MB, 0x20), Buffer.from("\n%%EOF\n")]);
    const form = multipart({ intent: "unggah-dokumen" }, { name: "Proposal – Jati Ukir.pdf", field: "berkas", bytes: pdf, type: "application/pdf" });
    const answer = await send("POST", `/pengusul/usulan/${usulan}?bagian=dokumen`, { headers: { "Content-Type": form.type, Cookie: cookie }, body: form.body });
    expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(400);
    const row = t.db.$client.prepare("select file, nama_file, ukuran from usulan_dokumen where id_usulan = ?").get(usulan) as { file: string; nama_file: string; ukuran: number };
    expect(row).toMatchObject({ nama_file: "Proposal – Jati Ukir.pdf", ukuran: pdf.length });
    expect(fs.readFileSync(path.join(t.dir, "dokumen", row.file)).equals(pdf)).toBe(true);
    await expect.poll(bodiesLeft).toBe(0);
  });

  it("a document that is not a PDF is still refused by its content; a body that breaks off leaves nothing behind", async () => {
    const usulan = ownDraft(t, operatorId);
    const fake = multipart({ intent: "unggah-dokumen" }, { name: "bukan.pdf", field: "berkas", bytes: Buffer.alloc(MB, 0x41), type: "application/pdf" });
    const refused = await send("POST", `/pengusul/usulan/${usulan}?bagian=dokumen`, { headers: { "Content-Type": fake.type, Cookie: cookie }, body: fake.body });
    expect(refused.status).toBe(422);
    expect(refused.body).toContain(DOCUMENT_BAD_TYPE(["pdf"]));
    expect(t.db.$client.prepare("select count(*) as n from usulan_dokumen where id_usulan = ?").get(usulan)).toEqual({ n: 0 });
    const broken = stalledPost(`/pengusul/usulan/${usulan}?bagian=dokumen`, { "Content-Type": MULTIPART, Cookie: cookie }, 8 * MB, 2 * MB);
    await broken.sentAll;
    broken.close();
    await expect.poll(bodiesLeft).toBe(0);
  });

  it("a CSV import through the API is read from disk: the dry run answers its plan", async () => {
    const { kategori } = t.db.$client.prepare("select kategori from kategori limit 1").get() as { kategori: string };
    const csv = Buffer.from(`\uFEFFslug,nama_produk,kategori,harga,deskripsi\n,Kursi Uji Disk,${kategori},150000,Dari berkas\n`);
    const form = multipart({}, { name: "produk.csv", field: "berkas", bytes: csv, type: "text/csv" });
    const answer = await send("POST", "/api/produkcsv", { headers: { "Content-Type": form.type, Authorization: `Bearer ${token}` }, body: form.body });
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).data).toMatchObject({ terapkan: false, ringkasan: { ditambah: 1 } });
    await expect.poll(bodiesLeft).toBe(0);
  });

  it("nothing above reached a 500 or a stack trace", () => {
    expect(stderr()).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });
});

/**
 * Request bodies at the front of the server, before any route runs (README, "Request bodies").
 * Each request with a body gets one verdict, from its headers alone, before a byte of the body
 * is read (admitBody; server.js asks for it before it answers `100 Continue`):
 *
 *   refused  the body is not read: a page or API call that needs a login or a token without a
 *            valid one (bodySender), a Content-Type we do not accept, a declared length over
 *            the limit, or a request answered before React Router (a bad Host, a cross-site
 *            post). The route still runs, marked with BODY_REFUSED_HEADER, and answers in its
 *            own way (its guard's redirect or 401, 'Ukuran file harus kurang dari 2MB', the
 *            API's 413/415); the rest of the body is then drained (linger).
 *   busy     the body would not fit in the memory budget (body-budget.server.ts): 503 with
 *            Retry-After, and drained.
 *   memory   read into memory, up to its limit (a streamed body past it is refused as above).
 *   disk     a body that may carry a document or a CSV file: written to a file as it arrives
 *            (body-files.server.ts), so it holds no memory, and removed when the request ends.
 *
 * A body that stops arriving for BODY_IDLE_MS is answered 408 and its connection closed; the
 * whole request has REQUEST_TIMEOUT_MS (server.js sets it on the HTTP server).
 */
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import type express from "express";
import { bodySender } from "../app/http/body-access.server";
import {
  BODY_BUSY,
  BODY_FILE_HEADER,
  BODY_NOT_STORED,
  BODY_REFUSED_HEADER,
  BODY_TIMEOUT,
  bodyKind,
  bodyLimit,
  spoolsToDisk,
  type BodyKind,
} from "../app/http/body.server";
import { isCrossSiteRequest } from "../app/http/guard.server";
import { bodyBudget } from "../app/lib/server/body-budget.server";
import { newBodyFolder, removeBodyFolder } from "../app/lib/server/body-files.server";
import { PRIVATE_FILE_MODE } from "../app/lib/server/private-files.server";
import { isApiPath, isValidHost, routedPath } from "./host";

/**
 * The whole request, headers and body: 10.5 MB (a document with its form) from a phone on a
 * slow link still fits, at ~300 kbit/s (EDGE, a crowded 3G cell). Node checks it every 30 s.
 */
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
/** No byte of a body for this long: the sender stalled or went away; the connection is closed. */
export const BODY_IDLE_MS = 30 * 1000;
/**
 * A refused body is still read and thrown away, at most this much and this long, after its
 * answer was sent (nginx's lingering close): clients that send the whole body before they
 * read the answer (Node's fetch, Python's urllib and requests, most phone HTTP stacks) then
 * read it instead of a broken pipe. Past either bound the connection is closed.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 30 * 1000;
/** When to try again after a 503 for the memory budget: stalled bodies are gone by then. */
export const BUSY_RETRY_AFTER_S = 10;

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

type Verdict =
  | { read: "none" }
  | { read: "memory" | "disk"; kind: BodyKind; limit: number }
  /** `reason` for BODY_REFUSED_HEADER; null for a request answered before React Router. */
  | { refuse: string | null }
  | { busy: true };

// Symbol.for: in development a changed module is loaded again while requests are in flight.
const VERDICT = Symbol.for("etalase.body-verdict");
const BODY = Symbol.for("etalase.body");
const LINGERING = Symbol.for("etalase.body-lingering");
type Carrying = http.IncomingMessage & { [VERDICT]?: Verdict; [BODY]?: Buffer<ArrayBuffer>; [LINGERING]?: true };

const EMPTY: Buffer<ArrayBuffer> = Buffer.alloc(0);

/** The body the gate read into memory (empty when none, refused, or kept on disk). */
export function bodyOf(req: http.IncomingMessage): Buffer<ArrayBuffer> {
  return (req as Carrying)[BODY] ?? EMPTY;
}

function decide(req: http.IncomingMessage, res: http.ServerResponse): Verdict {
  if (WITHOUT_BODY.has(req.method ?? "GET")) return { read: "none" };
  const { headers } = req;
  const declared = headers["content-length"];
  const chunked = headers["transfer-encoding"] !== undefined;
  if (!chunked && (declared === undefined || Number(declared) === 0)) return { read: "none" };
  const pathname = routedPath(req);
  // Answered 400 and 403 in front of React Router: nothing there reads a body.
  if (!isValidHost(headers.host)) return { refuse: null };
  const secFetchSite = headers["sec-fetch-site"];
  const crossSite = isCrossSiteRequest(
    req.method ?? "POST",
    { origin: headers.origin, secFetchSite: typeof secFetchSite === "string" ? secFetchSite : undefined },
    headers.host ?? "",
  );
  if (crossSite && !isApiPath(pathname)) return { refuse: null };
  const kind = bodyKind(headers["content-type"]);
  if (!kind) return { refuse: "unsupported" };
  const sender = bodySender(pathname, { cookie: headers.cookie, authorization: headers.authorization });
  if (sender === "refused") return { refuse: "unauthenticated" };
  const limit = bodyLimit(kind, pathname);
  if (declared !== undefined && Number(declared) > limit) return { refuse: `413:${kind}` };
  if (spoolsToDisk(kind, pathname)) return { read: "disk", kind, limit };
  // A body sent without a length may be as long as its limit.
  const release = bodyBudget().reserve(declared !== undefined ? Number(declared) : limit, sender === "anonymous");
  if (!release) return { busy: true };
  res.once("close", release);
  return { read: "memory", kind, limit };
}

/** The request's verdict, decided once (before `100 Continue`, or by the gate). */
function verdictOf(req: http.IncomingMessage, res: http.ServerResponse): Verdict {
  const carrying = req as Carrying;
  carrying[VERDICT] ??= decide(req, res);
  return carrying[VERDICT];
}

/**
 * For `Expect: 100-continue` (server.js): true when the body will be read, so the client may
 * send it; false when the request is answered without it (refused, or no room in the budget).
 */
export function admitBody(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  return "read" in verdictOf(req, res);
}

/** The gate, first in the Express app: every request's body by its verdict. */
export function bodyGate(req: express.Request, res: express.Response, next: express.NextFunction) {
  // Only the server sets x-etalase-* headers (BODY_REFUSED_HEADER, BODY_FILE_HEADER, the client address).
  for (const key of Object.keys(req.headers)) if (key.startsWith("x-etalase-")) delete req.headers[key];
  const verdict = verdictOf(req, res);
  if ("busy" in verdict) {
    linger(req, res);
    return answer(req, res, 503, BODY_BUSY, { "Retry-After": String(BUSY_RETRY_AFTER_S) });
  }
  if ("refuse" in verdict) return refuse(req, res, next, verdict.refuse);
  if (verdict.read === "none") return next();
  if (verdict.read === "memory") return readToMemory(req, res, next, verdict.kind, verdict.limit);
  readToDisk(req, res, next, verdict.kind, verdict.limit).catch(next);
}

function refuse(req: http.IncomingMessage, res: http.ServerResponse, next: express.NextFunction, reason: string | null) {
  if (reason) req.headers[BODY_REFUSED_HEADER] = reason;
  linger(req, res);
  next();
}

/** An answer of the front of the server itself: JSON on the API, plain text elsewhere; the connection closes after it. */
function answer(req: http.IncomingMessage, res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  const api = isApiPath(routedPath(req));
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  res.end(api ? JSON.stringify({ message }) : message);
}

type Reader = {
  /** False once the body has passed its limit. */
  chunk(chunk: Buffer): boolean;
  end(): void;
  /** Reading stopped before the end: let go of what was kept. */
  stop(): void;
};

/**
 * Reads the body through `reader`. Past the limit: refused as too large (the route answers,
 * the rest is drained). No byte for BODY_IDLE_MS: 408. The client gone: nothing to answer.
 * Answers a function that stops reading with a 503 (the body could not be kept).
 */
function receive(req: http.IncomingMessage, res: http.ServerResponse, next: express.NextFunction, kind: BodyKind, reader: Reader) {
  let done = false;
  const idle = setTimeout(() => finish("idle"), BODY_IDLE_MS);
  const onData = (chunk: Buffer) => {
    idle.refresh();
    if (!reader.chunk(chunk)) finish("over");
  };
  const onEnd = () => finish("end");
  const onGone = () => finish("gone");
  function finish(how: "end" | "over" | "idle" | "gone" | "failed") {
    if (done) return;
    done = true;
    clearTimeout(idle);
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onGone);
    res.off("close", onGone);
    if (how === "end") return reader.end();
    reader.stop();
    if (how === "over") return refuse(req, res, next, `413:${kind}`);
    if (how === "idle") return answer(req, res, 408, BODY_TIMEOUT);
    if (how === "failed") {
      linger(req, res);
      answer(req, res, 503, BODY_NOT_STORED, { "Retry-After": String(BUSY_RETRY_AFTER_S) });
    }
  }
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", onGone);
  res.on("close", onGone);
  return () => finish("failed");
}

function readToMemory(req: http.IncomingMessage, res: http.ServerResponse, next: express.NextFunction, kind: BodyKind, limit: number) {
  let chunks: Buffer[] = [];
  let total = 0;
  receive(req, res, next, kind, {
    chunk(chunk) {
      total += chunk.length;
      if (total > limit) return false;
      chunks.push(chunk);
      return true;
    },
    end() {
      (req as Carrying)[BODY] = Buffer.concat(chunks, total);
      next();
    },
    stop() {
      chunks = [];
    },
  });
}

async function readToDisk(req: http.IncomingMessage, res: http.ServerResponse, next: express.NextFunction, kind: BodyKind, limit: number) {
  let dir: string;
  try {
    dir = await newBodyFolder();
  } catch {
    linger(req, res);
    return answer(req, res, 503, BODY_NOT_STORED, { "Retry-After": String(BUSY_RETRY_AFTER_S) });
  }
  // The body and every file read from it live until the answer has been sent.
  res.once("close", () => removeBodyFolder(dir));
  const file = path.join(dir, "body");
  const out = fs.createWriteStream(file, { mode: PRIVATE_FILE_MODE, flags: "wx" });
  let total = 0;
  let received = false;
  const fail = receive(req, res, next, kind, {
    chunk(chunk) {
      total += chunk.length;
      if (total > limit) return false;
      // The disk is slower than the socket now and then: the socket waits (backpressure).
      if (!out.write(chunk)) {
        req.pause();
        out.once("drain", () => req.resume());
      }
      return true;
    },
    end() {
      received = true;
      out.end(() => {
        if (out.errored) return;
        req.headers[BODY_FILE_HEADER] = file;
        next();
      });
    },
    stop() {
      out.destroy();
    },
  });
  out.once("error", () => {
    if (!received) return fail();
    if (!res.headersSent) answer(req, res, 503, BODY_NOT_STORED, { "Retry-After": String(BUSY_RETRY_AFTER_S) });
  });
}

/**
 * The lingering close of a body that is not read: Connection: close on the answer, and the
 * rest of the body read and thrown away — up to DRAIN_MAX_BYTES, for up to DRAIN_MAX_MS, and
 * never more than BODY_IDLE_MS without a byte — before the connection is closed. Without it
 * Node closes the socket as soon as the answer is written, and a client still sending its body
 * gets a broken pipe instead of the answer. After the answer the server's side is shut for
 * writing (the client sees the end of the answer) while the rest is still read.
 */
export function linger(req: http.IncomingMessage, res: http.ServerResponse) {
  const carrying = req as Carrying;
  if (carrying[LINGERING]) return;
  carrying[LINGERING] = true;
  if (!res.headersSent) res.setHeader("Connection", "close");
  if (req.readableEnded) return;
  const socket = req.socket as http.IncomingMessage["socket"] & { destroySoon?: () => void };
  const destroySoon = socket.destroySoon;
  let state: "draining" | "drained" | "cut" = "draining";
  let answered = false;
  let drained = 0;
  const deadline = setTimeout(() => stop("cut"), DRAIN_MAX_MS);
  const idle = setTimeout(() => stop("cut"), BODY_IDLE_MS);
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) return stop("cut");
    idle.refresh();
  };
  function stop(how: "drained" | "cut") {
    if (state !== "draining") return;
    state = how;
    clearTimeout(deadline);
    clearTimeout(idle);
    req.off("data", onData);
    if (how === "cut") req.pause();
    // Answered already: close now (after what is still being written); else Node closes after the answer.
    if (answered) destroySoon?.call(socket);
  }
  req.on("data", onData);
  req.once("end", () => stop("drained"));
  socket.once("close", () => stop("cut"));
  // Node closes a `Connection: close` connection with destroySoon() once the answer is written.
  socket.destroySoon = function lingeringClose() {
    answered = true;
    if (state !== "draining") return destroySoon?.call(socket);
    socket.end();
  };
}

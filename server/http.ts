/**
 * The edge between Node's HTTP server and React Router: a request becomes a Fetch `Request`
 * here (its body already read and capped), and a Fetch `Response` is written back. Written
 * for this app instead of @react-router/express's adapter because the body must be read by
 * us, once, within its limit, before any route runs; everything else is what that adapter did.
 */
import type express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { BODY_REFUSED_HEADER, bodyKind, bodyLimit } from "../app/http/body.server";
import { renderedBodyOf } from "../app/http/rendered-body";
import { compressDynamic, isCompressible, MIN_COMPRESS_BYTES, pickEncoding } from "../app/lib/server/encoding.server";

/** Set on `req` by the body gate: the whole body, within its kind's limit. */
const BODY = Symbol("etalase.body");
type WithBody = express.Request & { [BODY]?: Buffer<ArrayBuffer> };

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

// Host names (underscores allowed: internal service names carry them), IPv4, or [IPv6], with a port.
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A host name (or address) with an optional port. */
export function isValidHost(host: string | undefined): boolean {
  const value = host ?? "";
  const port = Number(/:(\d+)$/.exec(value)?.[1] ?? 0);
  return HOST.test(value) && port <= 65535;
}

/** A Host header that is not a host name (or address) with an optional port answers 400. */
export function hostGuard(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (isValidHost(req.get("host"))) return next();
  res.status(400).set("Connection", "close").type("text/plain; charset=utf-8").send("Permintaan tidak valid: header Host salah.");
}

/**
 * Reads the body of every request that has one, before any route: at most its kind's limit
 * (bodyLimit: by Content-Type, and for a form with a document by path). A declared Content-Length over the limit is refused at once,
 * without reading a byte of it; a streamed body is cut off when it passes the limit; a body
 * of a kind we do not accept is not read at all. A refused body is not answered here: the
 * request goes on without it, marked with BODY_REFUSED_HEADER, so the route answers in its own
 * way (the form with 'Ukuran file harus kurang dari 2MB', the API's JSON 413/415), and the
 * connection is closed after that answer so the unread rest never is.
 */
export function bodyGate(req: express.Request, res: express.Response, next: express.NextFunction) {
  delete req.headers[BODY_REFUSED_HEADER];
  if (WITHOUT_BODY.has(req.method)) return next();
  const declared = req.get("content-length");
  const chunked = req.get("transfer-encoding") !== undefined;
  if (!chunked && (declared === undefined || Number(declared) === 0)) {
    (req as WithBody)[BODY] = Buffer.alloc(0);
    return next();
  }
  const refuse = (reason: string) => {
    req.headers[BODY_REFUSED_HEADER] = reason;
    (req as WithBody)[BODY] = Buffer.alloc(0);
    res.setHeader("Connection", "close");
    req.pause();
    next();
  };
  const kind = bodyKind(req.get("content-type"));
  if (!kind) return refuse("unsupported");
  const limit = bodyLimit(kind, req.path);
  if (declared !== undefined && Number(declared) > limit) return refuse(`413:${kind}`);

  const chunks: Buffer[] = [];
  let total = 0;
  let done = false;
  const finish = (outcome: "read" | "over") => {
    if (done) return;
    done = true;
    req.off("data", onData);
    req.off("end", onEnd);
    if (outcome === "over") return refuse(`413:${kind}`);
    (req as WithBody)[BODY] = Buffer.concat(chunks, total);
    next();
  };
  const onData = (chunk: Buffer) => {
    total += chunk.length;
    if (total > limit) return finish("over");
    chunks.push(chunk);
  };
  const onEnd = () => finish("read");
  req.on("data", onData);
  req.on("end", onEnd);
  // A client that goes away mid-body: nobody is left to answer.
  req.once("error", () => {
    done = true;
  });
}

/** The Fetch request React Router sees: this URL, these headers, the body the gate read. */
export function toFetchRequest(req: express.Request, res: express.Response): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const key = req.rawHeaders[i]!;
    if (key.toLowerCase() === BODY_REFUSED_HEADER) continue;
    headers.append(key, req.rawHeaders[i + 1]!);
  }
  // Headers the Express layer set itself (client address, body refusal) override the client's.
  for (const [key, value] of Object.entries(req.headers)) {
    if (key.startsWith("x-etalase-") && typeof value === "string") headers.set(key, value);
  }
  const controller = new AbortController();
  // Only a client that left before the answer was sent aborts the work (as React Router's own
  // Express adapter does): an abort builds a DOMException with its stack, on every request.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = WITHOUT_BODY.has(req.method) ? undefined : ((req as WithBody)[BODY] ?? Buffer.alloc(0));
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(body && body.length > 0 ? { body } : {}),
  });
}

/**
 * Writes a Fetch response: compressible bodies whole and compressed once, files streamed. Responses that do not say how they may be cached are private:
 * only answers that set `Cache-Control: public` themselves may be kept by a shared cache.
 */
export async function sendFetchResponse(req: express.Request, res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") res.append(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", "private, no-store");
  if (req.method === "HEAD" || !response.body) {
    res.end();
    return;
  }
  const type = response.headers.get("content-type");
  if (isCompressible(type) && !response.headers.has("content-encoding")) {
    // Pages, .data payloads, JSON, CSV: the whole body, compressed once (encoding.server.ts).
    const body = renderedBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
    res.append("Vary", "Accept-Encoding");
    const encoding = body.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.get("accept-encoding")) : null;
    const sent = encoding ? compressDynamic(body, encoding) : body;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(sent.length));
    res.end(sent);
    return;
  }
  // Files (PDF, XLSX, …) stream as they are.
  res.flushHeaders();
  await writeReadableStreamToWritable(response.body, res);
}

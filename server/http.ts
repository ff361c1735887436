/**
 * The edge between Node's HTTP server and React Router: a request becomes a Fetch `Request`
 * here (its body already read and capped by the gate, server/body.ts), and a Fetch `Response`
 * is written back. Written for this app instead of @react-router/express's adapter because the
 * body must be read by us, once, within its limit, before any route runs; everything else is
 * what that adapter did.
 */
import type express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { renderedBodyOf } from "../app/http/rendered-body";
import { compressDynamic, isCompressible, MIN_COMPRESS_BYTES, pickEncoding } from "../app/lib/server/encoding.server";
import { bodyOf } from "./body";

export { admitBody, bodyGate, REQUEST_TIMEOUT_MS } from "./body";
export { hostGuard, isApiPath, isValidHost } from "./host";

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** The Fetch request React Router sees: this URL, these headers, the body the gate read. */
export function toFetchRequest(req: express.Request, res: express.Response): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const key = req.rawHeaders[i]!;
    // A client's x-etalase-* headers never reach a route: only the server's own (below) do.
    if (key.toLowerCase().startsWith("x-etalase-")) continue;
    headers.append(key, req.rawHeaders[i + 1]!);
  }
  // Headers the Express layer set itself (client address, body refusal, body file).
  for (const [key, value] of Object.entries(req.headers)) {
    if (key.startsWith("x-etalase-") && typeof value === "string") headers.set(key, value);
  }
  const controller = new AbortController();
  // Only a client that left before the answer was sent aborts the work (as React Router's own
  // Express adapter does): an abort builds a DOMException with its stack, on every request.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  // A body kept on disk is not passed here: readBody reads it from its file (BODY_FILE_HEADER).
  const body = WITHOUT_BODY.has(req.method) ? undefined : bodyOf(req);
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

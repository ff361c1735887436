/** What the front of the server checks on every request's address: its Host header and path. */
import type http from "node:http";
import type express from "express";

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

/** The JSON API's paths (any case, as React Router matches them). */
export function isApiPath(path: string): boolean {
  return /^\/api(\/|$)/i.test(path);
}

/**
 * The path React Router will see: the request's URL resolved as toFetchRequest resolves it
 * (dot segments gone), without the query.
 */
export function routedPath(req: http.IncomingMessage): string {
  try {
    return new URL(req.url ?? "/", "http://localhost").pathname;
  } catch {
    return (req.url ?? "/").split("?")[0]!;
  }
}

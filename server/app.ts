/**
 * The Express app around React Router: security headers (CSP by nonce), compression,
 * hashed assets with immutable caching, uploaded files, and start-up (migrate + seed).
 */
import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider } from "react-router";
import { nonceContext } from "../app/lib/context";
import { getEnv } from "../app/lib/env.server";
import { getDb } from "../app/lib/db.server";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "../app/lib/guard.server";
import { serveUpload } from "../app/lib/uploads.server";
import { seedDatabase } from "../db/seed";

/** Validates env, applies pending migrations and seeds an empty database. Runs before listen. */
export async function prepare() {
  const env = getEnv();
  const db = getDb();
  await seedDatabase(db, env);
}

export function runtimeEnv() {
  const { PORT, HOST } = getEnv();
  return { PORT, HOST };
}

const isProduction = process.env.NODE_ENV === "production";

export const app = express();
app.disable("x-powered-by");

app.use((req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  const scriptSrc = isProduction
    ? `'nonce-${nonce}' 'strict-dynamic'`
    : `'self' 'unsafe-inline' 'unsafe-eval'`;
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src 'self'${isProduction ? "" : " ws: wss:"}`,
      "frame-src https://www.google.com https://maps.google.com https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
      "frame-ancestors 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  next();
});

app.use(compression());

// Cross-site form posts get a 403 before React Router sees them (its own check answers 400).
// The JSON API is exempt: it authenticates with Bearer tokens, not cookies, and answers CORS.
app.use((req, res, next) => {
  if (req.path.startsWith("/api/")) return next();
  const crossSite = isCrossSiteRequest(
    req.method,
    { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
    req.get("host") ?? "",
  );
  if (!crossSite) return next();
  res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_MESSAGE);
});

app.get("/uploads/{*file}", (req, res) => serveUpload(req, res));

if (isProduction) {
  const client = path.resolve("build/client");
  app.use(
    "/assets",
    express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(client, { maxAge: "1h", index: false }));
}

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(nonceContext, String(res.locals.nonce));
      return context;
    },
  }),
);

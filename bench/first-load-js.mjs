// First-load JavaScript (README, "Measuring speed"): for each page, every /assets/*.js its HTML
// loads (<script src>, <link rel="modulepreload">, the inline module imports) plus their static
// imports, deduplicated, gzip-compressed at level 6 (what the server sends) and summed, with the
// CSS and the HTML beside it. Code loaded later by import() is not counted.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The /assets/ files a page's HTML loads before hydrating. */
function assetsOf(html) {
  const found = new Set();
  const add = (u) => {
    if (u && u.startsWith("/assets/")) found.add(u.split(/[?#]/)[0]);
  };
  for (const m of html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi)) add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel\s*=\s*["']?modulepreload/i.test(m[0])) add(/\bhref\s*=\s*["']([^"']+)["']/i.exec(m[0])?.[1]);
  }
  // Module imports written inline by React Router (import * as route0 from "/assets/…"; import("/assets/…")).
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = m[1];
    for (const i of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) add(i[1]);
    for (const i of body.matchAll(/\bimport\(\s*["'](\/assets\/[^"']+\.js)["']\s*\)/g)) add(i[1]);
  }
  return found;
}

/** Adds the static import graph of each JS file (what the browser fetches before hydrating). */
function closeOverStaticImports(urls, clientDir) {
  const queue = [...urls];
  const seen = new Set(urls);
  while (queue.length) {
    const url = queue.shift();
    if (!url.endsWith(".js")) continue;
    const file = path.join(clientDir, url);
    if (!fs.existsSync(file)) continue;
    const code = fs.readFileSync(file, "utf8");
    for (const m of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const target = path.posix.join(path.posix.dirname(url), m[1]);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    const buf = fs.readFileSync(file);
    gzipCache.set(file, { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 6 }).length });
  }
  return gzipCache.get(file);
}

/** The first-load JavaScript of each `[name, path]` page, read from the server at `base` and from `clientDir`. */
export async function firstLoadJs(base, pages, clientDir) {
  const out = [];
  for (const [name, p] of pages) {
    const res = await fetch(base + p);
    const html = await res.text();
    const listed = assetsOf(html);
    const all = closeOverStaticImports(listed, clientDir);
    let jsGzip = 0;
    let jsRaw = 0;
    let cssGzip = 0;
    const files = [];
    const missing = [];
    for (const url of [...all].sort()) {
      const file = path.join(clientDir, url);
      if (!fs.existsSync(file)) {
        missing.push(url);
        continue;
      }
      const size = gzipSize(file);
      files.push({ url, ...size, preloaded: listed.has(url) });
      if (url.endsWith(".js")) {
        jsGzip += size.gzip;
        jsRaw += size.raw;
      }
    }
    for (const m of html.matchAll(/<link\b[^>]*rel\s*=\s*["']?stylesheet[^>]*>/gi)) {
      const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(m[0])?.[1];
      if (href?.startsWith("/assets/") && fs.existsSync(path.join(clientDir, href))) cssGzip += gzipSize(path.join(clientDir, href)).gzip;
    }
    out.push({
      name,
      path: p,
      status: res.status,
      htmlBytes: Buffer.byteLength(html),
      htmlGzip: zlib.gzipSync(html).length,
      jsFiles: files.filter((f) => f.url.endsWith(".js")).length,
      jsGzip,
      jsRaw,
      cssGzip,
      notPreloaded: files.filter((f) => !f.preloaded).map((f) => f.url),
      missing,
      files,
    });
  }
  return out;
}

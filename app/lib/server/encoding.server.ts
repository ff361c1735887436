/**
 * Response compression, once per body. A streaming compressor fed React's many small
 * chunks cost a logged-in page 10 ms of CPU; compressing the finished body once costs well under
 * 1 ms. Settings, from measuring four real pages (Node 24, one core, CPU per call → bytes):
 *
 * | setting | /produk (60 KB)   | proposal (41 KB) | proposer list (29 KB) | operator table (39 KB) |
 * | ------- | ----------------- | ---------------- | --------------------- | ---------------------- |
 * | br q2   | 0.33 ms → 9.3 KB  | 0.25 ms → 8.6 KB | 0.19 ms → 6.3 KB      | 0.16 ms → 6.3 KB       |
 * | br q3   | 0.42 ms → 9.2 KB  | 0.31 ms → 8.5 KB | 0.22 ms → 6.2 KB      | 0.21 ms → 6.2 KB       |
 * | br q4   | 0.70 ms → 8.7 KB  | 0.47 ms → 8.2 KB | 0.34 ms → 5.9 KB      | 0.35 ms → 5.9 KB       |
 * | br q5   | 1.08 ms → 8.2 KB  | 0.69 ms → 7.7 KB | 0.48 ms → 5.5 KB      | 0.52 ms → 5.5 KB       |
 * | gzip 6  | 0.75 ms → 9.5 KB  | 0.56 ms → 8.2 KB | 0.32 ms → 5.9 KB      | 0.35 ms → 6.1 KB       |
 *
 * - Rendered per request (never cached): brotli quality 3 in text mode, gzip level 6. Quality 3
 *   costs a third less CPU than 4 for 2–6 % more bytes (0.1–0.5 KB, milliseconds on a slow
 *   phone); on a deadline night the server's CPU is what runs out first. Below 3 the bytes
 *   grow faster than the CPU falls.
 * - Stored once (the public page cache, built assets): brotli 9 / gzip 9 for pages (a miss pays
 *   a few ms once); the immutable assets at build time, brotli 11 (scripts/compress-assets.mjs).
 */
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** Bodies smaller than this go out as they are (headers outweigh the saving). */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** Whether a response of this type is worth compressing (HTML, JSON, turbo-stream, CSV, …; not PDF, XLSX, images). */
export function isCompressible(contentType: string | null | undefined): boolean {
  return COMPRESSIBLE.test(contentType ?? "");
}

/** The best encoding the client accepts: br, then gzip, or null (identity). */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  const accept = (acceptEncoding ?? "").toLowerCase();
  const allows = (name: string) => {
    const match = accept.match(new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?`));
    return match !== null && (match[1] === undefined || Number(match[1]) > 0);
  };
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}

function brotli(body: Buffer, quality: number): Buffer {
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** A body rendered for one response, compressed once with the per-request settings. */
export function compressDynamic(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? brotli(body, 3) : zlib.gzipSync(body, { level: 6 });
}

/**
 * A copy with memory of its own. zlib's output is a slice of Node's shared Buffer pool (64 KB
 * slabs on Node 24), and a slice kept for long keeps its whole slab alive: with slices, the
 * page cache's 12 MB held 25–38 MB of buffers at the end of the bench's soak, 14–18 MB with
 * copies (RSS ≤ 200 MB).
 */
export function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.alloc(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** A body kept and sent many times (the page cache): compressed harder, in memory of its own. */
export function compressStored(body: Buffer, encoding: Encoding): Buffer {
  return ownCopy(encoding === "br" ? brotli(body, 9) : zlib.gzipSync(body, { level: 9 }));
}

/**
 * Response compression, once per body (issue 18). A streaming compressor fed React's many small
 * chunks cost a logged-in page 10 ms of CPU; compressing the finished body once costs well under
 * 1 ms. Settings, from measuring two real pages (61 KB /produk logged in, 40 KB operator table;
 * Node 24, one core, CPU per call → bytes):
 *
 * | setting  | /produk          | operator table   |
 * | -------- | ---------------- | ---------------- |
 * | br q1    | 0.11 ms → 10.1 KB | 0.11 ms → 6.9 KB |
 * | br q4    | 0.51 ms →  8.8 KB | 0.35 ms → 6.0 KB |
 * | br q5    | 0.81 ms →  8.2 KB | 0.56 ms → 5.5 KB |
 * | gzip 1   | 0.31 ms → 10.5 KB | 0.19 ms → 6.8 KB |
 * | gzip 6   | 0.62 ms →  9.6 KB | 0.35 ms → 6.1 KB |
 *
 * - Rendered per request (never cached): brotli quality 4 in text mode, gzip level 6: about
 *   half a millisecond for 85 % fewer bytes. Higher qualities buy < 1 KB for +50 % CPU.
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
  return encoding === "br" ? brotli(body, 4) : zlib.gzipSync(body, { level: 6 });
}

/** A body kept and sent many times (the page cache): both encodings, compressed harder. */
export function compressStored(body: Buffer): { br: Buffer; gzip: Buffer } {
  return { br: brotli(body, 9), gzip: zlib.gzipSync(body, { level: 9 }) };
}

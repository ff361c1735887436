/**
 * Request bodies kept on disk instead of in memory: the multipart bodies that may carry a
 * document or a CSV file (up to ~10.5 MB, README "Request bodies"). The front of the server
 * (server/body.ts) writes such a body, as it arrives, to a folder of its own under
 * `<data>/tmp/bodies` (0700) and removes the folder when the request ends; the route reads the
 * form from there (parseMultipartFile) and gets each file as a File backed by a file in the
 * same folder. So a slow or stalled upload holds no memory, and neither does reading it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import Busboy, { type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { getEnv } from "~/lib/server/env.server";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "~/lib/server/private-files.server";

/** `<data>/tmp/bodies` beside the database (the system's temp folder for an in-memory one). */
export function bodiesDir(): string {
  const url = getEnv().DATABASE_URL;
  if (url === ":memory:" || url.startsWith("file:")) return path.join(os.tmpdir(), `etalase-bodies-${process.pid}`);
  return path.join(path.dirname(path.resolve(url)), "tmp", "bodies");
}

/** A new private folder for one request's body. */
export async function newBodyFolder(): Promise<string> {
  const root = bodiesDir();
  ensurePrivateDir(path.dirname(root));
  ensurePrivateDir(root);
  const dir = path.join(root, crypto.randomBytes(12).toString("hex"));
  await fs.promises.mkdir(dir, { mode: 0o700 });
  return dir;
}

/** Removes a request's folder (its body and the files read from it). */
export function removeBodyFolder(dir: string): void {
  fs.promises.rm(dir, { recursive: true, force: true }).catch(() => {});
}

/** At start-up, before any request: the folders a process that died mid-request left behind. */
export function clearBodyFolders(): void {
  fs.rmSync(bodiesDir(), { recursive: true, force: true });
}

/** True for a body file the front of the server wrote (and nothing else on disk). */
export function isBodyFile(file: string): boolean {
  const root = bodiesDir();
  const full = path.resolve(file);
  return path.dirname(path.dirname(full)) === root && path.basename(full) === "body";
}

export class MultipartError extends Error {}

/**
 * The form in a multipart body stored at `file` (Content-Type `contentType`), parsed as it is
 * read (busboy): fields as text, files written beside the body and handed out as Files that
 * read from disk. `maxBytes` bounds a field's value, as the body's limit does.
 * A malformed body throws MultipartError.
 */
export async function parseMultipartFile(file: string, contentType: string, maxBytes: number): Promise<FormData> {
  const dir = path.dirname(file);
  const entries: Promise<[string, string | File]>[] = [];
  const streams: BusboyFileStream[] = [];
  let failure: unknown = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => reject(error instanceof MultipartError ? error : new MultipartError(String(error)));
      let parser: BusboyInstance;
      try {
        parser = new Busboy({
          headers: { "content-type": contentType },
          defCharset: "utf8",
          limits: { fieldNameSize: 1000, fieldSize: maxBytes, parts: 10_000 },
        });
      } catch (error) {
        return fail(error);
      }
      parser.on("field", (name, value, nameTruncated, valueTruncated) => {
        if (nameTruncated || valueTruncated) return fail(new MultipartError("field too long"));
        entries.push(Promise.resolve([name, value]));
      });
      parser.on("file", (name, stream, filename, _encoding, mimeType) => {
        streams.push(stream);
        const part = path.join(dir, `part-${entries.length}`);
        const type = mimeType || "application/octet-stream";
        entries.push(
          pipeline(stream, fs.createWriteStream(part, { mode: PRIVATE_FILE_MODE, flags: "wx" })).then(async () => {
            const blob = await fs.openAsBlob(part, { type });
            return [name, new File([blob], filename ?? "", { type })];
          }),
        );
      });
      parser.on("partsLimit", () => fail(new MultipartError("too many parts")));
      parser.on("error", fail);
      parser.on("finish", resolve);
      const source = fs.createReadStream(file);
      source.on("error", fail);
      source.pipe(parser);
    });
  } catch (error) {
    failure = error;
    // A half-read part would never end on its own.
    for (const stream of streams) stream.destroy();
  }
  const settled = await Promise.allSettled(entries);
  if (failure) throw failure;
  const form = new FormData();
  for (const entry of settled) {
    if (entry.status === "rejected") throw new MultipartError(String(entry.reason));
    form.append(entry.value[0], entry.value[1]);
  }
  return form;
}

/**
 * /operator/master/cadangan/:nama/unduh — one backup as a .tar.gz, streamed as it is packed
 * (the area layout checked the Operator role). `:nama` must be a backup of the list: one folder
 * directly in BACKUPS_DIR holding a database; anything else (a path, a hidden folder) is 404.
 */
import type { Route } from "./+types/cadangan.$nama.unduh";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { backupsDirOf } from "~/lib/server/backup/files.server";
import { backupArchive, findBackup } from "~/lib/server/backup/list.server";
import { getEnv } from "~/lib/server/env.server";

export function loader({ params, context }: Route.LoaderArgs) {
  requireUser(context);
  const dir = backupsDirOf(getEnv().BACKUPS_DIR);
  const nama = params.nama ?? "";
  if (!findBackup(dir, nama)) {
    throw new Response("Cadangan tidak ditemukan.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // A name that says what it is (etalase-2026-11-29-0200-WIB) as it is; older ones named by their time only get a prefix.
  const ascii = (nama.startsWith("etalase-") ? nama : `etalase-cadangan-${nama}`).replace(/[^\w.-]/g, "_");
  // It holds password hashes and sessions: never kept by a browser or proxy cache.
  return downloadResponse(backupArchive(dir, nama), "application/gzip", `${ascii}.tar.gz`);
}

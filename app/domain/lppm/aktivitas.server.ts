import { domainChanged } from "~/domain/changes.server";
import type { Db } from "~/lib/server/db.server";

/**
 * How the LPPM domain describes its writes to the activity log (the hook is
 * `domainChanged`, app/domain/changes.server.ts). The rule for a proposal's parts (team members,
 * students, RAB lines, luaran, documents) and of a note's or a claim's evidence: the part's own
 * table and id (entity "usulan_anggota", id = the member row), with a short summary naming the
 * record it belongs to ("Anggota diundang ke usulan #12").
 */

/** A stored document as the log keeps it: its name, size and version — never its stored path or contents. */
export function dokumenLog<T extends { file?: string | null }>(row: T): Omit<T, "file"> {
  const { file: _file, ...rest } = row;
  return rest;
}

/** "usulan #12": how a summary names the proposal a part belongs to. */
export function usulanRef(id: number): string {
  return `usulan #${id}`;
}

/** A proposal's document just stored (its first round or its revision), as the log records it. */
export function dokumenDiunggah(
  tx: Db,
  row: { id: number; id_usulan: number; versi: number; file: string },
  tahap: "usulan" | "perbaikan",
) {
  domainChanged(tx, {
    entity: "usulan_dokumen",
    action: "tambah",
    id: row.id,
    before: null,
    after: dokumenLog(row),
    summary: `Dokumen ${tahap} versi ${row.versi} diunggah ke ${usulanRef(row.id_usulan)}`,
  });
}

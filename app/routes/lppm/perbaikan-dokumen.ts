/**
 * A revised proposal PDF (usulan_dokumen ronde 'perbaikan'), for whoever may see its proposal
 * (usulanAccess: the team, the LPPM office, …): /pengusul/perbaikan-usulan/dokumen/:id,
 * /operator/lppm/perbaikan-usulan/dokumen/:id and /kepalalppm/monitoring/perbaikan-usulan/dokumen/:id.
 * Anyone else gets the same 404 as for a document that does not exist.
 */
import type { Route } from "./+types/perbaikan-dokumen";
import { dokumenPerbaikan } from "~/domain/lppm/perbaikan/perbaikan.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) => storedFile(args, ["id"], (db, user, { id }) => dokumenPerbaikan(db, user, id));

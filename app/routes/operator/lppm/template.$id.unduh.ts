/** /operator/lppm/template/:id/unduh — a template's file for the operator (the area layout checked the role). */
import type { Route } from "./+types/template.$id.unduh";
import { templateFile } from "~/domain/lppm/master/template.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) =>
  storedFile(args, ["id"], (db, _user, { id }) => templateFile(db, id, { aktifSaja: false }), { missing: "Template tidak ditemukan." });

/**
 * /pengusul/download/:id — an active template's file for a proposer (the area layout let in
 * only Pengusul holders, and only with Modul LPPM on). A switched-off template answers 404.
 */
import type { Route } from "./+types/download.$id";
import { templateFile } from "~/domain/lppm/master/template.server";
import { storedFile } from "~/http/stored-file.server";

// A lecturer downloads active templates only.
export const loader = (args: Route.LoaderArgs) =>
  storedFile(args, ["id"], (db, _user, { id }) => templateFile(db, id, { aktifSaja: true }), { missing: "Template tidak ditemukan." });

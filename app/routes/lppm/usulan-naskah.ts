/**
 * A proposal's papers as PDF (…/usulan/:usulanId/naskah/{lembar-pengesahan|kontrak|berita-acara-monev}),
 * registered in every LPPM area and under /operator/lppm beside its documents: the area's layout
 * has checked the session and role; naskahUsulan makes the paper for whoever may read it (the
 * proposal's rule; not a blind reviewer; the berita acara for who sees the monev) and nothing
 * for anyone else, which answers 404 as for a file that does not exist.
 */
import type { Route } from "./+types/usulan-naskah";
import { NASKAH_USULAN } from "~/domain/lppm/naskah/naskah";
import { naskahUsulan } from "~/domain/lppm/naskah/naskah.server";
import { pdfResponse } from "~/http/download.server";
import { storedFile } from "~/http/stored-file.server";
import { fileNotFound } from "~/lib/server/documents.server";

export function loader(args: Route.LoaderArgs) {
  const naskah = NASKAH_USULAN.find((n) => n === args.params.naskah);
  if (!naskah) return fileNotFound();
  return storedFile(args, ["usulanId"], (db, user, { usulanId }) => pdfResponse(naskahUsulan(db, user, usulanId, naskah)));
}

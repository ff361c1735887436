/**
 * A project's monev berita acara (…/usulan/:usulanId/monev-berita-acara), registered in every
 * LPPM area and under /operator/lppm: the area's layout has checked the session and role;
 * beritaAcaraResponse serves it to whoever may see that monev (the LPPM office, its monev
 * reviewer) and answers 404 to everyone else, as for a file that does not exist.
 */
import type { Route } from "./+types/monev-berita-acara";
import { beritaAcaraResponse } from "~/domain/lppm/monev/monev.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) =>
  storedFile(args, ["usulanId"], (db, user, { usulanId }) => beritaAcaraResponse(db, user, usulanId));

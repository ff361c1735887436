/**
 * One evidence file of a project's Catatan Harian (…/usulan/:usulanId/catatan-bukti/:buktiId),
 * registered in every LPPM area and under /operator/lppm: the area's layout has checked the
 * session and role; buktiFile checks that this user may read this project's notes and that the
 * file is one of its own (404 otherwise, never a hint that it exists).
 */
import type { Route } from "./+types/catatan-bukti";
import { buktiFile } from "~/domain/lppm/catatan/catatan.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) =>
  storedFile(args, ["usulanId", "buktiId"], (db, user, { usulanId, buktiId }) => buktiFile(db, user, usulanId, buktiId), { inline: true });

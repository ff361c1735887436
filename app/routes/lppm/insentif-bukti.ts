/**
 * One evidence file of a publication-incentive claim (…/insentif/:insentifId/bukti/:buktiId),
 * registered in every LPPM area and under /operator/lppm: the area's layout has checked the
 * session and role; buktiKlaim checks that this user may read the claim (its claimant, its
 * reviewer, the LPPM office) and that the file is its own — 404 otherwise.
 */
import type { Route } from "./+types/insentif-bukti";
import { buktiKlaim } from "~/domain/lppm/insentif/access.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) =>
  storedFile(args, ["insentifId", "buktiId"], (db, user, { insentifId, buktiId }) => buktiKlaim(db, user, insentifId, buktiId), { inline: true });

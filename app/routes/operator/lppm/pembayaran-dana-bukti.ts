/**
 * A grant payment's proof (/operator/lppm/pembayaran-dana/bukti/:id): the operator's LPPM layout
 * has checked the session, the role and the module; a payment that does not exist is the same
 * bare 404 as any missing file.
 */
import type { Route } from "./+types/pembayaran-dana-bukti";
import { buktiPembayaran } from "~/domain/lppm/dana/dana.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) => storedFile(args, ["id"], (db, _user, { id }) => buktiPembayaran(db, id), { inline: true });

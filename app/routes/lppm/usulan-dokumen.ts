/**
 * A proposal's private document (…/usulan/:usulanId/dokumen/:dokumenId), registered in every
 * LPPM area and under /operator/lppm: the area's layout has checked the session and role; usulanDocumentResponse checks
 * that this user may see this proposal and that the document is its own (404 otherwise).
 */
import type { Route } from "./+types/usulan-dokumen";
import { usulanDocumentResponse } from "~/domain/lppm/usulan/read.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) =>
  storedFile(args, ["usulanId", "dokumenId"], (db, user, { usulanId, dokumenId }) => usulanDocumentResponse(db, user, usulanId, dokumenId));

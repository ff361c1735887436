/**
 * An SK penetapan as PDF, with its attachment (the winners' table): /kepalalppm/penetapan-pemenang/
 * usulan-reguler/sk/:penetapanId, linked beside each SK on the Kepala-LPPM's board. The area's
 * layout has checked the role; an SK that does not exist answers 404.
 */
import type { Route } from "./+types/penetapan-pemenang.usulan-reguler.sk.$penetapanId";
import { naskahSk } from "~/domain/lppm/naskah/naskah.server";
import { pdfResponse } from "~/http/download.server";
import { storedFile } from "~/http/stored-file.server";

export const loader = (args: Route.LoaderArgs) =>
  storedFile(args, ["penetapanId"], (db, _user, { penetapanId }) => pdfResponse(naskahSk(db, penetapanId)));

/** POST /api/tentangkamiform: the About page's text and photo (./__profilform.server.ts). */
import type { Route } from "./+types/tentangkamiform";
import { profilApiAction } from "./__profilform.server";

export const action = (args: Route.ActionArgs) => profilApiAction(args, "tentang-kami");

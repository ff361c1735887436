/** POST /api/kerjasamaform: the Cooperation page's text and photo (./__profilform.server.ts). */
import type { Route } from "./+types/kerjasamaform";
import { profilApiAction } from "./__profilform.server";

export const action = (args: Route.ActionArgs) => profilApiAction(args, "kerja-sama");

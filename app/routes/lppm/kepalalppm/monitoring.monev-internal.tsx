/** /kepalalppm/monitoring/monev-internal (OperatorMonevInternal): the Kepala reads Monev Internal PT (../__monev-internal.tsx); a post is refused. */
import type { Route } from "./+types/monitoring.monev-internal";
import { monevAction, monevLoader } from "../__monev-internal.server";

export const loader = (args: Route.LoaderArgs) => monevLoader(args, "kepala");
export const action = (args: Route.ActionArgs) => monevAction(args, "kepala");
export { default } from "../__monev-internal";

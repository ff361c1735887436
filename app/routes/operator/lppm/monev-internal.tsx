/** /operator/lppm/monev-internal: Monev Internal PT, where the Operator assigns the monev reviewers (../../lppm/__monev-internal.tsx). */
import type { Route } from "./+types/monev-internal";
import { monevAction, monevLoader } from "~/routes/lppm/__monev-internal.server";

export const loader = (args: Route.LoaderArgs) => monevLoader(args, "operator");
export const action = (args: Route.ActionArgs) => monevAction(args, "operator");
export { default } from "~/routes/lppm/__monev-internal";

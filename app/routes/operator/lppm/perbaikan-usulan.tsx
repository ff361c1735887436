/** /operator/lppm/perbaikan-usulan: the Operator checks the revised proposals (../../lppm/__perbaikan-periksa.tsx). */
import type { Route } from "./+types/perbaikan-usulan";
import { perbaikanPeriksaAction, perbaikanPeriksaLoader } from "~/routes/lppm/__perbaikan-periksa.server";

export const loader = (args: Route.LoaderArgs) => perbaikanPeriksaLoader(args, "operator");
export const action = (args: Route.ActionArgs) => perbaikanPeriksaAction(args, "operator");
export { default } from "~/routes/lppm/__perbaikan-periksa";

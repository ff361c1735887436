/** /kepalalppm/monitoring/perbaikan-usulan (OperatorPerbaikanUsulan): the Kepala reads the revised proposals (../__perbaikan-periksa.tsx); a post is refused. */
import type { Route } from "./+types/monitoring.perbaikan-usulan";
import { perbaikanPeriksaAction, perbaikanPeriksaLoader } from "../__perbaikan-periksa.server";

export const loader = (args: Route.LoaderArgs) => perbaikanPeriksaLoader(args, "kepala");
export const action = (args: Route.ActionArgs) => perbaikanPeriksaAction(args, "kepala");
export { default } from "../__perbaikan-periksa";

/** /pengusul/penelitian/perbaikan-usulan (PengusulPenelitianPerbaikanUsulan): the team's penelitian funded proposals and their revision (./__perbaikan-usulan.tsx). */
import type { Route } from "./+types/penelitian.perbaikan-usulan";
import { perbaikanUsulanAction, perbaikanUsulanLoader } from "./__perbaikan-usulan.server";

export const loader = (args: Route.LoaderArgs) => perbaikanUsulanLoader(args, "penelitian");
export const action = (args: Route.ActionArgs) => perbaikanUsulanAction(args);
export { default } from "./__perbaikan-usulan";

/** /pengusul/pengabdian/perbaikan-usulan (PengusulPengabdianPerbaikanUsulan): the team's pengabdian funded proposals and their revision (./__perbaikan-usulan.tsx). */
import type { Route } from "./+types/pengabdian.perbaikan-usulan";
import { perbaikanUsulanAction, perbaikanUsulanLoader } from "./__perbaikan-usulan.server";

export const loader = (args: Route.LoaderArgs) => perbaikanUsulanLoader(args, "pengabdian");
export const action = (args: Route.ActionArgs) => perbaikanUsulanAction(args);
export { default } from "./__perbaikan-usulan";

/** /pengusul/pengabdian/usulan-baru (PengusulPengabdianUsulanBaru): the lecturer's pengabdian proposals (./__usulan-baru.tsx). */
import type { Route } from "./+types/pengabdian.usulan-baru";
import { usulanBaruAction, usulanBaruLoader } from "./__usulan-baru.server";

export const loader = (args: Route.LoaderArgs) => usulanBaruLoader(args, "pengabdian");
export const action = (args: Route.ActionArgs) => usulanBaruAction(args, "pengabdian");
export { default } from "./__usulan-baru";

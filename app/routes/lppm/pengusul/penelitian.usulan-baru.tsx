/** /pengusul/penelitian/usulan-baru (PengusulPenelitianUsulanBaru): the lecturer's penelitian proposals (./__usulan-baru.tsx). */
import type { Route } from "./+types/penelitian.usulan-baru";
import { usulanBaruAction, usulanBaruLoader } from "./__usulan-baru.server";

export const loader = (args: Route.LoaderArgs) => usulanBaruLoader(args, "penelitian");
export const action = (args: Route.ActionArgs) => usulanBaruAction(args, "penelitian");
export { default } from "./__usulan-baru";

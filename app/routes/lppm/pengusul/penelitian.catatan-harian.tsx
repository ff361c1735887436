/** /pengusul/penelitian/catatan-harian (PengusulPenelitianCatatanHarian): the team's penelitian running projects' daily notes (./__catatan-harian.tsx). */
import type { Route } from "./+types/penelitian.catatan-harian";
import { catatanHarianAction, catatanHarianLoader } from "./__catatan-harian.server";

export const loader = (args: Route.LoaderArgs) => catatanHarianLoader(args, "penelitian");
export const action = (args: Route.ActionArgs) => catatanHarianAction(args);
export { default } from "./__catatan-harian";

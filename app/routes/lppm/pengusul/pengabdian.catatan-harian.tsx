/** /pengusul/pengabdian/catatan-harian (PengusulPengabdianCatatanHarian): the team's pengabdian running projects' daily notes (./__catatan-harian.tsx). */
import type { Route } from "./+types/pengabdian.catatan-harian";
import { catatanHarianAction, catatanHarianLoader } from "./__catatan-harian.server";

export const loader = (args: Route.LoaderArgs) => catatanHarianLoader(args, "pengabdian");
export const action = (args: Route.ActionArgs) => catatanHarianAction(args);
export { default } from "./__catatan-harian";

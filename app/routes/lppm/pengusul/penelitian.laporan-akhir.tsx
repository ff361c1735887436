/** /pengusul/penelitian/laporan-akhir (PengusulPenelitianLaporanAkhir): the team's penelitian projects' laporan akhir (./__laporan.tsx). */
import type { Route } from "./+types/penelitian.laporan-akhir";
import { laporanAction, laporanLoader } from "./__laporan.server";

export const loader = (args: Route.LoaderArgs) => laporanLoader(args, "penelitian", "akhir");
export const action = (args: Route.ActionArgs) => laporanAction(args, "akhir");
export { default } from "./__laporan";

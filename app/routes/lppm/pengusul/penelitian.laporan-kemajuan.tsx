/** /pengusul/penelitian/laporan-kemajuan (PengusulPenelitianLaporanKemajuan): the team's penelitian projects' laporan kemajuan (./__laporan.tsx). */
import type { Route } from "./+types/penelitian.laporan-kemajuan";
import { laporanAction, laporanLoader } from "./__laporan.server";

export const loader = (args: Route.LoaderArgs) => laporanLoader(args, "penelitian", "kemajuan");
export const action = (args: Route.ActionArgs) => laporanAction(args, "kemajuan");
export { default } from "./__laporan";

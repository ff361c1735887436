/** /pengusul/pengabdian/laporan-kemajuan (PengusulPengabdianLaporanKemajuan): the team's pengabdian projects' laporan kemajuan (./__laporan.tsx). */
import type { Route } from "./+types/pengabdian.laporan-kemajuan";
import { laporanAction, laporanLoader } from "./__laporan.server";

export const loader = (args: Route.LoaderArgs) => laporanLoader(args, "pengabdian", "kemajuan");
export const action = (args: Route.ActionArgs) => laporanAction(args, "kemajuan");
export { default } from "./__laporan";

/** /pengusul/pengabdian/laporan-akhir (PengusulPengabdianLaporanAkhir): the team's pengabdian projects' laporan akhir (./__laporan.tsx). */
import type { Route } from "./+types/pengabdian.laporan-akhir";
import { laporanAction, laporanLoader } from "./__laporan.server";

export const loader = (args: Route.LoaderArgs) => laporanLoader(args, "pengabdian", "akhir");
export const action = (args: Route.ActionArgs) => laporanAction(args, "akhir");
export { default } from "./__laporan";

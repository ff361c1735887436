/** /kepalalppm/monitoring/laporan-akhir (OperatorLaporanAkhir): the Kepala reads the reports (../__laporan-periksa.tsx); a post is refused. */
import type { Route } from "./+types/monitoring.laporan-akhir";
import { laporanPeriksaAction, laporanPeriksaLoader } from "../__laporan-periksa.server";

export const loader = (args: Route.LoaderArgs) => laporanPeriksaLoader(args, "kepala", "akhir");
export const action = (args: Route.ActionArgs) => laporanPeriksaAction(args, "kepala", "akhir");
export { default } from "../__laporan-periksa";

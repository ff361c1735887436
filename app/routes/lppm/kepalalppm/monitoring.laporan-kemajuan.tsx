/** /kepalalppm/monitoring/laporan-kemajuan (OperatorLaporanKemajuan): the Kepala reads the reports (../__laporan-periksa.tsx); a post is refused. */
import type { Route } from "./+types/monitoring.laporan-kemajuan";
import { laporanPeriksaAction, laporanPeriksaLoader } from "../__laporan-periksa.server";

export const loader = (args: Route.LoaderArgs) => laporanPeriksaLoader(args, "kepala", "kemajuan");
export const action = (args: Route.ActionArgs) => laporanPeriksaAction(args, "kepala", "kemajuan");
export { default } from "../__laporan-periksa";

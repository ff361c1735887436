/** /operator/lppm/laporan-kemajuan: the Operator checks the submitted reports (../../lppm/__laporan-periksa.tsx). */
import type { Route } from "./+types/laporan-kemajuan";
import { laporanPeriksaAction, laporanPeriksaLoader } from "~/routes/lppm/__laporan-periksa.server";

export const loader = (args: Route.LoaderArgs) => laporanPeriksaLoader(args, "operator", "kemajuan");
export const action = (args: Route.ActionArgs) => laporanPeriksaAction(args, "operator", "kemajuan");
export { default } from "~/routes/lppm/__laporan-periksa";

/** /operator/lppm/laporan-akhir: the Operator checks the submitted reports (../../lppm/__laporan-periksa.tsx). */
import type { Route } from "./+types/laporan-akhir";
import { laporanPeriksaAction, laporanPeriksaLoader } from "~/routes/lppm/__laporan-periksa.server";

export const loader = (args: Route.LoaderArgs) => laporanPeriksaLoader(args, "operator", "akhir");
export const action = (args: Route.ActionArgs) => laporanPeriksaAction(args, "operator", "akhir");
export { default } from "~/routes/lppm/__laporan-periksa";

/** /kepalalppm/monitoring/catatan-harian (OperatorCatatanHarian): the running projects' notes as the Kepala reads them (../__catatan-monitoring.tsx). */
import type { Route } from "./+types/monitoring.catatan-harian";
import { catatanMonitoringLoader } from "../__catatan-monitoring.server";

export const loader = (args: Route.LoaderArgs) => catatanMonitoringLoader(args, "kepala");
export { default } from "../__catatan-monitoring";

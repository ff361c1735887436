/** /operator/lppm/catatan-harian: the running projects' Catatan Harian as the Operator reads them (../../lppm/__catatan-monitoring.tsx). */
import type { Route } from "./+types/catatan-harian";
import { catatanMonitoringLoader } from "~/routes/lppm/__catatan-monitoring.server";

export const loader = (args: Route.LoaderArgs) => catatanMonitoringLoader(args, "operator");
export { default } from "~/routes/lppm/__catatan-monitoring";

/** /pengusul/dashboard (PengusulDashboard): the area's dashboard (../__dashboard.tsx). */
import type { Route } from "./+types/dashboard";
import { dashboardLoader } from "../__dashboard.server";

export const loader = (args: Route.LoaderArgs) => dashboardLoader(args, "pengusul");
export { default } from "../__dashboard";

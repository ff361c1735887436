/** /kepalalppm/dashboard (KepalaLppmDashboard): the area's dashboard (../__dashboard.tsx). */
import type { Route } from "./+types/dashboard";
import { dashboardLoader } from "../__dashboard.server";

export const loader = (args: Route.LoaderArgs) => dashboardLoader(args, "kepalalppm");
export { default } from "../__dashboard";

/**
 * The server half of every LPPM area's dashboard (the page: ./__dashboard.tsx), one module per
 * area (pengusul/dashboard.tsx, …) naming its area: the user's roles and academic position(s),
 * and the area's real figures (app/domain/lppm/dashboard.server.ts).
 */
import type { RouterContextProvider } from "react-router";
import { lppmDashboard } from "~/domain/lppm/dashboard.server";
import { parseJabatan } from "~/domain/users/roles";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { lppmArea, type LppmArea } from "~/navigation/lppm";

export function dashboardLoader({ context }: { context: Readonly<RouterContextProvider> }, key: LppmArea["key"]) {
  const user = requireUser(context);
  const area = lppmArea(key);
  return {
    title: area.dashboard.title,
    areaKey: key,
    name: user.name,
    roles: user.roles,
    jabatan: parseJabatan(user.jabatan_akademik),
    figures: lppmDashboard(getDb(), key, user.id),
  };
}

export type DashboardData = ReturnType<typeof dashboardLoader>;

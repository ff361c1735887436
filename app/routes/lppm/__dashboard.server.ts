/**
 * The server half of every LPPM area's dashboard (the page: ./__dashboard.tsx), one module per
 * area (pengusul/dashboard.tsx, …) naming its area: what waits for the user in this area
 * (app/domain/lppm/tugas.server.ts), the user's roles and academic position(s), and the area's
 * real figures (app/domain/lppm/dashboard.server.ts).
 */
import type { RouterContextProvider } from "react-router";
import { lppmDashboard } from "~/domain/lppm/dashboard.server";
import { tugasUntuk } from "~/domain/lppm/tugas.server";
import { parseJabatan } from "~/domain/users/roles";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { lppmArea, type LppmArea } from "~/navigation/lppm";

export function dashboardLoader({ context }: { context: Readonly<RouterContextProvider> }, key: LppmArea["key"]) {
  const user = requireUser(context);
  const area = lppmArea(key);
  const db = getDb();
  const now = new Date();
  return {
    title: area.dashboard.title,
    areaKey: key,
    name: user.name,
    roles: user.roles,
    jabatan: parseJabatan(user.jabatan_akademik),
    tugas: tugasUntuk(db, key, user.id, now),
    figures: lppmDashboard(db, key, user.id, now),
  };
}

export type DashboardData = ReturnType<typeof dashboardLoader>;

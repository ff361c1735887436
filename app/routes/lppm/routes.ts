import { layout, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { LPPM_AREAS } from "../../components/area/lppm-menus";

/**
 * The LPPM role areas (issue 5): one layout per prefix (/pengusul, /reviewer, /kepalalppm,
 * /sekretarislppm, /operatorfakultas) guarding its roles on the server, a dashboard at
 * /<prefix>/dashboard and one route per sidebar page, each with its spec route name as id.
 * The full path/id list is in app/components/area/lppm-menus.ts; `npx react-router routes`
 * prints the tree.
 */
const areaRoutes: RouteConfigEntry[] = LPPM_AREAS.flatMap((area) =>
  prefix(area.prefix.slice(1), [
    layout(`routes/lppm/${area.key}-layout.tsx`, [
      route("dashboard", "routes/lppm/dashboard.tsx", { id: area.dashboard.id }),
      ...area.groups.flatMap((group) =>
        group.pages.map((page) => route(page.path, "routes/lppm/fitur.tsx", { id: page.id })),
      ),
    ]),
  ]),
);

/**
 * The other two routes of issue 5. They ride here because app/routes.ts belongs to the lead:
 * move them to authRoutes / the operator layout there (and delete them here) when convenient.
 * - /lupa-password (LupaPassword): no header or footer.
 * - /operator/notifikasi (OperatorNotifikasi): the outbox, under the operator layout (a second
 *   registration of the same layout file, so it needs its own id).
 */
const recoveryRoutes: RouteConfigEntry[] = [
  route("lupa-password", "routes/auth/lupa-password.tsx", { id: "LupaPassword" }),
  ...prefix("operator", [
    layout("routes/operator/layout.tsx", { id: "OperatorLayoutNotifikasi" }, [
      route("notifikasi", "routes/operator/notifikasi.tsx", { id: "OperatorNotifikasi" }),
    ]),
  ]),
];

export const lppmRoutes: RouteConfigEntry[] = [...areaRoutes, ...recoveryRoutes];

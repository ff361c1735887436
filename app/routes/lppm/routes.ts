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

export const lppmRoutes: RouteConfigEntry[] = areaRoutes;

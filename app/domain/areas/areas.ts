/**
 * The six logged-in areas — /operator and the five LPPM areas — as one list: prefix, who may
 * enter, the sidebar. One layout (routes/areas/layout.tsx) serves them all and finds its area
 * by the path. Client-safe.
 */
import type { Role } from "~/domain/users/roles";
import { LPPM_AREAS, lppmMenu } from "~/domain/areas/lppm";
import { OPERATOR_MENU, type MenuGroup } from "~/domain/areas/menus";

export type Area = { key: string; prefix: string; title: string; roles: readonly Role[]; menu: MenuGroup[] };

export const AREAS: readonly Area[] = [
  { key: "operator", prefix: "/operator", title: "Operator", roles: ["Operator"], menu: OPERATOR_MENU },
  ...LPPM_AREAS.map((area) => ({ key: area.key, prefix: area.prefix, title: area.title, roles: area.roles, menu: lppmMenu(area) })),
];

/** The area a path is in (any case, like the routes match), or null. */
export function areaOf(pathname: string): Area | null {
  const first = `/${pathname.split("/").filter(Boolean)[0]?.toLowerCase() ?? ""}`;
  return AREAS.find((area) => area.prefix === first) ?? null;
}

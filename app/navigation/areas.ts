/**
 * The six logged-in areas — /operator and the five LPPM areas — as one list: prefix, who may
 * enter, the sidebar. One layout (routes/areas/layout.tsx) serves them all and finds its area
 * by the path. Who may sign in and where they land follow from it. Client-safe.
 */
import type { Role } from "~/domain/users/roles";
import { LPPM_AREAS, lppmMenu, type LppmArea } from "~/navigation/lppm";
import { OPERATOR_MENU, type MenuGroup } from "~/navigation/menus";

export type AreaKey = "operator" | LppmArea["key"];

export type Area = {
  key: AreaKey;
  prefix: string;
  title: string;
  roles: readonly Role[];
  menu: MenuGroup[];
  /** Part of the research-institute module (gone when Setting → Modul LPPM is off). */
  lppm: boolean;
};

export const AREAS: readonly Area[] = [
  { key: "operator", prefix: "/operator", title: "Operator", roles: ["Operator"], menu: OPERATOR_MENU, lppm: false },
  ...LPPM_AREAS.map((area) => ({ key: area.key, prefix: area.prefix, title: area.title, roles: area.roles, menu: lppmMenu(area), lppm: true })),
];

/** An area by its key (each area's layout module names its own). */
export function areaByKey(key: AreaKey): Area {
  const area = AREAS.find((a) => a.key === key);
  if (!area) throw new Error(`Unknown area ${key}`);
  return area;
}

/** The area a path is in (any case, like the routes match), or null. */
export function areaOf(pathname: string): Area | null {
  const first = `/${pathname.split("/").filter(Boolean)[0]?.toLowerCase() ?? ""}`;
  return AREAS.find((area) => area.prefix === first) ?? null;
}


/** The operator's LPPM master-data screens live here (off with the module, like the areas). */
export const OPERATOR_LPPM_PREFIX = "/operator/lppm";

/** True for a path of the LPPM module: its five areas and the operator's LPPM screens. */
export function isLppmPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return Boolean(areaOf(lower)?.lppm) || lower === OPERATOR_LPPM_PREFIX || lower.startsWith(`${OPERATOR_LPPM_PREFIX}/`);
}

/** An area's sidebar: with the LPPM module off, the groups made only of its screens are gone. */
export function menuFor(area: Area, modulLppm: boolean): MenuGroup[] {
  if (modulLppm) return area.menu;
  return area.menu.filter((group) => !group.items.every((item) => isLppmPath(item.to)));
}

/**
 * Where a signed-in user lands, in this order (LPPM.md, "Login"): the back office for an
 * Operator, then the first held of kepalalppm, sekretarislppm, operatorfakultas, reviewer,
 * pengusul.
 */
const LANDING_ORDER = ["operator", "kepalalppm", "sekretarislppm", "operatorfakultas", "reviewer", "pengusul"];

/** The areas a user may enter, in landing order; LPPM areas only while the module is on. */
export function areasFor(roles: readonly Role[], modulLppm: boolean): Area[] {
  return LANDING_ORDER.map((key) => AREAS.find((area) => area.key === key)!).filter(
    (area) => (modulLppm || !area.lppm) && area.roles.some((role) => roles.includes(role)),
  );
}

/** The first page after login: the first area's dashboard, or null when the user has none. */
export function landingPath(roles: readonly Role[], modulLppm: boolean): string | null {
  const first = areasFor(roles, modulLppm)[0];
  return first ? `${first.prefix}/dashboard` : null;
}

/** Whether a user may open a path: outside the areas anyone; inside, its roles and the module. */
export function mayOpen(pathname: string, roles: readonly Role[], modulLppm: boolean): boolean {
  const area = areaOf(pathname);
  if (!area) return true;
  if (!modulLppm && isLppmPath(pathname)) return false;
  return area.roles.some((role) => roles.includes(role));
}

import type { Route } from "./+types/kepalalppm-layout";
import { areaGuard, areaLoader } from "./area.server";
import { LppmAreaLayout } from "./area-layout";

/** Every loader and action under /kepalalppm passes this first: session + the area's role. */
export const middleware: Route.MiddlewareFunction[] = [areaGuard("kepalalppm")];

export function loader({ context }: Route.LoaderArgs) {
  return areaLoader(context);
}

export default function KepalaLppmLayout({ loaderData }: Route.ComponentProps) {
  return <LppmAreaLayout area="kepalalppm" data={loaderData} />;
}

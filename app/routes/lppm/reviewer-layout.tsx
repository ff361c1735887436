import type { Route } from "./+types/reviewer-layout";
import { areaGuard, areaLoader } from "./area.server";
import { LppmAreaLayout } from "./area-layout";

/** Every loader and action under /reviewer passes this first: session + the area's role. */
export const middleware: Route.MiddlewareFunction[] = [areaGuard("reviewer")];

export function loader({ context }: Route.LoaderArgs) {
  return areaLoader(context);
}

export default function ReviewerLayout({ loaderData }: Route.ComponentProps) {
  return <LppmAreaLayout area="reviewer" data={loaderData} />;
}

import type { Route } from "./+types/sekretarislppm-layout";
import { areaGuard, areaLoader } from "./area.server";
import { LppmAreaLayout } from "./area-layout";

/** Every loader and action under /sekretarislppm passes this first: session + the area's role. */
export const middleware: Route.MiddlewareFunction[] = [areaGuard("sekretarislppm")];

export function loader({ context }: Route.LoaderArgs) {
  return areaLoader(context);
}

export default function SekretarisLppmLayout({ loaderData }: Route.ComponentProps) {
  return <LppmAreaLayout area="sekretarislppm" data={loaderData} />;
}

import type { Route } from "./+types/pengusul-layout";
import { areaGuard, areaLoader } from "./area.server";
import { LppmAreaLayout } from "./area-layout";

/** Every loader and action under /pengusul passes this first: session + the area's role. */
export const middleware: Route.MiddlewareFunction[] = [areaGuard("pengusul")];

export function loader({ context }: Route.LoaderArgs) {
  return areaLoader(context);
}

export default function PengusulLayout({ loaderData }: Route.ComponentProps) {
  return <LppmAreaLayout area="pengusul" data={loaderData} />;
}

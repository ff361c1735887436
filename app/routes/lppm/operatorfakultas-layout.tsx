import type { Route } from "./+types/operatorfakultas-layout";
import { areaGuard, areaLoader } from "./area.server";
import { LppmAreaLayout } from "./area-layout";

/** Every loader and action under /operatorfakultas passes this first: session + the area's role. */
export const middleware: Route.MiddlewareFunction[] = [areaGuard("operatorfakultas")];

export function loader({ context }: Route.LoaderArgs) {
  return areaLoader(context);
}

export default function OperatorFakultasLayout({ loaderData }: Route.ComponentProps) {
  return <LppmAreaLayout area="operatorfakultas" data={loaderData} />;
}

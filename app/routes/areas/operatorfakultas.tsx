/** The shell of the /operatorfakultas area (./__layout.tsx; its guard: ./__layout.server.ts). */
import type { Route } from "./+types/operatorfakultas";
import { areaMiddleware } from "~/http/guard.server";
import { areaLoader } from "./__layout.server";
import { AreaErrorBoundary, AreaLayout } from "./__layout";

export const middleware: Route.MiddlewareFunction[] = areaMiddleware("operatorfakultas");
export const loader = (args: Route.LoaderArgs) => areaLoader(args, "operatorfakultas");
export { shouldRevalidate } from "./__layout";

export default function Layout({ loaderData }: Route.ComponentProps) {
  return <AreaLayout loaderData={loaderData} />;
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return <AreaErrorBoundary error={error} loaderData={loaderData} />;
}

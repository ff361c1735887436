/** The shell of the /pengusul area (./__layout.tsx; its guard: ./__layout.server.ts). */
import type { Route } from "./+types/pengusul";
import { areaMiddleware } from "~/http/guard.server";
import { areaLoader } from "./__layout.server";
import { AreaErrorBoundary, AreaLayout } from "./__layout";

export const middleware: Route.MiddlewareFunction[] = areaMiddleware("pengusul");
export const loader = (args: Route.LoaderArgs) => areaLoader(args, "pengusul");
export { shouldRevalidate } from "./__layout";

export default function Layout({ loaderData }: Route.ComponentProps) {
  return <AreaLayout loaderData={loaderData} />;
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return <AreaErrorBoundary error={error} loaderData={loaderData} />;
}

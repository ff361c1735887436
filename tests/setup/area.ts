/**
 * A request below an area (/operator, /pengusul, …) the way React Router runs it: the middleware
 * of the layouts above the page (module switch, session, role), then the layout's and the page's
 * loaders.
 * Guard refusals (a thrown redirect or `data(null, { status: 404 })`) come back as a status.
 */
import { startSession } from "../../app/http/session.server";
import { modulesAt, withinLayouts } from "./app-routes";
import { routeArgs, TEST_ORIGIN } from "./route";

type Loader = (args: never) => unknown;

export type AreaOutcome = { status: number; location: string | null; layout?: unknown; page?: unknown };

/** A session cookie ("name=value") for this user. */
export async function sessionCookie(userId: number): Promise<string> {
  return (await startSession(new Request(`${TEST_ORIGIN}/login`), userId)).split(";")[0]!;
}

export async function visitArea(path: string, cookie: string | null, page: { loader: Loader }): Promise<AreaOutcome> {
  const args = routeArgs(new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), {});
  const outcome: AreaOutcome = { status: 200, location: null };
  try {
    const { layouts } = await modulesAt(path);
    await withinLayouts(path, args, async () => {
      for (const layout of layouts) if (layout.loader) outcome.layout = await layout.loader(args);
      outcome.page = await page.loader(args);
    });
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    const init = (error as { init?: ResponseInit | null }).init;
    if (init) return { status: init.status ?? 500, location: null };
    throw error;
  }
  return outcome;
}

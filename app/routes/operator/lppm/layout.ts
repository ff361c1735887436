/** The operator's LPPM screens (/operator/lppm/…): gone, like the LPPM areas, with Setting → Modul LPPM off. */
import type { Route } from "./+types/layout";
import { modulLppmMiddleware } from "~/http/guard.server";

export const middleware: Route.MiddlewareFunction[] = modulLppmMiddleware;

import type { Route } from "./+types/layout";
import { corsHeaders, handleApi } from "../../lib/api.server";

/**
 * Every /api/* request passes here: CORS for allow-listed origins (CORS_ORIGINS), preflight
 * answered, and a JSON error instead of an HTML page for anything that escapes a handler.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const cors = corsHeaders(request);
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    const answered = (await handleApi(async () => (await next()) as Response)) as Response;
    // Some responses (Response.redirect) have immutable headers: answer a copy.
    const response = new Response(answered.body, {
      status: answered.status,
      statusText: answered.statusText,
      headers: new Headers(answered.headers),
    });
    for (const [key, value] of Object.entries(cors)) response.headers.set(key, value);
    return response;
  },
];

import type { Route } from "./+types/layout";
import { corsHeaders, handleApi, json, METHOD_NOT_ALLOWED, NOT_FOUND_MESSAGE } from "~/http/api.server";

/**
 * React Router's own refusals (e.g. a GET on a route with only an action) are plain text:
 * clients of the JSON API get JSON instead.
 */
function asJson(request: Request, response: Response): Response {
  const type = response.headers.get("content-type") ?? "";
  if (response.status < 400 || type.includes("application/json")) return response;
  const wrongMethod = response.status === 405 || (response.status === 400 && (request.method === "GET" || request.method === "HEAD"));
  return json(
    { message: wrongMethod ? METHOD_NOT_ALLOWED : response.status === 404 ? NOT_FOUND_MESSAGE : "Permintaan tidak valid." },
    { status: wrongMethod ? 405 : response.status },
  );
}

/**
 * Every /api/* request passes here: CORS for allow-listed origins (CORS_ORIGINS), preflight
 * answered, and a JSON error instead of an HTML page for anything that escapes a handler.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const cors = corsHeaders(request);
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    const answered = asJson(request, (await handleApi(async () => (await next()) as Response)) as Response);
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

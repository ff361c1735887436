import type { Route } from "./+types/logout";
import { revokeToken } from "~/domain/api-tokens/api-tokens.server";
import { bearerToken, handleApi, json, readApiBody, requireApiOperator } from "~/http/api.server";
import { getDb } from "~/lib/server/db.server";

/** POST /api/logout with the Bearer token: the token dies. */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireApiOperator(request);
    // No field is needed, but the body is read like every call's: an oversized one is a 413.
    await readApiBody(request);
    revokeToken(getDb(), bearerToken(request) ?? "");
    return json({ message: "Logout berhasil" });
  });
}

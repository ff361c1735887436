import type { Route } from "./+types/logout";
import { revokeToken } from "../../domain/api-tokens/api-tokens.server";
import { bearerToken, handleApi, json, requireApiOperator } from "../../lib/api.server";
import { getDb } from "../../lib/db.server";

/** POST /api/logout with the Bearer token: the token dies. */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(() => {
    requireApiOperator(request);
    revokeToken(getDb(), bearerToken(request) ?? "");
    return json({ message: "Logout berhasil" });
  });
}

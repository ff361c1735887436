import type { Route } from "./+types/login";
import { issueToken } from "~/domain/api-tokens/api-tokens.server";
import { login } from "~/domain/users/login.server";
import { ApiError, handleApi, json, METHOD_NOT_ALLOWED, readApiBody } from "~/http/api.server";
import { getDb } from "~/lib/server/db.server";
import { clientIp } from "~/lib/server/throttle.server";

/**
 * POST /api/login {username, password} (JSON; form bodies work too). The same login rule and
 * throttle as the HTML form (domain/users/login.server.ts): only active users holding Operator.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") throw new ApiError(405, METHOD_NOT_ALLOWED);
    const body = await readApiBody(request);
    const result = await login(getDb(), {
      username: String(body.get("username") ?? ""),
      password: String(body.get("password") ?? ""),
      ip: clientIp(request),
    }, "api");
    if (!result.ok) {
      const headers = result.status === 429 ? { "Retry-After": String(result.retryAfter) } : undefined;
      throw new ApiError(result.status, result.message, undefined, headers);
    }
    const { user } = result;
    const { token, expiresAt } = issueToken(getDb(), user.id);
    return json({
      token,
      token_type: "Bearer",
      expires_at: expiresAt.toISOString(),
      id_user: user.id,
      hak_akses: JSON.stringify(user.roles),
      kodeuser: String(user.id),
      nama_pengguna: user.name,
    });
  });
}

export async function loader() {
  return json({ message: "Gunakan POST." }, { status: 405, headers: { Allow: "POST" } });
}

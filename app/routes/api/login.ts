import type { Route } from "./+types/login";
import { issueToken } from "../../domain/api-tokens/api-tokens.server";
import { authenticateOperator } from "../../domain/users/users.server";
import { ApiError, handleApi, json, METHOD_NOT_ALLOWED, readApiBody } from "../../lib/api.server";
import { LOGIN_FAILED } from "../../lib/auth.server";
import { getDb } from "../../lib/db.server";
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from "../../lib/throttle.server";

/**
 * POST /api/login {username, password} (JSON; form bodies work too). Same rule and throttle as
 * the HTML login: only active users holding Operator.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") throw new ApiError(405, METHOD_NOT_ALLOWED);
    const body = await readApiBody(request);
    const username = String(body.get("username") ?? "");
    const password = String(body.get("password") ?? "");
    const wait = await loginBlockedFor(request, username);
    if (wait > 0) {
      throw new ApiError(429, `Terlalu banyak percobaan login. Silakan coba lagi dalam ${Math.max(1, Math.ceil(wait / 60))} menit.`, undefined, {
        "Retry-After": String(wait),
      });
    }
    const user = username.trim() && password ? await authenticateOperator(getDb(), username, password) : null;
    if (!user) {
      await recordLoginFailure(request, username);
      throw new ApiError(401, LOGIN_FAILED);
    }
    await clearLoginFailures(username);
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

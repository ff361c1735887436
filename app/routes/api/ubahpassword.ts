import { z } from "zod";
import type { Route } from "./+types/ubahpassword";
import { issueToken } from "~/domain/api-tokens/api-tokens.server";
import { strongPassword } from "~/domain/users/password.schema";
import { changeOwnPassword } from "~/domain/users/users.server";
import { ApiError, handleApi, json, readApiBody, requireApiOperator, validate } from "~/http/api.server";
import { getDb } from "~/lib/server/db.server";
import { clientIp } from "~/lib/server/throttle.server";
import { PASSWORD_CHANGED } from "~/lib/util/messages";

/** The legacy call sends kodeuser, pass_lama, pass_baru (no confirmation field). */
const apiChangePasswordSchema = z.object({
  kodeuser: z.string({ error: "kodeuser wajib diisi." }).trim().min(1, "kodeuser wajib diisi."),
  pass_lama: z.string({ error: "Password lama wajib diisi." }).min(1, "Password lama wajib diisi."),
  pass_baru: strongPassword,
});

/**
 * POST /api/ubahpassword: changes only the token's own user. Every older token and session of
 * that user ends; the answer carries a fresh token so the client stays signed in.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = requireApiOperator(request);
    const input = validate(await readApiBody(request), apiChangePasswordSchema);
    if (input.kodeuser !== String(user.id) && input.kodeuser !== user.username) {
      throw new ApiError(403, "Anda hanya dapat mengubah password akun Anda sendiri.");
    }
    const result = await changeOwnPassword(getDb(), user.id, input.pass_lama, input.pass_baru, clientIp(request));
    if (!result.ok && result.retryAfter) {
      throw new ApiError(429, result.message, undefined, { "Retry-After": String(result.retryAfter) });
    }
    if (!result.ok) throw new ApiError(422, result.message, { pass_lama: [result.message] });
    const { token } = issueToken(getDb(), user.id);
    return json({ message: PASSWORD_CHANGED, token });
  });
}

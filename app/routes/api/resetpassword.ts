import type { Route } from "./+types/resetpassword";
import { resetPassword } from "~/domain/recovery/recovery.server";
import { RESET_SUCCESS, resetPasswordSchema } from "~/domain/recovery/recovery.schema";
import { throttleRecovery } from "~/domain/recovery/recovery-throttle.server";
import { ApiError, handleApi, json, readApiBody, validate } from "~/http/api.server";
import { getDb } from "~/lib/server/db.server";

/**
 * POST /api/resetpassword {nidn, no_telepon} (multipart): a new password goes out through the
 * notification channels; the old one keeps working until the new one is used. A wrong phone
 * number changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    const input = validate(await readApiBody(request), resetPasswordSchema);
    const throttle = await throttleRecovery(request, "reset", input.nidn);
    if (!throttle.ok) throw new ApiError(429, throttle.message, undefined, { "Retry-After": String(throttle.retryAfter) });
    const result = await resetPassword(getDb(), input);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return json({ message: RESET_SUCCESS });
  });
}

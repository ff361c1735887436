import type { Route } from "./+types/cekpass";
import { cekPass } from "~/domain/recovery/recovery.server";
import { cekPassSchema } from "~/domain/recovery/recovery.schema";
import { throttleRecovery } from "~/domain/recovery/recovery-throttle.server";
import { ApiError, handleApi, json, readApiBody, validate } from "~/http/api.server";
import { getDb } from "~/lib/server/db.server";

/**
 * POST /api/cekpass {nidn}: data{nidn, nama_sdm, telepon_hp (masked)}; unknown IDs answer 404
 * with a message. Throttled per IP and per ID, like /lupa-password (same domain code).
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    const { nidn } = validate(await readApiBody(request), cekPassSchema);
    const throttle = await throttleRecovery(request, "lookup", nidn);
    if (!throttle.ok) throw new ApiError(429, throttle.message, undefined, { "Retry-After": String(throttle.retryAfter) });
    const result = cekPass(getDb(), nidn);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return json({ data: result.data });
  });
}

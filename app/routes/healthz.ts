import { healthReport } from "~/domain/health/health.server";
import { getDb } from "~/lib/server/db.server";

/**
 * GET /healthz: 200 `{ok, db, uptime_s, version, pid}` when the database answers a real read,
 * 503 with the same shape when it does not. No login (monitors have none), and `no-store`
 * so no cache, ours or a proxy's, ever answers for the process.
 */
export function loader() {
  const report = healthReport(getDb);
  return Response.json(report, {
    status: report.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

/**
 * Who may send a body to a path, asked by the front of the server (server/body.ts) before it
 * reads a byte of one: the pages behind a login (the six areas, /akun/…) read a body only from a
 * valid session whose user may open the page, the JSON API only with a valid Bearer token
 * (except the few calls marked `anonymousBody` in app/navigation/api.ts). Otherwise the body is
 * not read and the route's own guard answers (the area's redirect to /login or 404, the API's
 * 401), as it would anyway. The checks are the guards' own: userOfCookie, apiOperatorOf,
 * mayOpen.
 */
import { getSetting } from "~/domain/setting/setting.server";
import { apiOperatorOf } from "~/http/api.server";
import { userOfCookie } from "~/http/session.server";
import { getDb } from "~/lib/server/db.server";
import { ANONYMOUS_API_BODY_PATHS } from "~/navigation/api";
import { areaOf, mayOpen } from "~/navigation/areas";

/** `anonymous`: the path needs no login; `signed-in`: it does, and the sender has one; `refused`: it does not. */
export type BodySender = "anonymous" | "signed-in" | "refused";

/** The path's segments as React Router reads them: decoded, lower case, without a `.data` suffix. */
function segmentsOf(pathname: string): string[] {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: the raw path (React Router answers it 400 or 404 anyway).
  }
  return path
    .toLowerCase()
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean);
}

export function bodySender(pathname: string, headers: { cookie?: string | undefined; authorization?: string | undefined }): BodySender {
  const segments = segmentsOf(pathname);
  const path = `/${segments.join("/")}`;
  if (segments[0] === "api") {
    if (ANONYMOUS_API_BODY_PATHS.has(segments.slice(1).join("/"))) return "anonymous";
    return apiOperatorOf(headers.authorization) ? "signed-in" : "refused";
  }
  const area = areaOf(path);
  if (!area && segments[0] !== "akun") return "anonymous";
  const user = userOfCookie(headers.cookie);
  if (!user) return "refused";
  if (area && !mayOpen(path, user.roles, getSetting(getDb()).modul_lppm)) return "refused";
  return "signed-in";
}

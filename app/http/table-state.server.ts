/**
 * Applies a table's URL state in the loader and remembers it for 7200 s in a cookie, so
 * coming back to a table restores its last search, page and size (DataTables stateSave).
 */
import { createCookie } from "react-router";
import { parseTableState, TABLE_STATE_SECONDS, type TableState } from "~/lib/util/table-state";

const STATE_KEYS = ["q", "page", "size"];

function cookieFor(key: string) {
  return createCookie(`tbl_${key}`, { httpOnly: true, sameSite: "lax", path: "/", maxAge: TABLE_STATE_SECONDS });
}

export async function readTableState(
  request: Request,
  key: string,
): Promise<{ state: TableState; headers: HeadersInit }> {
  const url = new URL(request.url);
  const cookie = cookieFor(key);
  const explicit = STATE_KEYS.some((k) => url.searchParams.has(k));
  if (explicit) {
    const state = parseTableState(url.searchParams);
    return { state, headers: { "Set-Cookie": await cookie.serialize(state) } };
  }
  const saved: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (saved && typeof saved === "object") {
    const s = saved as Record<string, unknown>;
    const params = new URLSearchParams();
    for (const k of STATE_KEYS) if (s[k] !== undefined) params.set(k, String(s[k]));
    return { state: parseTableState(params), headers: {} };
  }
  return { state: parseTableState(url.searchParams), headers: {} };
}

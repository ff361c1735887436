import { parseTableState, type TableState } from "~/lib/util/table-state";

/**
 * List calls of the legacy API answer every row (old clients page in the browser). New clients
 * may pass ?q=&page=&size= (10/25/50/100) to page in SQL instead.
 */
export function apiListState(request: Request): TableState {
  const params = new URL(request.url).searchParams;
  if (params.has("page") || params.has("size") || params.has("q")) return parseTableState(params);
  return { q: "", page: 1, size: Number.MAX_SAFE_INTEGER };
}

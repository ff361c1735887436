/** Table state in the URL (client-safe parts): search q, page (1-based), size. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** DataTables' state saving period (spec section 9). */
export const TABLE_STATE_SECONDS = 7200;

export type TableState = { q: string; page: number; size: number };

export function parseTableState(params: URLSearchParams): TableState {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const sizeRaw = Number.parseInt(params.get("size") ?? "", 10);
  const size = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : DEFAULT_PAGE_SIZE;
  const pageRaw = Number.parseInt(params.get("page") ?? "", 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 1_000_000) : 1;
  return { q, page, size };
}

/** Page buttons like DataTables' full_numbers with 7 buttons: 1 … 4 5 6 … 20. */
export function pageButtons(page: number, pages: number): (number | "ellipsis")[] {
  const BUTTONS = 7;
  if (pages <= BUTTONS) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = Math.floor(BUTTONS / 2);
  if (page <= half + 1) return [1, 2, 3, 4, 5, "ellipsis", pages];
  if (page >= pages - half) return [1, "ellipsis", pages - 4, pages - 3, pages - 2, pages - 1, pages];
  return [1, "ellipsis", page - 1, page, page + 1, "ellipsis", pages];
}

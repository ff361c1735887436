/**
 * The loader half of an LPPM list-and-detail screen (the client half:
 * components/lppm/lihat-list-page.tsx): the signed-in user, the table's state from the URL
 * (remembered in a cookie under `table`), and the record ?lihat=ID opens. An id that names
 * nothing this screen may open — unknown, another's, in a status the screen does not show —
 * goes back to the list (without ?lihat=) with 'Gagal menampilkan data'; never an error page.
 *
 *   const { db, user, state, headers, lihat } = await readLihatList(args, "monev_operator",
 *     (db, user, id) => getMonev(db, user, id));
 */
import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "~/domain/users/session-user";
import { listUrl, openRecord } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { readTableState } from "~/http/table-state.server";
import { getDb, type Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

export type LihatList<L> = { db: Db; user: SessionUser; state: TableState; headers: HeadersInit; lihat: L | null };

export async function readLihatList<L>(
  { request, url, context }: Args,
  table: string,
  /** The record ?lihat=ID opens, or nothing when this screen may not open it. */
  load: (db: Db, user: SessionUser, id: number) => L | null | undefined,
  /** "404": the review screens answer a ?lihat= they cannot open (not a number included) with 404. */
  { missing = "back" }: { missing?: "back" | "404" } = {},
): Promise<LihatList<L>> {
  const user = requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, table);
  const lihat = await openRecord(url, "lihat", (id) => load(db, user, id), missing === "404" ? null : listUrl(url));
  return { db, user, state, headers, lihat };
}

/**
 * A status filter's value from `?status=`: one of `allowed`, or 'semua' (every one of them),
 * else `fallback` (the first allowed by default). `statuses` is what the list then shows.
 */
export function statusFilter<S extends string>(
  url: URL,
  allowed: readonly S[],
  fallback: S | "semua" = allowed[0]!,
): { status: S | "semua"; statuses: S[] } {
  const param = url.searchParams.get("status");
  const status = param === "semua" ? "semua" : (allowed.find((s) => s === param) ?? fallback);
  return { status, statuses: status === "semua" ? [...allowed] : [status] };
}

/**
 * The two offices that read the LPPM's running work: the Operator (/operator/lppm/…, who decides)
 * and the Kepala under Monitoring (/kepalalppm/monitoring/…, who reads). Each page's module names
 * its office; `usulanBase` is where that area serves a proposal's files (`usulanBase`/ID/dokumen/…).
 */
export type Kantor = "operator" | "kepala";

export const KANTOR: Readonly<Record<Kantor, { decides: boolean; usulanBase: string }>> = {
  operator: { decides: true, usulanBase: "/operator/lppm/usulan" },
  kepala: { decides: false, usulanBase: "/kepalalppm/usulan" },
};

/**
 * The URL-driven dialogs (DESIGN.md convention 6): the params that open a record's dialog, and a
 * URL without some params — where a dialog's Close goes, where a save returns, what a table's
 * paging links keep. Client-safe; the screens' loaders, actions and links all use these.
 */
/** The query parameter that opens the password change over any page of an area (`?ubahpassword=1`). */
export const CHANGE_PASSWORD_PARAM = "ubahpassword";

/** `?hapus-demo=1`: the Cadangan page's confirmation of removing the demo shop. */
export const HAPUS_DEMO_PARAM = "hapus-demo";

/**
 * `?tambah=1`, `?ubah=ID`, `?hapus=ID`: a back-office record's dialogs (and the Cadangan page's own,
 * `?pulihkan=NAMA` a backup and `?hapus-demo=1`).
 */
export const MODAL_PARAMS = ["tambah", "ubah", "hapus", "pulihkan", HAPUS_DEMO_PARAM] as const;

/** `?lihat=ID` (a list's detail) and `?nilai=ID` (a reviewer's evaluation form): a record opened from a list. */
export const DETAIL_PARAMS = ["lihat", "nilai"] as const;

/**
 * A workflow override's form over a record's detail: `?ganti=ID` (replace a reviewer),
 * `?perpanjang=ID` (extend a deadline), `?tarik=1` (withdraw). A post from it goes back to the list.
 */
export const OVERRIDE_PARAMS = ["ganti", "perpanjang", "tarik"] as const;

/** Every param that opens a dialog over a page: the record's, and the password change's. */
export const DIALOG_PARAMS = [...MODAL_PARAMS, CHANGE_PASSWORD_PARAM] as const;

/** `href` (a path with its search, or a whole URL) without the given search params: the path and search. */
export function withoutParams(href: string, ...names: readonly string[]): string {
  const parsed = new URL(href, "http://x");
  for (const name of names) parsed.searchParams.delete(name);
  const search = parsed.searchParams.toString();
  return parsed.pathname + (search ? `?${search}` : "");
}

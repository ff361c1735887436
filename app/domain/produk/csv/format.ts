/**
 * Products × branches as CSV: the export, and the import with its dry run. This file holds the
 * format (client-safe: the API's description names it too); each step is a file of its own
 * beside it:
 *
 *   cabang.server.ts    the branches and the availability the export and the plan read
 *   ekspor.server.ts    the export, streamed
 *   baca.server.ts      reading an uploaded or kept file (bounded: blank rows count)
 *   judul.server.ts     the header: which column is which
 *   rencana.server.ts   the plan (the dry run): what each row would do, old → new
 *   terapkan.server.ts  apply: the plan re-made and written in one transaction
 *   berkas.server.ts    uploaded files kept aside until 'Terapkan'
 *
 * The format, one row per product:
 *
 *   slug,nama_produk,kategori,harga,deskripsi,<branch name>,<branch name>,…
 *
 * Written and read by the app's CSV codec (app/lib/util/csv.ts): UTF-8 with a BOM, ',' between
 * fields, CRLF between rows (RFC 4180); a field holding '"', ',', ';' or a line break is quoted,
 * its quotes doubled. A text starting with = + - @ (or a tab, a CR) gets a leading ' so no
 * spreadsheet runs it as a formula, and so does such a character right after a ',' ';' or line
 * break inside a text (where a spreadsheet splitting on the other separator starts a cell); the
 * import takes exactly one such ' off again, so a file goes out and back unchanged. A branch
 * column holds 1 (available there) or 0; the import also takes an empty cell as 0, and a file
 * re-saved by a spreadsheet with ';' between fields (Excel with Indonesian settings).
 *
 * The import's rules (the same for the page and /api/produkcsv, whose OpenAPI text repeats them):
 * - A file holds at most MAX_BARIS rows besides the header, blank rows included: reading stops
 *   at the limit, so a file of blank lines costs no more than a full one.
 * - A row is matched to a stored product by its slug: the product's slug now, or a slug it had
 *   before a rename (slug_redirect). A row without a slug is a new product, its slug made from
 *   its name as the form does. A slug that names no product is refused (never guessed).
 * - The fixed columns are named as in the export (any order, any case). Every other column must
 *   be a branch's name exactly; an unknown or ambiguous column refuses the whole file. A branch
 *   without a column keeps each product's availability there as it is (new products: 0).
 * - Name, price and description pass the product form's zod schema (produkSchema), so their
 *   limits and messages are the form's. The category is named (case-insensitively, otherwise
 *   exact); an unknown one refuses the row, never creates a category. Empty = no category.
 * - A row equal to the stored product is 'tidak berubah' (line breaks CRLF or LF count as the
 *   same); a changed one is saved as updateProduk saves it: the slug recomputed from the name
 *   (the old one keeps redirecting), the branches replaced. The plan shows each changed field's
 *   stored value and the file's.
 * - Apply re-checks everything against the data of that moment and writes all rows in ONE
 *   transaction, with one activity entry; any refused row refuses the whole import.
 *
 * Reading streams the file; the rows are then checked and written synchronously, in one
 * transaction, because better-sqlite3's transactions cannot span an await.
 */

/** The fixed columns, in the export's order; the branches follow. */
export const KOLOM = ["slug", "nama_produk", "kategori", "harga", "deskripsi"] as const;
export type Kolom = (typeof KOLOM)[number];

/** Rows one file may hold besides its header, blank ones included (a 10,000-product shop, twice over). */
export const MAX_BARIS = 20_000;

/** What the plan names a changed field. */
export type Bidang = "nama_produk" | "kategori" | "harga" | "deskripsi" | "gudang" | "slug";
export const BIDANG_LABEL: Record<Bidang, string> = {
  nama_produk: "Nama produk",
  kategori: "Kategori",
  harga: "Harga",
  deskripsi: "Deskripsi",
  gudang: "Gudang",
  slug: "Slug",
};

export { lower } from "~/domain/impor/nama";

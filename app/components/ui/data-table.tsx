/**
 * Server-paged table (columns defined with TanStack Table v9's column helper): search, page size and page live in the
 * URL and are applied by the loader in SQL. The controls are a GET form and links, so the
 * table works without JavaScript; with it, typing searches after a short pause.
 */
import { createColumnHelper, tableFeatures, type ColumnDef, type RowData } from "@tanstack/react-table";
import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { pageButtons, PAGE_SIZES } from "~/lib/util/table-state";
import { MODAL_PARAMS } from "~/lib/util/modal-params";

export const tableFeatureSet = tableFeatures({});
export type TableFeatureSet = typeof tableFeatureSet;

export function columnHelper<Row extends RowData>() {
  return createColumnHelper<TableFeatureSet, Row>();
}

/** `atLeast`: the count stopped at `total` (shown as "10000+"). */
export type TablePage = { total: number; page: number; size: number; offset: number; q: string; atLeast?: boolean };

export type DataTableProps<Row extends RowData> = {
  /** Columns between No and Action. */
  columns: ColumnDef<TableFeatureSet, Row, never>[] | ColumnDef<TableFeatureSet, Row, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** One page of rows and where it stands (the loader's Page). */
  list: TablePage & { rows: Row[] };
  /** The row's React key: its `id` by default. */
  rowKey?: (row: Row) => string | number;
  action?: (row: Row) => React.ReactNode;
  caption: string;
  /**
   * More controls of the table's GET form (e.g. a status filter `<select name="status">`): they
   * travel with the search and the page size. Give each an `onChange` that submits its form if
   * it should apply at once with JavaScript.
   */
  filters?: React.ReactNode;
};

/**
 * What a column of this app is: TanStack's column definitions (made with `columnHelper`), read
 * directly. The table is paged, searched and filtered by the loader in SQL, so none of TanStack's
 * row models is needed, and building them for every request cost a tenth of a table page's CPU.
 * A cell function gets `getValue()`, `renderValue()` and `row` (`original`, `index`,
 * `id`), which is all the app's cells use.
 */
type PlainColumn<Row> = {
  id?: string;
  accessorKey?: string;
  accessorFn?(row: Row, index: number): unknown;
  header?: unknown;
  cell?: unknown;
  meta?: { narrow?: boolean };
};

const NO_COLUMN: PlainColumn<never> = { id: "no", header: "No", meta: { narrow: true } };
const ACTION_COLUMN: PlainColumn<never> = { id: "action", header: "Action", meta: { narrow: true } };

function columnId<Row>(column: PlainColumn<Row>): string {
  return column.id ?? column.accessorKey ?? String(column.header);
}

function cellOf<Row>(column: PlainColumn<Row>, row: Row, index: number): React.ReactNode {
  const value = column.accessorFn
    ? column.accessorFn(row, index)
    : column.accessorKey !== undefined
      ? (row as Record<string, unknown>)[column.accessorKey]
      : undefined;
  if (typeof column.cell !== "function") return (column.cell ?? value) as React.ReactNode;
  const context = { getValue: () => value, renderValue: () => value ?? null, row: { original: row, index, id: String(index) } };
  return (column.cell as (info: typeof context) => React.ReactNode)(context);
}

const idOf = (row: unknown) => (row as { id: string | number }).id;

export function DataTable<Row extends RowData>({ columns, list: page, rowKey = idOf, action, caption, filters }: DataTableProps<Row>) {
  const { rows } = page;
  const all: PlainColumn<Row>[] = [NO_COLUMN, ...(columns as PlainColumn<Row>[]), ...(action ? [ACTION_COLUMN] : [])];
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  const start = page.total === 0 ? 0 : page.offset + 1;
  const end = Math.min(page.offset + page.size, page.total);

  return (
    <div className="rounded-2xl border border-stone-200 bg-white shadow-sm">
      <TableControls page={page} filters={filters} />
      <div className="relative overflow-x-auto">
        {loading ? (
          <div role="status" className="absolute inset-0 z-10 grid place-items-center bg-white/70 text-sm font-semibold text-kayu-800">
            Memuat Data..
          </div>
        ) : null}
        <table className="data-table w-full min-w-[640px] border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-stone-50 text-left text-xs font-bold tracking-wide text-stone-600 uppercase">
            <tr>
              {all.map((column) => (
                <th key={columnId(column)} scope="col" className={`border-b border-stone-200 px-3 py-3${column.meta?.narrow ? " narrow" : ""}`}>
                  {column.header as React.ReactNode}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={all.length} className="px-3 py-8 text-center text-stone-500">
                  Tidak ada data yang ditemukan
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row)}>
                  {all.map((column) => (
                    <td key={columnId(column)} className={column.meta?.narrow ? "narrow" : undefined}>
                      {column === NO_COLUMN ? page.offset + index + 1 : column === ACTION_COLUMN ? action?.(row) : cellOf(column, row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-3 border-t border-stone-100 px-4 py-3 text-sm text-stone-600 md:flex-row md:items-center md:justify-between">
        <p aria-live="polite">{`Menampilkan ${start} sampai ${end} dari ${page.total}${page.atLeast ? "+" : ""} entri`}</p>
        <Pagination page={page.page} pages={pages} />
      </div>
    </div>
  );
}

function hrefWith(location: { pathname: string; search: string }, changes: Record<string, string | number>) {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
  for (const key of MODAL_PARAMS) params.delete(key);
  return `${location.pathname}?${params.toString()}`;
}

function TableControls({ page, filters }: { page: TablePage; filters?: React.ReactNode }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const autoSubmit = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) void submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      className="flex flex-col gap-3 border-b border-stone-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <input type="hidden" name="page" value="1" />
      <label className="flex items-center gap-2 text-sm text-stone-600">
        Tampilkan
        <select
          name="size"
          defaultValue={page.size}
          onChange={() => autoSubmit(0)}
          className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>{size}</option>
          ))}
        </select>
        entri
      </label>
      {filters}
      <div className="flex items-center gap-2">
        <label htmlFor="table-search" className="text-sm text-stone-600">Pencarian</label>
        <input
          id="table-search"
          type="search"
          name="q"
          defaultValue={page.q}
          placeholder="Masukan Kata Kunci"
          onChange={() => autoSubmit(400)}
          className="w-full rounded-md border border-stone-300 px-3 py-1.5 text-sm sm:w-56"
        />
        <button type="submit" className="rounded-md bg-stone-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-900">
          Cari
        </button>
      </div>
    </Form>
  );
}

function Pagination({ page, pages }: { page: number; pages: number }) {
  const location = useLocation();
  // A step that leads nowhere (the first page's «, the current page) is a link placeholder: an
  // `a` without href, named like its live siblings and announced as an unavailable link (a
  // plain span may not carry a name).
  const link = (target: number, label: React.ReactNode, aria: string, disabled: boolean, current = false) =>
    disabled ? (
      <a
        role="link"
        aria-disabled="true"
        aria-label={aria}
        aria-current={current ? "page" : undefined}
        className={`min-w-9 rounded-md px-2.5 py-1.5 text-center ${current ? "bg-kayu-700 font-bold text-white" : "text-stone-300"}`}
      >
        {label}
      </a>
    ) : (
      <AppLink
        to={hrefWith(location, { page: target })}
        preventScrollReset
        aria-label={aria}
        className="min-w-9 rounded-md border border-stone-200 px-2.5 py-1.5 text-center hover:bg-kayu-50"
      >
        {label}
      </AppLink>
    );
  return (
    <nav aria-label="Halaman tabel" className="flex flex-wrap items-center gap-1">
      {link(1, "«", "Pertama", page <= 1)}
      {link(page - 1, "‹", "Sebelumnya", page <= 1)}
      {pageButtons(page, pages).map((item, i) =>
        item === "ellipsis" ? (
          <span key={`e${i}`} className="px-1 text-stone-400">…</span>
        ) : (
          <span key={item}>{link(item, item, `Halaman ${item}`, item === page, item === page)}</span>
        ),
      )}
      {link(page + 1, "›", "Selanjutnya", page >= pages)}
      {link(pages, "»", "Terakhir", page >= pages)}
    </nav>
  );
}

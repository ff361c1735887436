/**
 * The client half of an LPPM list-and-detail screen (the loader half:
 * http/lihat-list.server.ts): the heading, the back office's server-side table with its
 * filters and a link per row to ?lihat=ID, and the detail the URL names in a dialog whose
 * close link keeps the table's state. The screen gives what differs: the columns, the row's
 * link text, and what the dialog holds (`children`, called with the open record).
 */
import type { ReactNode } from "react";
import { PageHeader } from "~/components/operator/page-header";
import { DataTable, type DataTableProps, type TablePage } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { LihatLink, useLihatHref } from "~/components/lppm/kit/cells";

type Titled = { judul: string } | { usulan: { judul: string } };

/** A record's title: its own judul, or its proposal's (a report, a monev). */
const judulOf = (lihat: Titled) => ("judul" in lihat ? lihat.judul : lihat.usulan.judul);

export function LihatListPage<Row extends { id: number; judul: string }, L extends Titled>({
  title,
  caption,
  columns,
  data: { list, lihat },
  filters,
  toolbar,
  rowLink = (row) => ({ name: `Detail ${row.judul}` }),
  lihatTitle = judulOf,
  children,
}: {
  title: string;
  caption: string;
  columns: DataTableProps<Row>["columns"];
  /** The loader's page of rows and the record ?lihat=ID opened, if any. */
  data: { list: TablePage & { rows: Row[] }; lihat: L | null };
  filters?: ReactNode;
  /** Controls beside the heading (downloads). */
  toolbar?: ReactNode;
  /** The row's link: its accessible name ('Detail <judul>' by default), and its text ('Detail' by default). */
  rowLink?: (row: Row) => { name: string; text?: string };
  /** The dialog's title: the record's judul (or its proposal's) unless told. */
  lihatTitle?: (lihat: L) => string;
  /** What the dialog holds for the open record. */
  children: (lihat: L) => ReactNode;
}) {
  const href = useLihatHref();
  return (
    <div>
      <PageHeader title={title} toolbar={toolbar} />
      <DataTable
        caption={caption}
        columns={columns}
        list={list}
        filters={filters}
        action={(row) => {
          const { name, text } = rowLink(row);
          return (
            <LihatLink to={href(row.id)} name={name}>
              {text}
            </LihatLink>
          );
        }}
      />
      {lihat ? (
        <UrlDialog title={lihatTitle(lihat)} closeTo={href(null)} size="xl">
          {children(lihat)}
        </UrlDialog>
      ) : null}
    </div>
  );
}

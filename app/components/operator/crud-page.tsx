/**
 * The client half of every list-and-dialog screen (the server half: http/crud-screen):
 * the heading with '+ Data', the server-side table with an Action menu per row, and the modals
 * the URL names — the add and edit form (one component, by intent) and the delete question.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";
import { PageHeader } from "./page-header";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { DataTable, type DataTableProps, type TablePage } from "~/components/ui/data-table";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { RowMenu, type RowMenuItem } from "~/components/ui/row-menu";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { Reply } from "~/components/ui/use-reply";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { Alert } from "~/components/ui/field";

export type FormIntent = "tambah" | "ubah";

/** What a screen's form component gets: which form it is, for which record, and the server's reply. */
export type CrudFormProps<R> = { intent: FormIntent; title: string; closeTo: string; reply: Reply | undefined; record?: R };

type PageData<Row, U, H> = {
  list: TablePage & { rows: (Row & { id: number })[] };
  tambah?: boolean;
  ubah: U | null;
  hapus?: H | null;
};

export function CrudPage<Row, U, H extends { id: number } = never>({
  title,
  caption: captionGiven,
  columns,
  data,
  reply,
  rowLabel,
  rowItems,
  form,
  item = title,
  deleting,
  canAdd = true,
  canDelete = true,
  addLabel,
  toolbar,
  children,
}: {
  title: string;
  /** The table's caption: 'Daftar <item>' unless told. */
  caption?: string;
  columns: DataTableProps<Row & { id: number }>["columns"];
  data: PageData<Row, U, H>;
  reply: Reply | undefined;
  /** How the row's Action menu names it ("Aksi untuk …"). */
  rowLabel: (row: Row & { id: number }) => string;
  /** Items before Ubah/Hapus (e.g. 'Gambar Produk'). */
  rowItems?: (row: Row & { id: number }) => RowMenuItem[];
  /** Renders the add or edit form: `(props) => <ScreenForm {...props} />`. */
  form: (props: CrudFormProps<U>) => ReactNode;
  /** What one row is, for the dialogs' titles 'Tambah <item>' and 'Ubah <item>' (the page's title unless told). */
  item?: string;
  /** The delete question's item name and note. */
  deleting?: (record: H) => { itemName: string; question?: string; note?: string };
  canAdd?: boolean;
  /** Whether rows have 'Hapus' (all, none, or per row). */
  canDelete?: boolean | ((row: Row & { id: number }) => boolean);
  addLabel?: string;
  /** More actions in the heading, before '+ Data' (links: they work without JavaScript). */
  toolbar?: ReactNode;
  /** More of the page, under the table. */
  children?: ReactNode;
}) {
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  const { list, tambah, ubah, hapus } = data;
  return (
    <div>
      <PageHeader title={title} addHref={canAdd ? paramHref("tambah", 1) : undefined} addLabel={addLabel} toolbar={toolbar} />
      <DataTable
        caption={captionGiven ?? `Daftar ${item.toLowerCase()}`}
        columns={columns}
        list={list}
        action={(row) => (
          <RowMenu
            label={rowLabel(row)}
            items={[
              ...(rowItems?.(row) ?? []),
              { label: "Ubah", to: paramHref("ubah", row.id) },
              ...((typeof canDelete === "function" ? canDelete(row) : canDelete)
                ? [{ label: "Hapus", to: paramHref("hapus", row.id), danger: true }]
                : []),
            ]}
          />
        )}
      />
      {children}
      {canAdd && tambah ? form({ intent: "tambah", title: `Tambah ${item}`, closeTo, reply }) : null}
      {ubah ? form({ intent: "ubah", title: `Ubah ${item}`, closeTo, reply, record: ubah }) : null}
      {canDelete !== false && hapus && deleting ? (
        <ConfirmDelete closeTo={closeTo} id={hapus.id} {...deleting(hapus)} reply={reply} />
      ) : null}
    </div>
  );
}

/**
 * A modal form: the URL-driven dialog, the post with its `intent` (and the record's id), the
 * fields, and Close/Simpan ('Loading...' while it saves).
 */
export function FormDialog<Fields extends Record<string, unknown>>({
  title,
  intent,
  closeTo,
  form,
  record,
  size,
  encType,
  working = false,
  onSubmit,
  children,
}: {
  title: string;
  intent: string;
  closeTo: string;
  form: FormMetadata<Fields, string[]>;
  /** The record being changed: its id goes with the form. */
  record?: { id: number };
  size?: "md" | "lg" | "xl";
  encType?: "multipart/form-data";
  /** Work of the form's own going on (its photos being sent): Simpan waits, the dialog stays. */
  working?: boolean;
  /** Runs before the form is validated and posted; `preventDefault()` keeps it from being posted. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const busy = useSubmitting(intent) || working;
  const formProps = getFormProps(form);
  return (
    <UrlDialog title={title} closeTo={closeTo} busy={busy} size={size}>
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          onSubmit?.(event);
          if (!event.defaultPrevented) formProps.onSubmit(event);
        }}
        encType={encType}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        {/* A refusal of the whole form (a taken name…): also shown without JavaScript, where no toast is. */}
        {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
        {children}
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}

/** The form id and the reply of a dialog form: the server's reply only reaches the form that posted it. */
export function dialogFormOptions(name: string, { intent, reply, record }: { intent: FormIntent; reply: Reply | undefined; record?: { id: number } }) {
  return { id: `${name}-${intent}-${record?.id ?? "baru"}`, reply: reply?.intent === intent ? reply : undefined };
}

/**
 * The Conform form of a CRUD dialog (its id and reply: dialogFormOptions), filled with
 * `defaults(record)` when it changes a record and with `fresh` when it adds one.
 */
export function useDialogForm<Schema extends Parameters<typeof useZodForm>[0], R extends { id: number }>(
  schema: Schema,
  name: string,
  props: CrudFormProps<R>,
  defaults: (record: R) => Record<string, unknown>,
  fresh?: Record<string, unknown>,
) {
  return useZodForm(schema, { ...dialogFormOptions(name, props), defaultValue: props.record ? defaults(props.record) : fresh });
}

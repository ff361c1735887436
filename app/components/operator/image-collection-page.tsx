/**
 * The page of an image-collection screen (gallery, banners): grid with Ubah/Hapus, the add
 * and edit modals with the image picker, and the delete confirmation; for a collection with a
 * status and a manual order (banners) a badge, 'Naik' / 'Turun' and the status select.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { dialogFormOptions } from "~/components/operator/crud-page";
import { ImageGrid } from "~/components/operator/image-grid";
import { PageHeader } from "~/components/operator/page-header";
import { StatusBadge, StatusField } from "~/components/operator/status-tayang";
import { UrutanButtons } from "~/components/operator/urutan-buttons";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/field";
import { ImageInput } from "~/components/ui/image-input";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useReply, type Reply } from "~/components/ui/use-reply";
import type { StatusTayang } from "~/domain/tayang/tayang.schema";
import { UPLOAD_KEEP_HINT } from "~/lib/util/upload-rules";

type ImageView = { id: number; src: string; status?: StatusTayang };

export type ImageCollectionUi = {
  title: string;
  gridLabel: string;
  /** The name shown for the n-th image ("Banner 2", "Gambar galeri 2"). */
  itemName: (n: number) => string;
  field: string;
  addTitle: string;
  editTitle: string;
  /** Extra hints under the picker (both modals). */
  hints: string[];
  aspect?: "square" | "wide";
  previewClassName?: string;
  empty: { title: string; text: string; action: string };
  /** A 'Status' select (its hint) and a badge per image. */
  status?: { hint: string };
  /** 'Naik' / 'Turun' per image, and the line that explains the order. */
  urutan?: { intro: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schemas: { tambah: z.ZodType<Record<string, any>, Record<string, any>>; ubah: z.ZodType<Record<string, any>, Record<string, any>> };
};

export function ImageCollectionPage({
  ui,
  loaderData,
  actionData,
}: {
  ui: ImageCollectionUi;
  loaderData: { list: ImageView[]; tambah: boolean; ubah: ImageView | null; hapus: (ImageView & { urutan: number }) | null };
  actionData: Reply | undefined;
}) {
  const { list, tambah, ubah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  const addHref = paramHref("tambah", 1);
  return (
    <div>
      <PageHeader title={ui.title} addHref={addHref} />
      {ui.urutan && list.length > 0 ? <p className="mb-3 text-sm text-stone-500">{ui.urutan.intro}</p> : null}
      <ImageGrid
        label={ui.gridLabel}
        aspect={ui.aspect}
        items={list.map((item, index) => ({ key: item.id, id: item.id, src: item.src, status: item.status, alt: ui.itemName(index + 1) }))}
        caption={
          ui.status || ui.urutan
            ? (item, index) => (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex items-center gap-2 text-sm font-semibold text-stone-800">
                    {item.alt}
                    {ui.status ? <StatusBadge status={item.status ?? "Tayang"} /> : null}
                  </span>
                  {ui.urutan ? <UrutanButtons id={item.id} name={item.alt} naik={index > 0} turun={index < list.length - 1} /> : null}
                </div>
              )
            : undefined
        }
        actions={(item) => [
          { label: "Ubah", to: paramHref("ubah", item.id) },
          { label: "Hapus", to: paramHref("hapus", item.id), danger: true },
        ]}
        empty={
          <>
            <p className="text-lg font-semibold text-stone-800">{ui.empty.title}</p>
            <p className="mt-1 text-sm text-stone-500">{ui.empty.text}</p>
            <Link
              to={addHref}
              preventScrollReset
              className="mt-4 inline-block rounded-lg bg-kayu-700 px-4 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800"
            >
              {ui.empty.action}
            </Link>
          </>
        }
      />
      {tambah ? <ImageDialog ui={ui} intent="tambah" closeTo={closeTo} reply={actionData} /> : null}
      {ubah ? <ImageDialog ui={ui} intent="ubah" closeTo={closeTo} reply={actionData} record={ubah} /> : null}
      {hapus ? (
        <ConfirmDelete closeTo={closeTo} id={hapus.id} itemName={ui.itemName(hapus.urutan)} question="Menghapus gambar ini?" />
      ) : null}
    </div>
  );
}

function ImageDialog({
  ui,
  intent,
  closeTo,
  reply,
  record,
}: {
  ui: ImageCollectionUi;
  intent: "tambah" | "ubah";
  closeTo: string;
  reply: Reply | undefined;
  record?: ImageView;
}) {
  const { message, busy } = useReply(reply, { intent });
  const [form, fields] = useZodForm(record ? ui.schemas.ubah : ui.schemas.tambah, {
    ...dialogFormOptions(ui.field, { intent, reply, record }),
    defaultValue: record?.status ? { status: record.status } : undefined,
  });
  const field = fields[ui.field];
  return (
    <UrlDialog title={record ? ui.editTitle : ui.addTitle} closeTo={closeTo} busy={busy}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        {message ? <Alert>{message}</Alert> : null}
        <ImageInput
          name={ui.field}
          id={field?.id}
          label="Gambar"
          required={!record}
          currentUrl={record?.src}
          hints={record ? [UPLOAD_KEEP_HINT, ...ui.hints] : ui.hints}
          errors={field?.errors}
          previewClassName={ui.previewClassName}
        />
        {ui.status ? <StatusField field={fields.status!} hint={ui.status.hint} /> : null}
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}

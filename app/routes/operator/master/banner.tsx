import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/banner";
import { PageHeader } from "~/components/operator/page-header";
import { StatusBadge, StatusField } from "~/components/operator/status-tayang";
import { UrutanButtons } from "~/components/operator/urutan-buttons";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/field";
import { ImageInput } from "~/components/ui/image-input";
import { useSubmitting, useZodForm, type ActionReply } from "~/components/ui/use-zod-form";
import { BANNER_SIZE_HINT, bannerSchemas } from "~/domain/banner/banner.schema";
import { bannerImages } from "~/domain/images/collections.server";
import { requireUser } from "~/lib/http/guard.server";
import { imageScreenAction, imageScreenLoader, type ImageScreen, type ImageView } from "~/lib/http/image-collection.server";
import { UPLOAD_KEEP_HINT } from "~/lib/util/upload-rules";

export const handle = { title: "Banner" };

/**
 * The home slider's banners (issue 14 §5): each 'Tayang' or 'Draf' (a draft is not on the home
 * page nor in /api/home), in a manual order the slider follows ('Naik' / 'Turun', form posts).
 * Add, replace and delete as every image collection (domain/images).
 */
const screen: ImageScreen = { images: bannerImages, field: "image", schemas: bannerSchemas, urutan: true };

export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  return imageScreenLoader(url, screen);
}

export const action = (args: Route.ActionArgs) => imageScreenAction(args, screen);

const nameOf = (n: number) => `Banner ${n}`;

export default function OperatorBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { list, tambah, ubah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  const addHref = paramHref("tambah", 1);
  return (
    <div>
      <PageHeader title="Banner" addHref={addHref} />
      {list.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold text-stone-800">Belum ada banner</p>
          <p className="mt-1 text-sm text-stone-500">Banner tampil bergantian di bagian atas halaman beranda. {BANNER_SIZE_HINT}.</p>
          <Link
            to={addHref}
            preventScrollReset
            className="mt-4 inline-block rounded-lg bg-kayu-700 px-4 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800"
          >
            Tambah banner pertama
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-500">
            Beranda menampilkan banner berstatus Tayang dengan urutan seperti di bawah; ubah dengan tombol Naik / Turun.
          </p>
          <ul aria-label="Daftar banner" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {list.map((item, index) => {
              const name = nameOf(index + 1);
              return (
                <li key={item.id} className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
                  <img src={item.src} alt={name} loading="lazy" decoding="async" className="block aspect-[1920/620] w-full bg-stone-100 object-cover" />
                  <div className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <div className="flex items-center gap-2">
                      <span className="text-sm font-semibold text-stone-800">{name}</span>
                      <StatusBadge status={item.status ?? "Tayang"} />
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <UrutanButtons id={item.id} name={name} naik={index > 0} turun={index < list.length - 1} />
                      <Link
                        to={paramHref("ubah", item.id)}
                        preventScrollReset
                        className="rounded-md bg-kayu-700 px-3 py-1.5 text-sm font-semibold text-white shadow hover:bg-kayu-800 focus-visible:ring-2 focus-visible:ring-kayu-500 focus-visible:outline-none"
                      >
                        Ubah<span className="sr-only"> {name}</span>
                      </Link>
                      <Link
                        to={paramHref("hapus", item.id)}
                        preventScrollReset
                        className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white shadow hover:bg-red-700 focus-visible:ring-2 focus-visible:ring-red-400 focus-visible:outline-none"
                      >
                        Hapus<span className="sr-only"> {name}</span>
                      </Link>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {tambah ? <BannerDialog intent="create" closeTo={closeTo} reply={actionData} /> : null}
      {ubah ? <BannerDialog intent="update" closeTo={closeTo} reply={actionData} record={ubah} /> : null}
      {hapus ? <ConfirmDelete closeTo={closeTo} id={hapus.id} itemName={nameOf(hapus.urutan)} question="Menghapus gambar ini?" /> : null}
    </div>
  );
}

function BannerDialog({
  intent,
  closeTo,
  reply,
  record,
}: {
  intent: "create" | "update";
  closeTo: string;
  reply: ActionReply;
  record?: ImageView;
}) {
  const own = reply?.intent === intent ? reply : undefined;
  const [form, fields] = useZodForm(record ? bannerSchemas.update : bannerSchemas.create, {
    id: `image-${intent}-${record?.id ?? "baru"}`,
    reply: own,
    defaultValue: record ? { status: record.status } : undefined,
  });
  const busy = useSubmitting(intent);
  return (
    <UrlDialog title={record ? "Ubah Banner" : "Tambah Banner"} closeTo={closeTo} busy={busy}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        {own?.message ? <Alert>{own.message}</Alert> : null}
        <ImageInput
          name="image"
          id={fields.image.id}
          label="Gambar"
          required={!record}
          currentUrl={record?.src}
          hints={record ? [UPLOAD_KEEP_HINT, BANNER_SIZE_HINT] : [BANNER_SIZE_HINT]}
          errors={fields.image.errors}
          previewClassName="max-h-40"
        />
        <StatusField field={fields.status} hint="Banner Draf tidak tampil di beranda dan /api/home." />
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}

import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/galeri";
import { ImageGrid } from "../../../components/operator/image-grid";
import { PageHeader } from "../../../components/operator/page-header";
import { ConfirmDelete } from "../../../components/ui/confirm-delete";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "../../../components/ui/dialog";
import { Alert } from "../../../components/ui/field";
import { ImageInput } from "../../../components/ui/image-input";
import { useSubmitting, useZodForm, type ActionReply } from "../../../components/ui/use-zod-form";
import { galeriCreateSchema, galeriUpdateSchema } from "../../../domain/galeri/galeri.schema";
import {
  addGaleri,
  deleteGaleri,
  getGaleri,
  listGaleri,
  replaceGaleri,
  type Galeri,
} from "../../../domain/galeri/galeri.server";
import {
  DELETE_FAILED,
  DELETED,
  listUrl,
  parseId,
  readForm,
  redirectWithToast,
  SAVE_FAILED,
  SAVED,
  uploadFailure,
} from "../../../lib/action.server";
import { getDb } from "../../../lib/db.server";
import { requireUser } from "../../../lib/guard.server";
import { UPLOAD_TOO_BIG } from "../../../lib/upload-rules";
import { UploadError } from "../../../lib/uploads.server";

export const handle = { title: "Galeri" };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const url = new URL(request.url);
  const list = listGaleri(db);
  const ubahId = parseId(url.searchParams.get("ubah"));
  const hapusId = parseId(url.searchParams.get("hapus"));
  const ubah = ubahId ? getGaleri(db, ubahId) : null;
  const hapus = hapusId ? list.find((item) => item.id === hapusId) ?? null : null;
  if ((ubahId && !ubah) || (hapusId && !hapus)) {
    throw await redirectWithToast(listUrl(request), "error", "Gagal menampilkan data");
  }
  return {
    list,
    tambah: url.searchParams.has("tambah"),
    ubah,
    hapus: hapus ? { ...hapus, urutan: list.indexOf(hapus) + 1 } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  const db = getDb();
  const back = listUrl(request);
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    // A file far over 2 MB (possible without JavaScript) is refused on the form, not on an error page.
    if (!isTooLarge(error)) throw error;
    const failure = uploadFailure(new UploadError(UPLOAD_TOO_BIG, 413), "gambar");
    const intent = new URL(request.url).searchParams.has("ubah") ? "update" : "create";
    return data({ ...failure.data, intent, message: SAVE_FAILED }, failure.init ?? undefined);
  }
  const intent = String(formData.get("intent") ?? "");

  if (intent === "delete") {
    const deleted = await deleteGaleri(db, parseId(formData.get("id")) ?? 0);
    return redirectWithToast(back, deleted ? "success" : "error", deleted ? DELETED : DELETE_FAILED);
  }

  const update = intent === "update";
  const submission = parseWithZod(formData, { schema: update ? galeriUpdateSchema : galeriCreateSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), message: SAVE_FAILED }, { status: 400 });
  }
  const file = submission.value.gambar ?? null;
  try {
    if (update) {
      const saved = await replaceGaleri(db, parseId(formData.get("id")) ?? 0, file);
      if (!saved) return redirectWithToast(back, "error", SAVE_FAILED);
    } else if (file) {
      // (always set here: the create schema requires the file)
      await addGaleri(db, file);
    }
  } catch (error) {
    const failure = uploadFailure(error, "gambar");
    return data({ ...failure.data, intent, message: SAVE_FAILED }, failure.init ?? undefined);
  }
  return redirectWithToast(back, "success", SAVED);
}

function isTooLarge(error: unknown): boolean {
  return typeof error === "object" && error !== null && "init" in error && (error as { init: ResponseInit | null }).init?.status === 413;
}

export default function OperatorGaleri({ loaderData, actionData }: Route.ComponentProps) {
  const { list, tambah, ubah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  const addHref = paramHref("tambah", 1);
  return (
    <div>
      <PageHeader title="Galeri" addHref={addHref} />
      <ImageGrid
        label="Daftar gambar galeri"
        items={list.map((item, index) => ({ key: item.id, id: item.id, src: item.gambar, alt: `Gambar galeri ${index + 1}` }))}
        actions={(item) => [
          { label: "Ubah", to: paramHref("ubah", item.id) },
          { label: "Hapus", to: paramHref("hapus", item.id), danger: true },
        ]}
        empty={
          <>
            <p className="text-lg font-semibold text-stone-800">Galeri masih kosong</p>
            <p className="mt-1 text-sm text-stone-500">Tambahkan foto toko, ruang pamer, atau hasil karya untuk halaman Tentang Kami.</p>
            <Link
              to={addHref}
              preventScrollReset
              className="mt-4 inline-block rounded-lg bg-kayu-700 px-4 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800"
            >
              Tambah gambar pertama
            </Link>
          </>
        }
      />
      {tambah ? <GaleriDialog title="Tambah Galeri" intent="create" closeTo={closeTo} reply={actionData} /> : null}
      {ubah ? <GaleriDialog title="Ubah Galeri" intent="update" closeTo={closeTo} reply={actionData} record={ubah} /> : null}
      {hapus ? (
        <ConfirmDelete closeTo={closeTo} id={hapus.id} itemName={`Gambar galeri ${hapus.urutan}`} question="Menghapus gambar ini?" />
      ) : null}
    </div>
  );
}

function GaleriDialog({
  title,
  intent,
  closeTo,
  reply,
  record,
}: {
  title: string;
  intent: "create" | "update";
  closeTo: string;
  reply: ActionReply;
  record?: Galeri;
}) {
  const own = reply?.intent === intent ? reply : undefined;
  const [form, fields] = useZodForm(record ? galeriUpdateSchema : galeriCreateSchema, {
    id: `galeri-${intent}-${record?.id ?? "baru"}`,
    reply: own,
  });
  const busy = useSubmitting(intent);
  return (
    <UrlDialog title={title} closeTo={closeTo} busy={busy}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        {own?.message ? <Alert>{own.message}</Alert> : null}
        <ImageInput
          name="gambar"
          id={fields.gambar.id}
          label="Gambar"
          required={!record}
          currentUrl={record?.gambar}
          hints={record ? ["Abaikan jika tidak ingin mengubah gambar"] : []}
          errors={fields.gambar.errors}
        />
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}

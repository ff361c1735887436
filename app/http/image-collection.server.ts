/**
 * The server half of an image-collection screen (banners, gallery, a product's images): a grid
 * of uploaded images with add/replace/delete through URL-driven modals, over one domain
 * collection (domain/images). `owner` limits a screen to one owner's images (a product's):
 * an image of another owner is unknown here, in the modals and in every intent.
 */
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { CollectionImage, ImageCollection } from "~/domain/images/image-collection.server";
import { toastPindah, type Arah } from "~/domain/urutan/urutan.server";
import type { StatusTayang } from "~/domain/tayang/tayang.schema";
import { modalRecords, runAction, SAVE_FAILED, type Handler } from "~/http/action.server";
import { getDb } from "~/lib/server/db.server";
import { deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { json } from "~/http/api.server";
import { BodyError, readFormData } from "~/http/body.server";
import { UploadError } from "~/lib/server/uploads.server";
import { NOT_FOUND, SAVED } from "~/lib/util/messages";
import { IMAGE_REQUIRED } from "~/lib/util/upload-rules";

export type ImageScreen = {
  images: ImageCollection;
  /** The file field, named as the API names it ("gambar", "image"). */
  field: string;
  schemas: { tambah: z.ZodType; ubah: z.ZodType };
  /** 'Naik' / 'Turun' intents (the collection has a manual order). */
  urutan?: boolean;
  /** The add form takes several files at once (its schema answers them as a list). */
  multiple?: boolean;
};

export type ImageView = { id: number; src: string; status?: StatusTayang };

const view = ({ id, src, status }: CollectionImage): ImageView => (status ? { id, src, status } : { id, src });

export async function imageScreenLoader(url: URL, screen: Pick<ImageScreen, "images">, owner: number | null = null) {
  const db = getDb();
  const list = screen.images.list(db, owner);
  const { tambah, ubah, hapus } = await modalRecords(
    url,
    (id) => screen.images.get(db, id, owner ?? undefined),
    (id) => list.find((item) => item.id === id),
  );
  return {
    list: list.map(view),
    tambah,
    ubah: ubah ? view(ubah) : null,
    hapus: hapus ? { ...view(hapus), urutan: list.indexOf(hapus) + 1 } : null,
  };
}

export function imageScreenAction(
  args: { request: Request; url: URL; context: Readonly<RouterContextProvider> },
  screen: ImageScreen,
  owner: number | null = null,
) {
  const { images, field } = screen;
  const fileIn = (value: unknown) => ((value as Record<string, File | undefined>)[field] ?? null);
  const only = owner ?? undefined;
  // A form with a `status` field (banners) sets it; left out, a new image is Tayang, a replaced one keeps it.
  const statusIn = (value: unknown) => ({ status: (value as { status?: StatusTayang }).status });
  const pindah =
    (arah: Arah): Handler =>
    async ({ db, id, done }) => {
      const toast = toastPindah(images.move(db, id ?? 0, arah, only), arah);
      return done(toast.message, { kind: toast.kind });
    };
  return runAction(
    args,
    {
      // (The tambah schema requires the file, or at least one of several.)
      tambah: saveIntent(
        screen.schemas.tambah,
        (value, { db }) =>
          screen.multiple
            ? images.addMany(db, (value as Record<string, File[]>)[field]!, owner, statusIn(value))
            : images.add(db, fileIn(value)!, owner, statusIn(value)),
        { fileField: field },
      ),
      ubah: saveIntent(screen.schemas.ubah, (value, { db, id }) => images.replace(db, id, fileIn(value), only, statusIn(value)), {
        fileField: field,
      }),
      hapus: deleteIntent(({ db, id }) => images.remove(db, id, only)),
      ...(screen.urutan ? { naik: pindah("naik"), turun: pindah("turun") } : {}),
    },
    { upload: { field, intent: (url) => (url.searchParams.has("ubah") ? "ubah" : "tambah"), summary: SAVE_FAILED } },
  );
}

/** A script's upload carries one photo; several in one are the form's (without JavaScript). */
export const SATU_FOTO = "Kirim satu foto setiap kali.";

/**
 * One image added with a script's upload (XHR, which reports its progress): a JSON resource
 * route beside an image screen, behind the same guard (the area's middleware) and the same
 * cross-site check (the root's), storing through the same collection. The answer is JSON:
 * 201 `{ message, gambar: { id, src } }`, or 4xx `{ message }` with the reason in Indonesian
 * (the spec's upload messages, 'Gambar wajib dipilih.', the body's own refusal); 404 when the
 * owner is gone. A file field with more than one file is refused: one request, one photo.
 */
export async function imageUploadAction(request: Request, screen: Pick<ImageScreen, "images" | "field">, owner: number | null) {
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return json({ message: error.message }, { status: error.status });
  }
  const files = form.getAll(screen.field).filter((file): file is File => file instanceof File && file.size > 0);
  if (files.length !== 1) return json({ message: files.length === 0 ? IMAGE_REQUIRED : SATU_FOTO }, { status: 400 });
  try {
    const image = await screen.images.add(getDb(), files[0]!, owner);
    if (!image) return json({ message: NOT_FOUND }, { status: 404 });
    return json({ message: SAVED, gambar: { id: image.id, src: image.src } }, { status: 201 });
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return json({ message: error.message }, { status: error.status });
  }
}

import { galeriCreateSchema } from "~/domain/galeri/galeri.schema";
import { galeriImages } from "~/domain/images/collections.server";
import type { CollectionImage } from "~/domain/images/image-collection.server";
import { DELETED, SAVED } from "~/http/action.server";
import { notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";
import { fileFrom } from "~/lib/server/uploads.server";

/** The legacy shape: the image's URL under the field's name. */
const legacy = ({ id, src }: CollectionImage) => ({ id, gambar: src });

/** /api/galeriform[/{id}]: {gambar} (multipart); an update without a file keeps the image. */
const resource = apiResource({
  list: () => ({ data: galeriImages.list(getDb()).map(legacy) }),
  get: (id) => ({ data: legacy(galeriImages.get(getDb(), id) ?? notFound()) }),
  create: async (form) => {
    const { gambar } = validate(form, galeriCreateSchema);
    return { message: SAVED, data: { galeri: legacy((await galeriImages.add(getDb(), gambar))!) } };
  },
  update: async (id, form) => ({
    message: SAVED,
    data: { galeri: legacy((await galeriImages.replace(getDb(), id, fileFrom(form, "gambar"))) ?? notFound()) },
  }),
  remove: async (id) => {
    if (!(await galeriImages.remove(getDb(), id))) notFound();
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

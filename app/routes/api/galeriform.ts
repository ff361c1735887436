import { galeriCreateSchema } from "../../domain/galeri/galeri.schema";
import { addGaleri, deleteGaleri, getGaleri, listGaleri, replaceGaleri } from "../../domain/galeri/galeri.server";
import { DELETED, SAVED } from "../../lib/action.server";
import { notFound, validate } from "../../lib/api.server";
import { apiResource } from "../../lib/api-resource.server";
import { getDb } from "../../lib/db.server";
import { fileFrom } from "../../lib/uploads.server";

/** /api/galeriform[/{id}]: {gambar} (multipart); an update without a file keeps the image. */
const resource = apiResource({
  list: () => ({ data: listGaleri(getDb()) }),
  get: (id) => ({ data: getGaleri(getDb(), id) ?? notFound() }),
  create: async (form) => {
    const { gambar } = validate(form, galeriCreateSchema);
    return { message: SAVED, data: { galeri: await addGaleri(getDb(), gambar) } };
  },
  update: async (id, form) => ({
    message: SAVED,
    data: { galeri: (await replaceGaleri(getDb(), id, fileFrom(form, "gambar"))) ?? notFound() },
  }),
  remove: async (id) => {
    if (!(await deleteGaleri(getDb(), id))) notFound();
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

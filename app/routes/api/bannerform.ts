import { bannerCreateSchema, bannerSchemas } from "~/domain/banner/banner.schema";
import { bannerImages } from "~/domain/images/collections.server";
import type { CollectionImage } from "~/domain/images/image-collection.server";
import { pindahSchema } from "~/domain/urutan/urutan.server";
import { DELETED, SAVED } from "~/http/action.server";
import { notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";
import { fileFrom } from "~/lib/server/uploads.server";

/** The legacy shape: the image's URL under the field's name; and its status. */
const legacy = ({ id, src, status }: CollectionImage) => ({ id, image: src, status });

/**
 * /api/bannerform[/{id}]: {image, status?} (multipart); an update without a file keeps the image,
 * without `status` keeps the status; `pindah` (naik/turun) moves it in the home slider's order.
 * The list holds every banner, drafts included, in that order.
 */
const resource = apiResource({
  list: () => ({ data: bannerImages.list(getDb()).map(legacy) }),
  get: (id) => ({ data: legacy(bannerImages.get(getDb(), id) ?? notFound()) }),
  create: async (form) => {
    const { image, status } = validate(form, bannerCreateSchema);
    return { message: SAVED, data: { banner: legacy((await bannerImages.add(getDb(), image, null, { status }))!) } };
  },
  update: async (id, form) => {
    const { status } = validate(form, bannerSchemas.ubah.omit({ image: true }));
    const { pindah } = validate(form, pindahSchema);
    const db = getDb();
    const banner = (await bannerImages.replace(db, id, fileFrom(form, "image"), undefined, { status })) ?? notFound();
    if (!pindah) return { message: SAVED, data: { banner: legacy(banner) } };
    bannerImages.move(db, id, pindah);
    return { message: SAVED, data: { banner: legacy(bannerImages.get(db, id) ?? notFound()) } };
  },
  remove: async (id) => {
    if (!(await bannerImages.remove(getDb(), id))) notFound();
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

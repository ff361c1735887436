import { bannerCreateSchema } from "~/domain/banner/banner.schema";
import { bannerImages } from "~/domain/images/collections.server";
import type { CollectionImage } from "~/domain/images/image-collection.server";
import { DELETED, SAVED } from "~/lib/http/action.server";
import { notFound, validate } from "~/lib/http/api.server";
import { apiResource } from "~/lib/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";
import { fileFrom } from "~/lib/server/uploads.server";

/** The legacy shape: the image's URL under the field's name. */
const legacy = ({ id, src }: CollectionImage) => ({ id, image: src });

/** /api/bannerform[/{id}]: {image} (multipart); an update without a file keeps the image. */
const resource = apiResource({
  list: () => ({ data: bannerImages.list(getDb()).map(legacy) }),
  get: (id) => ({ data: legacy(bannerImages.get(getDb(), id) ?? notFound()) }),
  create: async (form) => {
    const { image } = validate(form, bannerCreateSchema);
    return { message: SAVED, data: { banner: legacy((await bannerImages.add(getDb(), image))!) } };
  },
  update: async (id, form) => ({
    message: SAVED,
    data: { banner: legacy((await bannerImages.replace(getDb(), id, fileFrom(form, "image"))) ?? notFound()) },
  }),
  remove: async (id) => {
    if (!(await bannerImages.remove(getDb(), id))) notFound();
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

import { bannerCreateSchema } from "../../domain/banner/banner.schema";
import { addBanner, deleteBanner, getBanner, listBanner, replaceBanner } from "../../domain/banner/banner.server";
import { DELETED, SAVED } from "../../lib/action.server";
import { notFound, validate } from "../../lib/api.server";
import { apiResource } from "../../lib/api-resource.server";
import { getDb } from "../../lib/db.server";
import { fileFrom } from "../../lib/uploads.server";

/** /api/bannerform[/{id}]: {image} (multipart); an update without a file keeps the image. */
const resource = apiResource({
  list: () => ({ data: listBanner(getDb()) }),
  get: (id) => ({ data: getBanner(getDb(), id) ?? notFound() }),
  create: async (form) => {
    const { image } = validate(form, bannerCreateSchema);
    return { message: SAVED, data: { banner: await addBanner(getDb(), image) } };
  },
  update: async (id, form) => ({
    message: SAVED,
    data: { banner: (await replaceBanner(getDb(), id, fileFrom(form, "image"))) ?? notFound() },
  }),
  remove: async (id) => {
    if (!(await deleteBanner(getDb(), id))) notFound();
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

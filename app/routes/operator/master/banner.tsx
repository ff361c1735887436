import type { Route } from "./+types/banner";
import { ImageCollectionPage, type ImageCollectionUi } from "../../../components/operator/image-collection-page";
import { BANNER_SIZE_HINT, bannerCreateSchema, bannerUpdateSchema } from "../../../domain/banner/banner.schema";
import {
  addBanner,
  deleteBanner,
  getBanner,
  listBanner,
  replaceBanner,
  type Banner,
} from "../../../domain/banner/banner.server";
import { getDb } from "../../../lib/db.server";
import { requireUser } from "../../../lib/guard.server";
import { imageCollectionAction, imageCollectionLoader, type ImageCollectionSpec } from "../../../lib/image-collection.server";

export const handle = { title: "Banner" };

const schemas = { create: bannerCreateSchema, update: bannerUpdateSchema };

function spec(): ImageCollectionSpec<Banner> {
  const db = getDb();
  return {
    // The API's field name for banners.
    field: "image",
    srcOf: (item) => item.image,
    schemas,
    list: () => listBanner(db),
    get: (id) => getBanner(db, id),
    add: (file) => addBanner(db, file),
    replace: (id, file) => replaceBanner(db, id, file),
    remove: (id) => deleteBanner(db, id),
  };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  return imageCollectionLoader(url, spec());
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requireUser(context);
  return imageCollectionAction({ request, url }, spec());
}

const ui: ImageCollectionUi = {
  title: "Banner",
  gridLabel: "Daftar banner",
  itemName: (n) => `Banner ${n}`,
  field: "image",
  addTitle: "Tambah Banner",
  editTitle: "Ubah Banner",
  hints: [BANNER_SIZE_HINT],
  aspect: "wide",
  previewClassName: "max-h-40",
  empty: {
    title: "Belum ada banner",
    text: "Banner tampil bergantian di bagian atas halaman beranda. Gunakan ukuran 1920 x 620 pixel.",
    action: "Tambah banner pertama",
  },
  schemas,
};

export default function OperatorBanner({ loaderData, actionData }: Route.ComponentProps) {
  return <ImageCollectionPage ui={ui} loaderData={loaderData} actionData={actionData} />;
}

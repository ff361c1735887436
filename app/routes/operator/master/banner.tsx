import type { Route } from "./+types/banner";
import { ImageCollectionPage, type ImageCollectionUi } from "~/components/operator/image-collection-page";
import { BANNER_SIZE_HINT, bannerSchemas } from "~/domain/banner/banner.schema";
import { bannerImages } from "~/domain/images/collections.server";
import { requireUser } from "~/http/guard.server";
import { imageScreenAction, imageScreenLoader, type ImageScreen } from "~/http/image-collection.server";

export const handle = { title: "Banner" };

/**
 * The home slider's banners, each 'Tayang' or 'Draf' (a draft is neither on the home
 * page nor in /api/home), in a manual order the slider follows ('Naik' / 'Turun', form posts).
 */
const screen: ImageScreen = { images: bannerImages, field: "image", schemas: bannerSchemas, urutan: true };

export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  return imageScreenLoader(url, screen);
}

export const action = (args: Route.ActionArgs) => imageScreenAction(args, screen);

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
  schemas: bannerSchemas,
  status: { hint: "Banner Draf tidak tampil di beranda dan /api/home." },
  urutan: { intro: "Beranda menampilkan banner berstatus Tayang dengan urutan seperti di bawah; ubah dengan tombol Naik / Turun." },
};

export default function OperatorBanner({ loaderData, actionData }: Route.ComponentProps) {
  return <ImageCollectionPage ui={ui} loaderData={loaderData} actionData={actionData} />;
}

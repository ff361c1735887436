import type { Route } from "./+types/galeri";
import { ImageCollectionPage, type ImageCollectionUi } from "~/components/operator/image-collection-page";
import { galeriSchemas } from "~/domain/galeri/galeri.schema";
import { galeriImages } from "~/domain/images/collections.server";
import { requireUser } from "~/http/guard.server";
import { imageScreenAction, imageScreenLoader, type ImageScreen } from "~/http/image-collection.server";

export const handle = { title: "Galeri" };

const screen: ImageScreen = { images: galeriImages, field: "gambar", schemas: galeriSchemas };

export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  return imageScreenLoader(url, screen);
}

export const action = (args: Route.ActionArgs) => imageScreenAction(args, screen);

const ui: ImageCollectionUi = {
  title: "Galeri",
  gridLabel: "Daftar gambar galeri",
  itemName: (n) => `Gambar galeri ${n}`,
  field: "gambar",
  addTitle: "Tambah Galeri",
  editTitle: "Ubah Galeri",
  hints: [],
  empty: {
    title: "Galeri masih kosong",
    text: "Tambahkan foto toko, ruang pamer, atau hasil karya untuk halaman Tentang Kami.",
    action: "Tambah gambar pertama",
  },
  schemas: galeriSchemas,
};

export default function OperatorGaleri({ loaderData, actionData }: Route.ComponentProps) {
  return <ImageCollectionPage ui={ui} loaderData={loaderData} actionData={actionData} />;
}

import type { Route } from "./+types/galeri";
import { ImageCollectionPage, type ImageCollectionUi } from "../../../components/operator/image-collection-page";
import { galeriCreateSchema, galeriUpdateSchema } from "../../../domain/galeri/galeri.schema";
import {
  addGaleri,
  deleteGaleri,
  getGaleri,
  listGaleri,
  replaceGaleri,
  type Galeri,
} from "../../../domain/galeri/galeri.server";
import { getDb } from "../../../lib/db.server";
import { requireUser } from "../../../lib/guard.server";
import { imageCollectionAction, imageCollectionLoader, type ImageCollectionSpec } from "../../../lib/image-collection.server";

export const handle = { title: "Galeri" };

const schemas = { create: galeriCreateSchema, update: galeriUpdateSchema };

function spec(): ImageCollectionSpec<Galeri> {
  const db = getDb();
  return {
    field: "gambar",
    srcOf: (item) => item.gambar,
    schemas,
    list: () => listGaleri(db),
    get: (id) => getGaleri(db, id),
    add: (file) => addGaleri(db, file),
    replace: (id, file) => replaceGaleri(db, id, file),
    remove: (id) => deleteGaleri(db, id),
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
  schemas,
};

export default function OperatorGaleri({ loaderData, actionData }: Route.ComponentProps) {
  return <ImageCollectionPage ui={ui} loaderData={loaderData} actionData={actionData} />;
}

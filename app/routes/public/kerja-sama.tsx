import type { Route } from "./+types/kerja-sama";
import { ProfilArticle } from "~/components/public/profil-article";
import { getKerjaSamaData } from "~/domain/katalog/katalog.server";
import { getDb } from "~/lib/server/db.server";
import { defaultImage, pageSeo } from "~/domain/katalog/seo.server";
import { publicMeta, shopFromMatches } from "~/lib/util/meta";

/** The page reads no query parameter: the page cache keeps one copy whatever the query says. */
export const handle = { queryParams: [] };

export function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  return { ...getKerjaSamaData(db), seo: pageSeo(request, "/kerja-sama", { image: defaultImage(db) }) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const toko = shopFromMatches(matches)?.nama_toko;
  const description = `Peluang kerja sama${toko ? ` dengan ${toko}` : ""}: pengadaan mebel untuk kantor, hotel, sekolah, dan proyek Anda.`;
  return publicMeta(matches, "Kerja Sama", description, null, loaderData?.seo);
}

export default function KerjaSama({ loaderData }: Route.ComponentProps) {
  return <ProfilArticle title="Kerja Sama" profil={loaderData.profil} />;
}

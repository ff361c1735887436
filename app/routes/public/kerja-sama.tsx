import type { Route } from "./+types/kerja-sama";
import { ProfilArticle } from "~/components/public/profil-article";
import { getKerjaSamaData } from "~/domain/katalog/katalog.server";
import { getDb } from "~/lib/server/db.server";
import { publicMeta } from "~/lib/util/meta";

export function loader() {
  return getKerjaSamaData(getDb());
}

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, "Kerja Sama");
}

export default function KerjaSama({ loaderData }: Route.ComponentProps) {
  return <ProfilArticle title="Kerja Sama" profil={loaderData.profil} />;
}

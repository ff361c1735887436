import { useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/tentang-kami";
import { LightboxGallery } from "~/components/public/lightbox";
import { ProfilArticle } from "~/components/public/profil-article";
import { getTentangKamiData } from "~/domain/katalog/katalog.server";
import { getDb } from "~/lib/server/db.server";
import { defaultImage, pageSeo } from "~/domain/katalog/seo.server";
import { publicMeta } from "~/lib/util/meta";

/** The page reads no query parameter: the page cache keeps one copy whatever the query says. */
export const handle = { queryParams: [] };

export function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const { profil, galeri } = getTentangKamiData(db);
  const seo = pageSeo(request, "/tentang-kami", { image: galeri[0]?.gambar ?? defaultImage(db) });
  return { profil, galeri, deskripsi: ringkasHtml(profil.keterangan, 160), seo };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return publicMeta(matches, "Tentang Kami", loaderData?.deskripsi || undefined, null, loaderData?.seo);
}

/** Plain-text summary of stored HTML, for the meta description. */
function ringkasHtml(html: string, max: number) {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export default function TentangKami({ loaderData }: Route.ComponentProps) {
  const { profil, galeri } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // SSR sends the page complete; the spinner only shows while this page reloads its data.
  const memuat = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <>
      <ProfilArticle
        title="Tentang Kami"
        profil={profil}
        busy={
          memuat ? (
            <span role="status" className="inline-flex">
              <span className="h-6 w-6 animate-spin rounded-full border-[3px] border-kayu-200 border-t-kayu-700" />
              <span className="sr-only">Memuat…</span>
            </span>
          ) : null
        }
      />

      <section aria-labelledby="galeri-kami" className="mx-auto max-w-7xl px-4 pt-8 pb-4">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <h2 id="galeri-kami" className="text-2xl font-extrabold tracking-tight text-kayu-900 sm:text-3xl">
            Galeri Kami
          </h2>
          <span aria-hidden="true" className="h-1 w-12 rounded-full bg-kayu-500" />
        </div>
        <LightboxGallery
          label="Galeri Kami"
          images={galeri.map((g, i) => ({ src: g.gambar, alt: `Foto galeri ${i + 1} dari ${galeri.length}` }))}
        />
      </section>
    </>
  );
}

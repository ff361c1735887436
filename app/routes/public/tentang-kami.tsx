import { useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/tentang-kami";
import { LightboxGallery, SafeImage } from "~/components/public/lightbox";
import { getTentangKamiData } from "~/domain/katalog/katalog.server";
import { getDb } from "~/lib/server/db.server";
import { publicMeta } from "~/lib/util/meta";

export function loader() {
  const { profil, galeri } = getTentangKamiData(getDb());
  return { profil, galeri, deskripsi: ringkasHtml(profil.keterangan, 160) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return publicMeta(matches, "Tentang Kami", loaderData?.deskripsi || undefined);
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
      <article className="mx-auto max-w-5xl px-4 pt-10 pb-6 sm:pt-14">
        <header className="mb-8 flex flex-col items-center gap-3 text-center">
          <h1 className="flex items-center gap-3 text-3xl font-extrabold tracking-tight text-kayu-900 sm:text-4xl">
            Tentang Kami
            {memuat ? (
              <span role="status" className="inline-flex">
                <span className="h-6 w-6 animate-spin rounded-full border-[3px] border-kayu-200 border-t-kayu-700" />
                <span className="sr-only">Memuat…</span>
              </span>
            ) : null}
          </h1>
          <span aria-hidden="true" className="h-1 w-16 rounded-full bg-kayu-500" />
        </header>

        {profil.foto ? (
          <SafeImage
            src={profil.foto}
            alt="Foto Tentang Kami"
            width={1600}
            sizes="(min-width: 1024px) 896px, 100vw"
            height={900}
            fetchPriority="high"
            decoding="async"
            className="mb-8 aspect-[16/9] w-full rounded-3xl object-cover shadow-md"
            fallbackClassName="mb-8 aspect-[16/9] w-full rounded-3xl"
          />
        ) : null}

        {profil.keterangan ? (
          <div
            className="rich-text rounded-3xl bg-white px-6 pt-3 pb-6 text-stone-700 shadow-sm ring-1 ring-kayu-100 sm:px-10 sm:pt-6 sm:pb-10"
            // Safe: keterangan is sanitized (allow-list) on the server before it is stored.
            dangerouslySetInnerHTML={{ __html: profil.keterangan }}
          />
        ) : null}
      </article>

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

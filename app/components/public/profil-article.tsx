import type { ReactNode } from "react";
import { SafeImage } from "./lightbox";

/**
 * A profile page's article (Tentang Kami, Kerja Sama): the heading, the photo and the rich
 * text the operator wrote. `busy` puts a spinner beside the heading while the page reloads.
 */
export function ProfilArticle({
  title,
  profil,
  busy,
  children,
}: {
  title: string;
  profil: { foto: string | null; keterangan: string };
  busy?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-5xl px-4 pt-10 pb-6 sm:pt-14">
      <header className="mb-8 flex flex-col items-center gap-3 text-center">
        <h1 className="flex items-center gap-3 text-3xl font-extrabold tracking-tight text-kayu-900 sm:text-4xl">
          {title}
          {busy}
        </h1>
        <span aria-hidden="true" className="h-1 w-16 rounded-full bg-kayu-500" />
      </header>

      {profil.foto ? (
        <SafeImage
          src={profil.foto}
          alt={`Foto ${title}`}
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
      {children}
    </article>
  );
}

/**
 * /penelitian — the institute's funded research, one year at a time (?tahun=YYYY, the newest by
 * default): title, ketua, skema, faculty and the outputs once published. Public, server-rendered
 * and kept by the page cache like the catalogue (emptied by any write); the year filter is plain
 * links, so it works without JavaScript. Gone (404) with Setting → Modul LPPM off, like every
 * LPPM route. Not in the public navbar or the footer's menu: the spec fixes both lists; the
 * sitemap names it for search engines.
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/penelitian";
import { pageSeo } from "~/domain/katalog/seo.server";
import { penelitianDidanai, tahunPenelitian } from "~/domain/lppm/publik/penelitian.server";
import { modulLppmMiddleware } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { publicMeta } from "~/lib/util/meta";

export const middleware: Route.MiddlewareFunction[] = modulLppmMiddleware;

/** The page reads only the year: the page cache keeps one copy per year whatever else the query says. */
export const handle = { queryParams: ["tahun"] };

export function loader({ request, url }: Route.LoaderArgs) {
  const db = getDb();
  const tahunList = tahunPenelitian(db);
  const asked = url.searchParams.get("tahun");
  const tahun = asked === null ? (tahunList[0] ?? null) : Number(asked);
  // A year without funded research (or not a year) is a page that does not exist.
  if (asked !== null && !tahunList.includes(tahun ?? NaN)) throw data(null, { status: 404 });
  const path = asked === null ? "/penelitian" : `/penelitian?tahun=${tahun}`;
  return { tahunList, tahun, daftar: tahun === null ? [] : penelitianDidanai(db, tahun), seo: pageSeo(request, path) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tahun = loaderData?.tahun;
  return publicMeta(matches, tahun ? `Penelitian Didanai ${tahun}` : "Penelitian Didanai", tahun ? `Daftar penelitian yang didanai tahun ${tahun}.` : undefined, null, loaderData?.seo);
}

export default function Penelitian({ loaderData }: Route.ComponentProps) {
  const { tahunList, tahun, daftar } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 pt-10 pb-12 sm:pt-14">
      <header className="mb-8 flex flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-kayu-900 sm:text-4xl">Penelitian Didanai</h1>
        <span aria-hidden="true" className="h-1 w-16 rounded-full bg-kayu-500" />
      </header>
      {tahunList.length === 0 ? (
        <p className="text-center text-stone-600">Belum ada penelitian yang didanai.</p>
      ) : (
        <>
          <nav aria-label="Tahun" className="mb-6 flex flex-wrap justify-center gap-2">
            {tahunList.map((t) => (
              <Link
                key={t}
                to={`/penelitian?tahun=${t}`}
                aria-current={t === tahun ? "page" : undefined}
                className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${t === tahun ? "border-kayu-700 bg-kayu-700 text-white" : "border-stone-300 text-stone-700 hover:bg-stone-50"}`}
              >
                {t}
              </Link>
            ))}
          </nav>
          <h2 className="mb-4 text-xl font-bold text-stone-900">
            Tahun {tahun}: {daftar.length} penelitian
          </h2>
          <ol className="space-y-4">
            {daftar.map((p) => (
              <li key={p.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                <h3 className="font-bold text-stone-900">{p.judul}</h3>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-stone-700 sm:grid-cols-[8rem_1fr]">
                  <dt className="font-semibold">Ketua</dt>
                  <dd>{p.ketua}</dd>
                  <dt className="font-semibold">Skema</dt>
                  <dd>{p.skema}</dd>
                  <dt className="font-semibold">Fakultas</dt>
                  <dd>{p.fakultas ?? "–"}</dd>
                  {p.luaran.length ? (
                    <>
                      <dt className="font-semibold">Luaran</dt>
                      <dd>
                        <ul className="list-disc pl-5">
                          {p.luaran.map((l, i) => (
                            <li key={i}>
                              {l.jenis}: {l.tautan ? <a href={l.tautan} rel="noopener" className="text-kayu-700 underline">{l.judul}</a> : l.judul}
                              {l.wadah ? ` (${l.wadah})` : null}
                            </li>
                          ))}
                        </ul>
                      </dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
    </article>
  );
}

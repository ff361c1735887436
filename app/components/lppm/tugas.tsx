/**
 * What waits for the signed-in person, at the top of every LPPM dashboard and the Operator's
 * Dashboard LPPM (app/domain/lppm/tugas.server.ts): per kind of work its count and the first
 * few items — title, whose, the deadline (overdue ones 'Lewat tenggat' in red) — each a link to
 * the page where it is done, and a link to the whole list when there are more.
 */
import type { KelompokTugas } from "~/domain/lppm/tugas.server";
import { AppLink } from "~/components/ui/app-link";
import { formatWib } from "~/lib/util/wib";

export function AntreanTugas({ kelompok }: { kelompok: KelompokTugas[] }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="menunggu-anda" data-testid="tugas">
      <h2 id="menunggu-anda" className="text-sm font-bold tracking-wide text-stone-500 uppercase">
        Menunggu Anda
      </h2>
      {kelompok.length === 0 ? (
        <p className="mt-3 text-sm text-stone-500">Tidak ada pekerjaan yang menunggu Anda.</p>
      ) : (
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          {kelompok.map((k) => (
            <section key={k.kunci} className="rounded-lg border border-stone-200 p-4" aria-labelledby={`tugas-${k.kunci}`} data-testid={`tugas-${k.kunci}`}>
              <h3 id={`tugas-${k.kunci}`} className="flex items-baseline justify-between gap-3 text-sm font-semibold text-stone-800">
                <span>{k.label}</span>
                <span className="rounded-full bg-kayu-100 px-2.5 py-0.5 text-sm font-bold text-kayu-800">
                  {k.jumlah}
                </span>
              </h3>
              <ul className="mt-2 divide-y divide-stone-100">
                {k.items.map((item) => (
                  <li key={item.id} className="py-2 text-sm">
                    <AppLink to={item.to} className="font-semibold text-kayu-700 hover:underline">
                      {item.judul}
                    </AppLink>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-stone-600">
                      {item.siapa ? <span>{item.siapa}</span> : null}
                      {item.siapa ? <span aria-hidden="true">·</span> : null}
                      <span className={item.lewat ? "font-semibold text-red-700" : undefined}>
                        {item.tenggat === null ? "Tanpa tenggat" : `Tenggat ${formatWib(new Date(item.tenggat))}`}
                      </span>
                      {item.lewat ? (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-700" data-lewat="1">
                          Lewat tenggat
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
              {k.jumlah > k.items.length ? (
                <AppLink to={k.semua} className="mt-2 inline-block text-sm font-semibold text-kayu-800 underline">
                  Lihat semua ({k.jumlah})
                </AppLink>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

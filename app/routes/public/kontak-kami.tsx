import type { ReactNode } from "react";
import type { Route } from "./+types/kontak-kami";
import { MailIcon, MapPinIcon, WhatsAppIcon } from "~/components/public/icons";
import { AddressHtml, JadwalBuka, MultiLine, StatusBukaLine } from "~/components/public/public-footer";
import { jamBukaOf } from "~/domain/kantor-cabang/jam-buka";
import { getKontakKamiData } from "~/domain/katalog/katalog.server";
import { getDb } from "~/lib/server/db.server";
import { waHref } from "~/lib/util/format";
import { mapEmbedSrc, normalizeMapUrl } from "~/lib/util/maps";
import { shopSeo } from "~/domain/katalog/seo.server";
import { publicMeta, shopFromMatches } from "~/lib/util/meta";

/** The page reads no query parameter: the page cache keeps one copy whatever the query says. */
export const handle = { queryParams: [] };

export function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  // `jam_buka`: each branch's hours and 'Buka sekarang' / 'Tutup sekarang' for this request (the
  // page cache keys pages by that state, server/app.ts).
  return { ...getKontakKamiData(db), seo: shopSeo(db, request, "/kontak-kami") };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const toko = shopFromMatches(matches)?.nama_toko;
  const description = `Alamat, peta, dan nomor WhatsApp ${toko ? `${toko} ` : ""}beserta semua kantor cabang kami.`;
  return publicMeta(matches, "Kontak Kami", description, null, loaderData?.seo);
}

const linkClass =
  "rounded font-medium text-kayu-700 underline-offset-2 hover:text-kayu-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-kayu-500";

/** One line of the head office's address block: a round icon, then the value, named for screen readers by `label`. */
function KontakBaris({
  icon,
  label,
  className = "flex items-center gap-3",
  iconClass = "bg-kayu-100 text-kayu-700",
  textClass,
  children,
}: {
  icon: ReactNode;
  label: string;
  className?: string;
  iconClass?: string;
  textClass?: string;
  children: ReactNode;
}) {
  return (
    <p className={className}>
      <span className={`grid h-10 w-10 shrink-0 place-items-center rounded-full ${iconClass}`}>{icon}</span>
      <span className={textClass}>
        <span className="sr-only">{`${label}: `}</span>
        {children}
      </span>
    </p>
  );
}

export default function KontakKami({ loaderData }: Route.ComponentProps) {
  const { profil, gudang, jam_buka } = loaderData;
  // Our own iframe template around a vetted map URL; stored markup is never rendered.
  const peta = mapEmbedSrc(profil.maps);
  const chat = waHref(profil.whatsapp, "toko", { dari: "kontak-kami" });

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-4 sm:pt-14">
      <header className="mb-10 flex flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-kayu-900 sm:text-4xl">Kontak Kami</h1>
        <span aria-hidden="true" className="h-1 w-16 rounded-full bg-kayu-500" />
      </header>

      <div className={peta ? "grid gap-6 lg:grid-cols-5" : "mx-auto max-w-2xl"}>
        {peta ? (
          <div className="overflow-hidden rounded-3xl bg-kayu-100 shadow-sm ring-1 ring-kayu-100 lg:col-span-3">
            <iframe
              src={peta}
              title="Peta lokasi Kantor Pusat"
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              allowFullScreen
              className="block h-80 w-full border-0 sm:h-96 lg:h-full lg:min-h-[420px]"
            />
          </div>
        ) : null}

        <section
          aria-labelledby="kantor-pusat"
          className="flex flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-kayu-100 sm:p-8 lg:col-span-2"
        >
          <h2 id="kantor-pusat" className="text-xl font-bold text-kayu-900">
            Kantor Pusat:
          </h2>
          <address className="flex flex-col gap-4 not-italic text-stone-700">
            {profil.alamat ? (
              <KontakBaris icon={<MapPinIcon />} label="Alamat" className="flex gap-3" textClass="pt-2 leading-relaxed">
                <AddressHtml html={profil.alamat} />
              </KontakBaris>
            ) : null}
            {profil.email ? (
              <KontakBaris icon={<MailIcon />} label="Email" textClass="min-w-0 break-words">
                <a href={`mailto:${profil.email}`} className={linkClass}>
                  {profil.email}
                </a>
              </KontakBaris>
            ) : null}
            {chat ? (
              <KontakBaris icon={<WhatsAppIcon />} label="WhatsApp" iconClass="bg-wa/15 text-wa-dark">
                <a href={chat} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {profil.whatsapp}
                </a>
              </KontakBaris>
            ) : null}
          </address>
          {chat ? (
            <a
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-auto inline-flex w-fit items-center gap-2 rounded-full bg-wa px-5 py-2.5 font-bold text-white shadow-sm transition hover:bg-wa-dark focus:outline-none focus-visible:ring-4 focus-visible:ring-wa/40"
            >
              <WhatsAppIcon className="h-5 w-5" /> Chat WhatsApp
            </a>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="kantor-cabang" className="mt-14">
        <h2 id="kantor-cabang" className="mb-6 text-2xl font-bold text-kayu-900">
          Kontak Kantor Cabang Kami:
        </h2>
        {gudang.length > 0 ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {gudang.map((cabang) => {
              const cabangChat = waHref(cabang.kontak, cabang.id, { dari: "kontak-kami" });
              const peta = normalizeMapUrl(cabang.maps);
              const jam = jamBukaOf(jam_buka, cabang.id);
              return (
                <li
                  key={cabang.id}
                  id={`cabang-${cabang.id}`}
                  className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-kayu-100"
                >
                  <div className="flex flex-col gap-1">
                    <h3 className="text-lg font-bold text-kayu-900">{cabang.kantor_cabang}</h3>
                    {jam ? <StatusBukaLine status={jam.status} className="text-sm" /> : null}
                  </div>
                  <address className="flex flex-col gap-3 text-sm not-italic text-stone-700">
                    {cabang.alamat ? (
                      <p className="flex gap-2 leading-relaxed">
                        <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-kayu-500" />
                        <span>
                          <span className="sr-only">Alamat: </span>
                          <MultiLine text={cabang.alamat} />
                        </span>
                      </p>
                    ) : null}
                    {cabangChat ? (
                      <p className="flex items-center gap-2">
                        <WhatsAppIcon className="h-4 w-4 shrink-0 text-wa-dark" />
                        <a href={cabangChat} target="_blank" rel="noopener noreferrer" className={linkClass}>
                          <span className="sr-only">WhatsApp {cabang.kantor_cabang}: </span>
                          {cabang.kontak}
                        </a>
                      </p>
                    ) : (
                      <p className="text-stone-500">Kontak belum tersedia</p>
                    )}
                  </address>
                  {jam ? <JadwalBuka jadwal={jam.jadwal} hariIni={jam_buka.hari_ini} zona={jam_buka.zona} className="rounded-xl bg-kayu-50 px-4 py-3" /> : null}
                  {peta ? (
                    <a
                      href={peta}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-auto inline-flex w-fit items-center gap-2 rounded-full border border-kayu-200 px-4 py-2 text-sm font-semibold text-kayu-700 transition hover:border-kayu-300 hover:bg-kayu-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
                    >
                      <MapPinIcon className="h-4 w-4" /> Lihat di peta
                      <span className="sr-only"> ({cabang.kantor_cabang})</span>
                    </a>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-stone-600">Belum ada kantor cabang.</p>
        )}
      </section>
    </div>
  );
}

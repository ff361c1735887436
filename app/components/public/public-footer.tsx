import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { lines, waHalamanOf, waHref, waNumber, type WaHalaman } from "~/lib/util/format";
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, WhatsAppIcon } from "~/components/public/icons";
import { jadwalTampil, type JamHari, type StatusBuka } from "~/domain/kantor-cabang/jam-buka";

type FooterProps = {
  setting: { nama_toko: string; alamat: string; email: string; whatsapp: string; instagram: string; facebook: string };
  /** The first FOOTER_BRANCHES branches (more are fine: the rest is not shown). */
  kantorcabang: { id: number; kantor_cabang: string; maps: string }[];
  /** How many branches there are in all. */
  jumlahCabang: number;
  /** 'Buka sekarang' / 'Tutup sekarang' by branch id (statusBukaOf), computed at request time. */
  statusBuka?: Record<number, StatusBuka>;
};

/** Renders plain text with its line breaks as <br/> — never as raw HTML. */
export function MultiLine({ text }: { text: string }) {
  const parts = lines(text);
  return (
    <>
      {parts.map((line, i) => (
        <span key={i}>
          {line}
          {i < parts.length - 1 ? <br /> : null}
        </span>
      ))}
    </>
  );
}

/**
 * The shop's address: HTML the server sanitized (Setting → Alamat may carry `<br>` and inline
 * emphasis), with the line breaks typed in the back office shown as breaks.
 */
export function AddressHtml({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: html.replace(/\r?\n/g, "<br>") }} />;
}

/**
 * A branch's state: 'Buka sekarang · tutup 17.00' or 'Tutup sekarang · buka besok 08.00', with
 * a dot (the words say it; the colour only repeats it). Computed by the server for the request.
 */
export function StatusBukaLine({ status, className = "", tone = "light" }: { status: StatusBuka; className?: string; tone?: "light" | "dark" }) {
  const strong = tone === "dark" ? (status.buka ? "text-green-300" : "text-kayu-100") : status.buka ? "text-green-700" : "text-stone-700";
  const soft = tone === "dark" ? "text-kayu-200" : "text-stone-600";
  return (
    <p className={`flex items-center gap-2 ${className}`} data-status-buka={status.buka ? "buka" : "tutup"}>
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${status.buka ? "bg-green-500" : "bg-stone-400"}`} />
      <span>
        <span className={`font-semibold ${strong}`}>{status.label}</span>
        {status.keterangan ? <span className={soft}> · {status.keterangan}</span> : null}
      </span>
    </p>
  );
}

/** A branch's week, one line a day, today's line in bold ('Jam buka (WIB)'). */
export function JadwalBuka({ jadwal, hariIni, zona, className = "" }: { jadwal: readonly JamHari[]; hariIni: number; zona: string; className?: string }) {
  return (
    <div className={className}>
      <p className="mb-1 text-xs font-semibold text-stone-700">Jam buka ({zona})</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-xs text-stone-600">
        {jadwalTampil(jadwal).map((d) => {
          const today = d.hari === hariIni;
          return (
            <div key={d.hari} className={`contents${today ? " font-bold text-stone-900" : ""}`} data-hari-ini={today ? "" : undefined}>
              <dt>
                {d.nama}
                {today ? <span className="sr-only"> (hari ini)</span> : null}
              </dt>
              <dd className="tabular-nums">{d.teks}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/**
 * Where a WhatsApp link of the header, footer or floating button is: the
 * kind of page for `?dari=`, and on a product page that product, so the chat names it.
 */
export function useWaAsal(): { dari: WaHalaman; produk: string | null } {
  const { pathname } = useLocation();
  const dari = waHalamanOf(pathname);
  let produk: string | null = null;
  if (dari === "detail-produk") {
    const seo = pathname.split("/").filter(Boolean)[1] ?? "";
    try {
      produk = decodeURIComponent(seo) || null;
    } catch {
      produk = null;
    }
  }
  return { dari, produk };
}

/**
 * A round icon link of 'Ikuti Kami', named by `label`. An address not filled in yet gives a
 * "#" link that stays on the page (no new tab).
 */
function SocialLink({ href, label, hoverClass = "hover:bg-kayu-700", children }: { href: string; label: string; hoverClass?: string; children: ReactNode }) {
  return (
    <a
      href={href || "#"}
      aria-label={label}
      target={href ? "_blank" : undefined}
      rel="noopener noreferrer"
      className={`grid h-10 w-10 place-items-center rounded-full bg-kayu-800 ${hoverClass}`}
    >
      {children}
    </a>
  );
}

/** The footer lists this many branches; all of them are on /kontak-kami. */
export const FOOTER_BRANCHES = 8;

export function PublicFooter({ setting, kantorcabang, jumlahCabang, statusBuka }: FooterProps) {
  const year = new Date().getFullYear();
  const chat = waHref(setting.whatsapp, "toko", useWaAsal());
  return (
    <footer className="mt-16 bg-kayu-900 text-kayu-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="mb-3 text-lg font-bold text-white">{setting.nama_toko}</h2>
          {setting.alamat ? (
            <p className="flex gap-2 text-sm leading-relaxed">
              <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <AddressHtml html={setting.alamat} />
            </p>
          ) : null}
          {setting.email ? (
            <p className="mt-2 flex items-center gap-2 text-sm">
              <MailIcon className="h-4 w-4 shrink-0" />
              <a className="hover:text-white hover:underline" href={`mailto:${setting.email}`}>{setting.email}</a>
            </p>
          ) : null}
          {chat ? (
            <p className="mt-2 flex items-center gap-2 text-sm">
              <WhatsAppIcon className="h-4 w-4 shrink-0" />
              <a className="hover:text-white hover:underline" href={chat} target="_blank" rel="noopener noreferrer">
                +{waNumber(setting.whatsapp)}
              </a>
            </p>
          ) : null}
        </section>
        <nav aria-label="Menu footer">
          <h2 className="mb-3 text-lg font-bold text-white">Menu</h2>
          <ul className="space-y-2 text-sm">
            <li><AppLink className="hover:text-white hover:underline" to="/tentang-kami">Tentang Kami</AppLink></li>
            <li><AppLink className="hover:text-white hover:underline" to="/produk">Produk</AppLink></li>
            <li><AppLink className="hover:text-white hover:underline" to="/kerja-sama">Kerja Sama</AppLink></li>
            <li><AppLink className="hover:text-white hover:underline" to="/kontak-kami">Kontak Kami</AppLink></li>
          </ul>
        </nav>
        <section>
          <h2 className="mb-3 text-lg font-bold text-white">Ikuti Kami</h2>
          <ul className="flex gap-3">
            <li>
              <SocialLink href={setting.instagram} label="Instagram">
                <InstagramIcon />
              </SocialLink>
            </li>
            <li>
              <SocialLink href={setting.facebook} label="Facebook">
                <FacebookIcon />
              </SocialLink>
            </li>
            {chat ? (
              <li>
                <SocialLink href={chat} label="WhatsApp" hoverClass="hover:bg-wa">
                  <WhatsAppIcon />
                </SocialLink>
              </li>
            ) : null}
          </ul>
        </section>
        <section>
          <h2 className="mb-3 text-lg font-bold text-white">Lokasi Kami</h2>
          <ul className="space-y-2 text-sm">
            {kantorcabang.slice(0, FOOTER_BRANCHES).map((cabang) => (
              <li key={cabang.id}>
                {cabang.maps ? (
                  <a
                    href={cabang.maps}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 hover:text-white hover:underline"
                  >
                    <MapPinIcon className="h-4 w-4" /> {cabang.kantor_cabang}
                  </a>
                ) : (
                  <span className="inline-flex items-center gap-2"><MapPinIcon className="h-4 w-4" /> {cabang.kantor_cabang}</span>
                )}
                {statusBuka?.[cabang.id] ? <StatusBukaLine status={statusBuka[cabang.id]!} tone="dark" className="mt-0.5 ml-6 text-xs" /> : null}
              </li>
            ))}
          </ul>
          {jumlahCabang > FOOTER_BRANCHES ? (
            <AppLink className="mt-3 inline-block text-sm font-semibold hover:text-white hover:underline" to="/kontak-kami">
              Semua lokasi ({jumlahCabang})
            </AppLink>
          ) : null}
        </section>
      </div>
      <div className="border-t border-kayu-800 py-5 text-center text-sm text-kayu-200">
        © {year} {setting.nama_toko}. Semua hak dilindungi.
      </div>
    </footer>
  );
}

export function FloatingWhatsApp({ whatsapp }: { whatsapp: string }) {
  const chat = waHref(whatsapp, "toko", useWaAsal());
  if (!chat) return null;
  return (
    <a
      href={chat}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat WhatsApp"
      className="fixed right-5 bottom-5 z-50 grid h-14 w-14 place-items-center rounded-full bg-wa text-white shadow-xl ring-4 ring-white/60 transition hover:scale-105 hover:bg-wa-dark"
    >
      <WhatsAppIcon className="h-7 w-7" />
    </a>
  );
}

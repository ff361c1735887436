/** The cells and links of an LPPM list: a proposal's title, a row's link to its detail, amounts and scores. */
import { useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { LewatTenggatBadge } from "~/components/lppm/kit/status";

export const rupiahOrDash = (value: number | null | undefined) => (value === null || value === undefined ? "–" : formatRupiah(value));
export const nilaiOrDash = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : value.toLocaleString("id-ID", { maximumFractionDigits: 2 });

/** Links of a list to its ?lihat=ID detail (and back: `null`), keeping the table's state. */
export function useLihatHref() {
  const location = useLocation();
  return (id: number | null) => {
    const search = new URLSearchParams(location.search);
    if (id === null) search.delete("lihat");
    else search.set("lihat", String(id));
    return `${location.pathname}?${search.toString()}`;
  };
}

/** The row's link to its detail (named after the proposal for screen readers and tests). */
export function LihatLink({ to, name, children = "Detail" }: { to: string; name: string; children?: string }) {
  return (
    <AppLink to={to} preventScrollReset aria-label={name} className="rounded-md border border-stone-200 px-3 py-1.5 text-sm font-semibold text-kayu-800 hover:bg-kayu-50">
      {children}
    </AppLink>
  );
}

/** A list's Judul cell: the title, then its kind (when shown) and periode. */
export function JudulCell({ judul, jenis, periode }: { judul: string; jenis?: "penelitian" | "pengabdian"; periode: string }) {
  return (
    <div>
      <p className="font-semibold text-stone-900">{judul}</p>
      <p className="text-xs text-stone-500">{jenis ? `${JENIS_LABELS[jenis]} · ` : ""}{periode}</p>
    </div>
  );
}

/** A deadline cell: the date (WIB), in red with 'Lewat tenggat' when the open assignment is past it ("–" without one). */
export function TenggatCell({ tenggat, lewat }: { tenggat: Date | string | null | undefined; lewat: boolean }) {
  if (!tenggat) return <span className="text-stone-400">–</span>;
  return (
    <span className={`inline-flex flex-wrap items-center gap-1 ${lewat ? "font-semibold text-red-700" : ""}`}>
      {formatWib(new Date(tenggat))}
      {lewat ? <LewatTenggatBadge /> : null}
    </span>
  );
}

/**
 * Formatting helpers shared by server and client (no server imports here).
 */

/** "Rp. 1.250.000" for a numeric price; free text is shown as typed after "Rp. ". */
export function formatHarga(harga: string): string {
  const trimmed = (harga ?? "").trim();
  if (/^\d+$/.test(trimmed)) {
    return `Rp. ${Number(trimmed).toLocaleString("id-ID")}`;
  }
  return `Rp. ${trimmed.replace(/^rp\.?\s*/i, "")}`;
}

/** Digits of a phone number for wa.me: a leading 0 becomes 62, "+62" becomes "62". */
export function waNumber(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (!digits) return "";
  if (digits.startsWith("0")) return `62${digits.slice(1)}`;
  return digits;
}

/** A WhatsApp chat link, optionally with a prefilled message; "" without a number. */
export function waLink(phone: string | null | undefined, text?: string): string {
  const number = waNumber(phone);
  if (!number) return "";
  const query = text ? `?text=${encodeURIComponent(text)}` : "";
  return `https://wa.me/${number}${query}`;
}

/**
 * The public site's WhatsApp links go through our own redirect, which
 * counts the click: `/wa/toko[/<product-seo>]` for the shop's own number (Setting),
 * `/wa/<branch-id>[/<product-seo>]` for a branch, with `?dari=<page>` naming the kind of page
 * the link was on (one of WA_HALAMAN; anything else is counted as 'lain').
 */
export const WA_HALAMAN = ["beranda", "tentang-kami", "produk", "detail-produk", "kerja-sama", "kontak-kami"] as const;
export type WaHalaman = (typeof WA_HALAMAN)[number] | "lain";

/** The kind of public page a path is ("/produk/kursi" → "produk", "/" → "beranda"). */
export function waHalamanOf(pathname: string): WaHalaman {
  const first = (pathname ?? "").toLowerCase().split("/").filter(Boolean)[0] ?? "";
  if (!first) return "beranda";
  return (WA_HALAMAN as readonly string[]).includes(first) ? (first as WaHalaman) : "lain";
}

/** The counted link to a chat: "" when there is no number (then no link is shown, as before). */
export function waHref(
  phone: string | null | undefined,
  tujuan: number | "toko",
  options: { dari: WaHalaman; produk?: string | null },
): string {
  if (!waNumber(phone)) return "";
  const produk = options.produk ? `/${encodeURIComponent(options.produk)}` : "";
  return `/wa/${tujuan}${produk}?dari=${options.dari}`;
}

/** URL slug from a name (one definition, also used by the benchmark's data generator). */
export { slugify } from "~/lib/util/slugify.mjs";

/** "kursi-tamu-jati" → "Kursi Tamu Jati" (the ProdukKategori heading). */
export function unslugify(slug: string): string {
  return (slug ?? "")
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Splits plain text on line breaks so a component can render <br/> between lines. */
export function lines(text: string | null | undefined): string[] {
  return (text ?? "").split(/\r\n|\r|\n/);
}

/**
 * Two versions of a text, each shortened for a side-by-side "old → new": runs of white space
 * (line breaks too) become one space; when either is longer than `max` characters, both show
 * `max` characters from a little before the first place they differ (so the change is in
 * view), with "…" where text was left out at either end.
 */
export function cuplikanBeda(lama: string, baru: string, max = 120): [string, string] {
  const a = Array.from(lama.replace(/\s+/g, " ").trim());
  const b = Array.from(baru.replace(/\s+/g, " ").trim());
  if (a.length <= max && b.length <= max) return [a.join(""), b.join("")];
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  const start = Math.max(0, same - 20);
  const cut = (chars: string[]) => {
    const end = Math.min(chars.length, start + max);
    return `${start > 0 ? "…" : ""}${chars.slice(start, end).join("")}${end < chars.length ? "…" : ""}`;
  };
  return [cut(a), cut(b)];
}

/** "<Page> - <nama_toko> <kota>" */
export function pageTitle(page: string, setting?: { nama_toko?: string; kota?: string } | null) {
  const shop = [setting?.nama_toko, setting?.kota].filter(Boolean).join(" ");
  return shop ? `${page} - ${shop}` : page;
}

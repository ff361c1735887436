import type { ProdukCard } from "~/domain/produk/public.server";
import { formatHarga } from "~/lib/util/format";
import { AppLink } from "~/components/ui/app-link";
import { ResponsiveImage } from "~/components/ui/responsive-image";

/** What a product card shows (the domain's ProdukCard). */
export type ProdukCardData = ProdukCard;

/** Card of the product grids: image, name, category, 'Rp.' price; links to the detail page. */
export function ProdukCard({ produk, eager = false }: { produk: ProdukCardData; eager?: boolean }) {
  return (
    <AppLink
      to={`/detail-produk/${produk.nama_seo}`}
      prefetch="intent"
      className="group flex flex-col overflow-hidden rounded-2xl border border-kayu-100 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
    >
      <div className="aspect-square overflow-hidden bg-kayu-100">
        {produk.gambar ? (
          <ResponsiveImage
            src={produk.gambar}
            alt={produk.nama_produk}
            width={1024}
            height={1024}
            sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
            maxWidth={640}
            priority={eager}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="grid h-full place-items-center text-sm text-kayu-500">Belum ada gambar</div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold text-stone-900">{produk.nama_produk}</h3>
        {produk.kategori ? <p className="text-sm text-stone-500">{produk.kategori}</p> : null}
        <p className="mt-auto pt-2 text-lg font-bold text-kayu-700">{formatHarga(produk.harga)}</p>
      </div>
    </AppLink>
  );
}

export function ProdukGrid({ items, eagerCount = 0 }: { items: ProdukCardData[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
      {items.map((produk, i) => (
        <li key={produk.id} className="flex">
          <div className="flex w-full"><ProdukCard produk={produk} eager={i < eagerCount} /></div>
        </li>
      ))}
    </ul>
  );
}

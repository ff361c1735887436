/**
 * The line over an operator's preview of a product page (/pratinjau/produk/:id),
 * saying whether the public sees the product, and why not.
 */
import type { StatusTayang } from "~/domain/tayang/tayang.schema";

export type Tampil = { status: StatusTayang; kategori_status: StatusTayang | null; tayang: boolean };

export function pratinjauText(tampil: Tampil): string {
  if (tampil.status === "Draf") return "Pratinjau — produk ini masih Draf dan belum tampil di situs.";
  if (!tampil.tayang) return "Pratinjau — kategori produk ini masih Draf, jadi produk ini belum tampil di situs.";
  return "Pratinjau — produk ini sudah Tayang dan tampil di situs.";
}

export function PratinjauNotice({ tampil }: { tampil: Tampil }) {
  return (
    <p
      role="status"
      data-pratinjau=""
      className={`mb-4 rounded-xl px-4 py-3 text-sm font-semibold ${
        tampil.tayang ? "bg-green-50 text-green-800 ring-1 ring-green-200" : "bg-amber-50 text-amber-900 ring-1 ring-amber-300"
      }`}
    >
      {pratinjauText(tampil)}
    </p>
  );
}

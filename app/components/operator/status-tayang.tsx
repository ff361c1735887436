/**
 * In the back office: the 'Draf' badge of a product, category or banner, and the
 * forms' status select. Client-safe (values from app/domain/katalog/tayang.ts).
 */
import type { FieldMetadata } from "@conform-to/react";
import { STATUS_PILIHAN } from "~/domain/tayang/tayang.schema";
import type { StatusTayang } from "~/domain/tayang/tayang.schema";
import { SelectField } from "~/components/ui/form-fields";

/**
 * 'Draf' (amber) for a draft; for a published product whose category is a draft, 'Kategori
 * Draf' (it is hidden all the same); 'Tayang' (green) otherwise.
 */
export function StatusBadge({ status, kategoriStatus }: { status: StatusTayang; kategoriStatus?: StatusTayang | null }) {
  if (status === "Draf") {
    return (
      <span className="rounded-full bg-amber-500 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-white" title="Belum tampil di situs">
        Draf
      </span>
    );
  }
  if (kategoriStatus === "Draf") {
    return (
      <span
        className="rounded-full bg-stone-500 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-white"
        title="Kategorinya masih Draf, jadi produk ini belum tampil di situs"
      >
        Kategori Draf
      </span>
    );
  }
  return <span className="rounded-full bg-green-600 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-white">Tayang</span>;
}

/** The forms' 'Status' select (Tayang / Draf); its initial value comes from the form's defaultValue. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field, as Conform's helpers take them
export function StatusField({ field, hint }: { field: FieldMetadata<any, any, any>; hint?: string }) {
  return (
    <SelectField field={field} label="Status" hint={hint ?? "Draf tidak tampil di situs dan API publik sampai diubah menjadi Tayang."} options={STATUS_PILIHAN} />
  );
}

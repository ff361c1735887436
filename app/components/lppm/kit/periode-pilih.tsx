/**
 * The periode a per-periode screen shows (the penetapan board, Pembayaran Dana): a GET form that
 * follows the choice at once with JavaScript, and by 'Tampilkan' without it.
 */
import { Form } from "react-router";
import { inputClass } from "~/components/ui/field";

export function PeriodePilih({ periodes, value }: { periodes: { id: number; label: string }[]; value: number | undefined }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <label className="space-y-1 text-sm font-semibold text-stone-700">
        <span className="block">Periode</span>
        <select name="periode" defaultValue={value ?? ""} onChange={(e) => e.currentTarget.form?.requestSubmit()} className={inputClass}>
          {periodes.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md bg-stone-800 px-3 py-2 text-sm font-semibold text-white">
        Tampilkan
      </button>
    </Form>
  );
}

/**
 * The status filter of the review screens' tables (verifier, Penugasan Reviewer, the reviewer's
 * evaluations): a select inside the table's GET form. The proposal itself is the shared
 * UsulanDetailView, its badge the shared StatusBadge.
 */
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";

/** A select inside the table's GET form: changing it reloads the list (with JS; 'Cari' without). */
export function StatusFilter({
  value,
  options,
  label = "Status",
  name = "status",
}: {
  value: string;
  options: { value: string; label: string }[];
  label?: string;
  name?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-stone-600">
      {label}
      <select
        name={name}
        defaultValue={value}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function statusOptions(statuses: readonly UsulanStatus[], semua = "Semua status") {
  return [{ value: "semua", label: semua }, ...statuses.map((s) => ({ value: s, label: USULAN_WORKFLOW.labels[s] }))];
}

/**
 * The Operator's assignment of one reviewer with a deadline (a project's monev, a claim's
 * evaluation): the reviewer, the deadline in WIB, 'Tugaskan' — or 'Ganti reviewer' once one is
 * assigned. A plain form post; the server's messages show under their fields.
 */
import { Form } from "react-router";
import { Alert, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";

const errorText = "mt-1 block text-xs font-medium text-red-600";

export function TugasReviewerForm({
  id,
  label,
  reviewerLabel,
  reviewers,
  current,
  tenggat,
  message,
  err,
  busy,
}: {
  /** The record the form posts for (the form's `id` field). */
  id: number;
  /** The form's accessible name, e.g. "Tugaskan reviewer monev". */
  label: string;
  reviewerLabel: string;
  reviewers: { id: number; name: string; bidang_keahlian?: string }[];
  /** The assigned reviewer's id, if any. */
  current: number | null;
  /** The deadline field's first value ("YYYY-MM-DDTHH:mm", WIB). */
  tenggat: string;
  message?: string | undefined;
  /** The reply's message of a field (useReply's `err`). */
  err: (name: string) => string | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-2" aria-label={label}>
      <input type="hidden" name="id" value={id} />
      {message ? (
        <div className="sm:col-span-2">
          <Alert>{message}</Alert>
        </div>
      ) : null}
      <label>
        <span className="block text-sm font-semibold text-stone-700">{reviewerLabel}</span>
        <select name="reviewer" defaultValue={current ? String(current) : ""} className={inputClass} aria-invalid={err("reviewer") ? true : undefined}>
          <option value="">Pilih reviewer</option>
          {reviewers.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
              {r.bidang_keahlian ? ` — ${r.bidang_keahlian}` : ""}
            </option>
          ))}
        </select>
        {err("reviewer") ? <span className={errorText}>{err("reviewer")}</span> : null}
      </label>
      <label>
        <span className="block text-sm font-semibold text-stone-700">Tenggat (WIB)</span>
        <input type="datetime-local" name="tenggat" defaultValue={tenggat} className={inputClass} aria-invalid={err("tenggat") ? true : undefined} />
        {err("tenggat") ? <span className={errorText}>{err("tenggat")}</span> : null}
      </label>
      <div className="flex justify-end sm:col-span-2">
        <SubmitButton name="intent" value="tugaskan" busy={busy} busyLabel={current ? "Ganti reviewer" : "Tugaskan"}>
          {current ? "Ganti reviewer" : "Tugaskan"}
        </SubmitButton>
      </div>
    </Form>
  );
}

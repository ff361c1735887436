/** A decision on one record of the LPPM workflow: a note and a button per allowed move (a plain form post, works without JS). */
import { Form } from "react-router";
import { Alert, inputClass } from "~/components/ui/field";
import { useSubmitting } from "~/lib/hooks/use-submitting";

export type DecisionButton = { intent: string; label: string; tone: "primary" | "success" | "warning" | "danger" };

const TONES = {
  primary: "bg-kayu-700 hover:bg-kayu-800",
  success: "bg-green-700 hover:bg-green-800",
  warning: "bg-amber-600 hover:bg-amber-700",
  danger: "bg-red-600 hover:bg-red-700",
} as const;

/**
 * A decision on one record: the note and a button per allowed move. The note is required for
 * returning and refusing; the server says so (422) when it is missing: over the form
 * (`error`), or under the note (`noteError`).
 */
export function DecisionForm({
  id,
  buttons,
  error,
  noteError,
  noteHint,
  label,
}: {
  id: number;
  buttons: DecisionButton[];
  error?: string | undefined;
  noteError?: string | undefined;
  noteHint: string;
  /** The form's accessible name, when a page has more than one form. */
  label?: string;
}) {
  const busy = useSubmitting();
  const noteId = `catatan-${id}`;
  return (
    <Form method="post" className="space-y-3 border-t border-stone-100 pt-4" aria-label={label}>
      <input type="hidden" name="id" value={id} />
      {error ? <Alert>{error}</Alert> : null}
      <div className="space-y-1">
        <label htmlFor={noteId} className="block text-sm font-semibold text-stone-700">Catatan</label>
        <textarea
          id={noteId}
          name="catatan"
          rows={3}
          maxLength={2000}
          className={inputClass}
          aria-invalid={error || noteError ? true : undefined}
          aria-describedby={noteError ? `${noteId}-error` : `${noteId}-hint`}
        />
        <p id={`${noteId}-hint`} className="text-xs text-stone-500">{noteHint}</p>
        {noteError ? <p id={`${noteId}-error`} className="text-xs font-medium text-red-600">{noteError}</p> : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {buttons.map((b) => (
          <button
            key={b.intent}
            type="submit"
            name="intent"
            value={b.intent}
            disabled={busy}
            className={`rounded-lg px-5 py-2 text-sm font-bold text-white shadow disabled:cursor-wait disabled:opacity-70 ${TONES[b.tone]}`}
          >
            {b.label}
          </button>
        ))}
      </div>
    </Form>
  );
}

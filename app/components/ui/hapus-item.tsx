import { Form } from "react-router";

/**
 * A list item's small 'Hapus' (an uploaded file, a RAB line): a POST form carrying the hidden
 * `fields` that name the record and the item, with the button's `intent`. Its accessible name
 * is 'Hapus <name>', so each item's button can be told apart.
 */
export function HapusItem({ fields, intent, name, disabled }: { fields: Record<string, string | number>; intent: string; name: string; disabled?: boolean }) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} disabled={disabled} aria-label={`Hapus ${name}`} className="text-sm font-semibold text-red-600 hover:underline">
        Hapus
      </button>
    </Form>
  );
}

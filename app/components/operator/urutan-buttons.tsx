/**
 * The manual order in the back office: 'Naik' / 'Turun' for one row (a banner, a
 * category, a product image), each a small form post (`intent=naik|turun`, `id`) to the page's
 * own action, so it works without JavaScript. The first row has no 'Naik', the last no 'Turun'
 * (the buttons are shown disabled to keep the rows aligned).
 */
import { Form, useNavigation } from "react-router";

export function UrutanButtons({
  id,
  name,
  naik,
  turun,
  compact = false,
}: {
  id: number;
  /** How the row is named in the buttons' labels ('Naikkan urutan <name>'). */
  name: string;
  naik: boolean;
  turun: boolean;
  /** Icons only (image tiles); the labels stay for screen readers. */
  compact?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(id);
  return (
    <div className="flex items-center gap-1">
      <UrutanButton id={id} intent="naik" label={`Naikkan urutan ${name}`} text="Naik" arrow="↑" enabled={naik && !busy} compact={compact} />
      <UrutanButton id={id} intent="turun" label={`Turunkan urutan ${name}`} text="Turun" arrow="↓" enabled={turun && !busy} compact={compact} />
    </div>
  );
}

function UrutanButton({
  id,
  intent,
  label,
  text,
  arrow,
  enabled,
  compact,
}: {
  id: number;
  intent: "naik" | "turun";
  label: string;
  text: string;
  arrow: string;
  enabled: boolean;
  compact: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        disabled={!enabled}
        className="inline-flex min-h-8 items-center gap-1 rounded-md border border-stone-300 bg-white px-2 py-1 text-xs font-semibold text-stone-700 shadow-sm hover:bg-kayu-50 focus-visible:ring-2 focus-visible:ring-kayu-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40"
      >
        <span aria-hidden="true">{arrow}</span>
        {compact ? null : <span aria-hidden="true">{text}</span>}
      </button>
    </Form>
  );
}

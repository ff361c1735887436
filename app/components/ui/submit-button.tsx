import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * The back office's primary submit button: disabled while its form is being sent (with
 * JavaScript), saying `busyLabel` meanwhile. Without JavaScript it is a plain submit button.
 */
export function SubmitButton({
  busy,
  busyLabel = "Loading...",
  children,
  ...button
}: { busy: boolean; busyLabel?: ReactNode; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "className">) {
  return (
    <button
      {...button}
      type="submit"
      disabled={busy}
      className="rounded-lg bg-kayu-700 px-5 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

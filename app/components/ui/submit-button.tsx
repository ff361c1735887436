import type { ButtonHTMLAttributes, ReactNode } from "react";

/** The back office's primary look (a form with a look of its own passes `className`). */
const PRIMARY = "rounded-lg bg-kayu-700 px-5 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:cursor-wait disabled:opacity-70";

/**
 * The one submit button: disabled while its form is being sent (with JavaScript), saying
 * `busyLabel` meanwhile. Without JavaScript it is a plain submit button.
 */
export function SubmitButton({
  busy,
  busyLabel = "Loading...",
  className = PRIMARY,
  children,
  ...button
}: { busy: boolean; busyLabel?: ReactNode; className?: string; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "className">) {
  return (
    <button {...button} type="submit" disabled={busy} className={className}>
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * The toolbar's pieces: its icons (24 × 24 stroked paths), a button that keeps the editor's
 * selection while it is clicked, the separator between groups and a group.
 */
import type { ReactNode } from "react";

const ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  redo: "m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13",
  bold: "M6 12h9a4 4 0 0 1 0 8H6V4h8a4 4 0 0 1 0 8",
  italic: "M19 4h-9M14 20H5M15 4 9 20",
  underline: "M6 4v6a6 6 0 0 0 12 0V4M4 20h16",
  strikethrough: "M16 4H9a3 3 0 0 0-2.83 4M14 12a4 4 0 0 1 0 8H6M4 12h16",
  code: "m16 18 6-6-6-6M8 6l-6 6 6 6",
  quote: "M7 7h4v5c0 3-2 5-4 5M15 7h4v5c0 3-2 5-4 5M7 7v5h4M15 7v5h4",
  bullet: "M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01",
  number: "M10 6h11M10 12h11M10 18h11M4 4h1v5M4 9h2M6 20H4c0-1.5 2-2.5 2-4a1 1 0 0 0-2 0",
  link: "M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71",
  image: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM21 15l-5-5L5 21",
  video: "M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM10 9l5 3-5 3z",
  table: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM3 9h18M3 15h18M9 3v18M15 3v18",
  left: "M21 6H3M15 12H3M17 18H3",
  center: "M21 6H3M17 12H7M19 18H5",
  right: "M21 6H3M21 12H9M21 18H7",
  justify: "M21 6H3M21 12H3M21 18H3",
} as const;

export function ToolbarButton({
  icon,
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
}: {
  icon: keyof typeof ICONS;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the caret (and the selection the command acts on) in the editor.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="grid h-8 w-8 shrink-0 place-items-center rounded-md text-stone-700 transition hover:bg-kayu-100 focus-visible:ring-2 focus-visible:ring-kayu-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-kayu-200 aria-pressed:text-kayu-900"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="h-[18px] w-[18px]"
      >
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

export function Separator() {
  return <span aria-hidden="true" className="mx-1 h-6 w-px shrink-0 bg-stone-300" />;
}

export function Group({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-0.5">{children}</div>;
}

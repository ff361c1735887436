/** Spec section 8: a broken or missing image shows this placeholder text. */
export const GAMBAR_RUSAK = "Gambar tidak dapat dimuat";

/** Broken-image placeholder: an inline icon plus the text 'Gambar tidak dapat dimuat'. */
export function BrokenImage({ className = "", tone = "light" }: { className?: string; tone?: "light" | "dark" }) {
  const colours = tone === "dark" ? "bg-stone-900/80 text-stone-200" : "bg-kayu-100 text-kayu-600";
  return (
    <figure
      data-gambar-rusak=""
      className={`flex flex-col items-center justify-center gap-2 p-4 text-center ${colours} ${className}`}
    >
      <svg
        viewBox="0 0 48 48"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="h-12 w-12 opacity-80"
      >
        <path d="M8 10h32a2 2 0 0 1 2 2v24a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V12a2 2 0 0 1 2-2z" />
        <circle cx="17" cy="19" r="3.5" />
        <path d="m6 34 11-10 7 6 5-4 13 10" />
        <path d="M5 5l38 38" />
      </svg>
      <figcaption className="text-sm font-medium">{GAMBAR_RUSAK}</figcaption>
    </figure>
  );
}

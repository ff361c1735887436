/**
 * A grid of images, each with its actions (links such as 'Ubah' and 'Hapus'), for the gallery,
 * banner and other image lists. The actions appear on hover or keyboard focus where a fine
 * pointer exists (desktop) and are always visible on touch devices and narrow screens. Plain
 * links, so everything works without JavaScript.
 */
import { Link } from "react-router";

export type ImageGridAction = { label: string; to: string; danger?: boolean };
export type ImageGridItem = { key: string | number; src: string; alt: string };

const ASPECTS = {
  square: "aspect-square",
  wide: "aspect-[1920/620]",
} as const;

const COLUMNS = {
  square: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4",
  wide: "grid-cols-1 lg:grid-cols-2",
} as const;

export function ImageGrid<Item extends ImageGridItem>({
  items,
  actions,
  label,
  aspect = "square",
  empty,
  caption,
}: {
  items: Item[];
  /** The links shown over one image; the item's alt text names it for screen readers. */
  actions: (item: Item) => ImageGridAction[];
  /** Accessible name of the list. */
  label: string;
  aspect?: keyof typeof ASPECTS;
  /** Shown instead of the grid when there are no items. */
  empty?: React.ReactNode;
  /** A row under an image (a status badge, order buttons), outside the hover actions. */
  caption?: (item: Item, index: number) => React.ReactNode;
}) {
  if (items.length === 0) {
    return (
      <div className="rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
        <div aria-hidden="true" className="mx-auto mb-3 grid h-14 w-14 place-items-center rounded-full bg-kayu-100 text-kayu-700">
          <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="1.8">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="8.5" cy="9.5" r="1.5" />
            <path d="m21 16-5-5-9 9" />
          </svg>
        </div>
        {empty}
      </div>
    );
  }
  return (
    <ul aria-label={label} className={`grid gap-4 ${COLUMNS[aspect]}`}>
      {items.map((item, index) => (
        <li
          key={item.key}
          className="group overflow-hidden rounded-xl border border-stone-200 bg-stone-100 shadow-sm"
        >
          <div className="relative overflow-hidden">
          <img
            src={item.src}
            alt={item.alt}
            loading="lazy"
            decoding="async"
            className={`block w-full object-cover transition duration-300 sm:pointer-fine:group-hover:scale-105 ${ASPECTS[aspect]}`}
          />
          <div
            className={[
              "absolute inset-x-0 bottom-0 flex justify-center gap-2 bg-gradient-to-t from-black/70 to-transparent px-2 pt-8 pb-2 transition-opacity duration-200",
              // Desktop: hidden until hover or keyboard focus; touch and small screens: always shown.
              "sm:pointer-fine:opacity-0 sm:pointer-fine:group-hover:opacity-100 group-focus-within:opacity-100",
            ].join(" ")}
          >
            {actions(item).map((action) => (
              <Link
                key={action.label}
                to={action.to}
                preventScrollReset
                className={`rounded-md px-3 py-1.5 text-sm font-semibold shadow focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none ${
                  action.danger ? "bg-red-600 text-white hover:bg-red-700" : "bg-white text-stone-800 hover:bg-kayu-100"
                }`}
              >
                {action.label}
                <span className="sr-only"> {item.alt}</span>
              </Link>
            ))}
          </div>
          </div>
          {caption ? <div className="border-t border-stone-200 bg-white p-2">{caption(item, index)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

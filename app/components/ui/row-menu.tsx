import { AppLink } from "~/components/ui/app-link";
import { useCloseOnNavigate } from "~/components/ui/use-close-on-navigate";

export type RowMenuItem = { label: string; to: string; danger?: boolean };

/** The row's Action menu (a <details> dropdown, so it opens without JavaScript). */
export function RowMenu({ items, label }: { items: RowMenuItem[]; label: string }) {
  const menu = useCloseOnNavigate();
  return (
    <details ref={menu} className="relative inline-block text-left">
      <summary
        aria-label={`Aksi untuk ${label}`}
        className="flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-md border border-stone-200 text-lg text-stone-600 hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
      >
        ⋮
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-44 rounded-lg border border-stone-200 bg-white p-1 text-left shadow-lg">
        {items.map((item) => (
          <AppLink
            key={item.label}
            to={item.to}
            preventScrollReset
            onClick={() => {
              if (menu.current) menu.current.open = false;
            }}
            className={`block rounded-md px-3 py-2 text-sm ${item.danger ? "text-red-600 hover:bg-red-50" : "text-stone-700 hover:bg-stone-100"}`}
          >
            {item.label}
          </AppLink>
        ))}
      </div>
    </details>
  );
}

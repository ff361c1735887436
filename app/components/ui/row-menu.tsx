import { AppLink } from "~/components/ui/app-link";
import { useCloseOnNavigate } from "~/components/ui/use-close-on-navigate";

export type RowMenuItem = { label: string; to: string; danger?: boolean };

/** The row's Action menu (a <details> dropdown, so it opens without JavaScript). */
export function RowMenu({ items, label }: { items: RowMenuItem[]; label: string }) {
  const menu = useCloseOnNavigate();
  return (
    <details ref={menu} className="row-menu">
      <summary aria-label={`Aksi untuk ${label}`}>⋮</summary>
      <div>
        {items.map((item) => (
          <AppLink
            key={item.label}
            to={item.to}
            preventScrollReset
            onClick={() => {
              if (menu.current) menu.current.open = false;
            }}
            className={item.danger ? "danger" : undefined}
          >
            {item.label}
          </AppLink>
        ))}
      </div>
    </details>
  );
}

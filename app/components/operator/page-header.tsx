import type { ReactNode } from "react";
import { Link } from "react-router";

/** Screen heading with the optional '+ Data' button (a link that opens the add modal) and other actions before it. */
export function PageHeader({
  title,
  addHref,
  addLabel = "+ Data",
  toolbar,
}: {
  title: string;
  addHref?: string;
  addLabel?: string | undefined;
  toolbar?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      {addHref || toolbar ? (
        <div className="flex flex-wrap items-center gap-2">
          {toolbar}
          {addHref ? (
            <Link
              to={addHref}
              preventScrollReset
              className="rounded-lg bg-kayu-700 px-4 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800"
            >
              {addLabel}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

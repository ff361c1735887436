/**
 * Modals driven by URL search params (?tambah=1, ?ubah=ID, ?hapus=ID). The page renders the
 * dialog open when its param is present; closing navigates to `closeTo` (the URL without it).
 * No portal: Radix portals render nothing on the server, and the server HTML must contain the
 * form so it works with JavaScript off (Close is then a plain link).
 */
import * as RadixDialog from "@radix-ui/react-dialog";
import { useId } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { SubmitButton } from "~/components/ui/submit-button";
import { DIALOG_PARAMS, MODAL_PARAMS, withoutParams } from "~/lib/util/modal-params";

type DialogProps = {
  title: string;
  closeTo: string;
  children: React.ReactNode;
  size?: "md" | "lg" | "xl";
  /** Blocks closing while a save is running. */
  busy?: boolean;
};

const SIZES = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

export function UrlDialog({ title, closeTo, children, size = "md", busy = false }: DialogProps) {
  const navigate = useNavigate();
  // An explicit id: the server HTML names the dialog even before Radix hydrates.
  const titleId = useId();
  const close = () => {
    if (!busy) void navigate(closeTo, { preventScrollReset: true, replace: true });
  };
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <RadixDialog.Content
        // Static backdrop: a click outside does not close; Escape and Close do.
        onInteractOutside={(event) => event.preventDefault()}
        aria-describedby={undefined}
        aria-labelledby={titleId}
        className={`fixed inset-x-0 top-0 z-50 mx-auto my-4 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] ${SIZES[size]} flex-col rounded-2xl bg-white shadow-2xl sm:my-10 sm:max-h-[calc(100vh-5rem)]`}
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
          <RadixDialog.Title id={titleId} className="text-lg font-bold text-stone-900">{title}</RadixDialog.Title>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            aria-label="Tutup"
            className="rounded-md p-1 text-2xl leading-none text-stone-400 hover:bg-stone-100 hover:text-stone-700"
          >
            ×
          </Link>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}

/** Footer of a dialog form: Close (a link, so it works without JS) and Simpan ('Loading...'). */
export function DialogActions({
  closeTo,
  busy,
  submitLabel = "Simpan",
  submitClassName = "bg-kayu-700 hover:bg-kayu-800",
  closeLabel = "Close",
  name,
  value,
}: {
  closeTo: string;
  busy: boolean;
  submitLabel?: string;
  submitClassName?: string;
  closeLabel?: string;
  name?: string;
  value?: string;
}) {
  return (
    <div className="mt-6 flex justify-end gap-2 border-t border-stone-100 pt-4">
      <Link
        to={closeTo}
        replace
        preventScrollReset
        className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50"
      >
        {closeLabel}
      </Link>
      <SubmitButton
        busy={busy}
        name={name}
        value={value}
        className={`rounded-lg px-5 py-2 text-sm font-bold text-white shadow disabled:cursor-wait disabled:opacity-70 ${submitClassName}`}
      >
        {submitLabel}
      </SubmitButton>
    </div>
  );
}

/** Builds links that open a modal by adding a param to the current URL (keeping table state). */
export function useParamHref() {
  const location = useLocation();
  return (name: string, value: string | number) => {
    const params = new URLSearchParams(location.search);
    for (const key of DIALOG_PARAMS) params.delete(key);
    params.set(name, String(value));
    return `${location.pathname}?${params.toString()}`;
  };
}

/** The current URL without modal params: where Close goes. */
export function useCloseHref() {
  const location = useLocation();
  return withoutParams(location.pathname + location.search, ...MODAL_PARAMS);
}

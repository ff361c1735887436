/**
 * The delete confirmation (?hapus=ID): names the item, posts intent=delete. Confirm is
 * red-orange and cancel dark blue (spec section 9). A plain form, so it works without JS.
 */
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { UrlDialog } from "~/components/ui/dialog";
import { showToast } from "~/components/ui/toast";
import { SubmitButton } from "~/components/ui/submit-button";

export function ConfirmDelete({
  closeTo,
  id,
  itemName,
  question = "Menghapus data ini?",
  note,
  refused,
}: {
  closeTo: string;
  id: number;
  itemName: string;
  question?: string;
  note?: string;
  /** The server's refusal of this delete (e.g. still in use), shown in the dialog and toasted. */
  refused?: string;
}) {
  useEffect(() => {
    if (refused) showToast("error", refused);
  }, [refused]);
  const busy = useSubmitting("delete");
  return (
    <UrlDialog title="Apakah kamu yakin?" closeTo={closeTo} busy={busy}>
      <Form method="post" className="space-y-4 text-center">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <p className="text-lg font-semibold text-stone-900">{question}</p>
        <p className="rounded-lg bg-stone-50 px-3 py-2 font-medium text-stone-700">{itemName}</p>
        <p className="text-sm text-stone-500">Data ini akan dihapus!</p>
        {note ? <p className="text-sm text-amber-700">{note}</p> : null}
        {refused ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {refused}
          </p>
        ) : null}
        <div className="flex justify-center gap-3 pt-2">
          <SubmitButton busy={busy} className="rounded-lg bg-[#e8572a] px-6 py-2 font-bold text-white shadow hover:bg-[#cf4519] disabled:opacity-70">
            Hapus
          </SubmitButton>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            className="rounded-lg bg-[#1e3a5f] px-6 py-2 font-bold text-white shadow hover:bg-[#152a45]"
          >
            Batal
          </Link>
        </div>
      </Form>
    </UrlDialog>
  );
}

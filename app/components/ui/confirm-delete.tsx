/**
 * The delete confirmation (?hapus=ID): names the item, posts intent=hapus. Confirm is
 * red-orange and cancel dark blue (spec section 9). A plain form, so it works without JS.
 */
import { Form, Link } from "react-router";
import { UrlDialog } from "~/components/ui/dialog";
import { useReply } from "~/components/ui/use-reply";
import { SubmitButton } from "~/components/ui/submit-button";

export function ConfirmDelete({
  closeTo,
  id,
  itemName,
  question = "Menghapus data ini?",
  note,
  reply,
}: {
  closeTo: string;
  id: number;
  itemName: string;
  question?: string;
  note?: string;
  /** The page's action reply: a refusal of this delete (e.g. still in use) is shown in the dialog and toasted. */
  reply?: unknown;
}) {
  const { message: refused, busy } = useReply(reply, { intent: "hapus" });
  return (
    <UrlDialog title="Apakah kamu yakin?" closeTo={closeTo} busy={busy}>
      <Form method="post" className="space-y-4 text-center">
        <input type="hidden" name="intent" value="hapus" />
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

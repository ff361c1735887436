/** A small modal alert (the spec's 'Perhatian!' alerts), opened from client code. */
import * as RadixDialog from "@radix-ui/react-dialog";
import { useCallback, useState } from "react";

export function useAlertDialog() {
  const [alert, setAlert] = useState<{ title: string; text: string } | null>(null);
  const show = useCallback((title: string, text: string) => setAlert({ title, text }), []);
  const element = (
    <RadixDialog.Root open={alert !== null} onOpenChange={(open) => (open ? undefined : setAlert(null))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <RadixDialog.Content
          role="alertdialog"
          aria-describedby="alert-dialog-text"
          className="fixed top-1/2 left-1/2 z-[60] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl"
        >
          <div aria-hidden="true" className="mx-auto mb-3 grid h-14 w-14 place-items-center rounded-full border-4 border-amber-300 text-2xl font-bold text-amber-500">!</div>
          <RadixDialog.Title className="text-xl font-bold text-stone-900">{alert?.title}</RadixDialog.Title>
          <p id="alert-dialog-text" className="mt-2 text-stone-600">{alert?.text}</p>
          <RadixDialog.Close className="mt-5 rounded-lg bg-kayu-700 px-6 py-2 font-semibold text-white hover:bg-kayu-800">
            OK
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
  return { show, element };
}

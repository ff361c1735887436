/**
 * The About and Cooperation editors: one form (rich text + photo) over one domain function;
 * the two screens differ only in which page they edit.
 */
import type { RouterContextProvider } from "react-router";
import { profilSchema } from "~/domain/profil/profil.schema";
import { getProfilForm, saveProfil, type ProfilJenis } from "~/domain/profil/profil.server";
import { intentAction, saveIntent } from "~/http/crud-screen.server";
import { getDb } from "~/lib/server/db.server";
import { sanitizeRichText } from "~/lib/server/sanitize.server";
import { fileFrom } from "~/lib/server/uploads.server";

export function profilScreenLoader(jenis: ProfilJenis) {
  return { profil: getProfilForm(getDb(), jenis) };
}

/** The one form posts intent "save" (profil-form.tsx); rich text is echoed back as typed. */
export function profilScreenAction(args: { request: Request; url: URL; context: Readonly<RouterContextProvider> }, jenis: ProfilJenis) {
  return intentAction(
    args,
    {
      save: saveIntent(profilSchema, (value, { db, form }) => saveProfil(db, jenis, value, fileFrom(form, "foto")), {
        fileField: "foto",
        // Without JavaScript a refused save re-renders the page: it shows what was typed, not the stored text.
        echo: (form) => ({ keterangan: sanitizeRichText(String(form.get("keterangan") ?? "")) }),
      }),
    },
    { upload: { field: "foto", intent: () => "save" } },
  );
}

/**
 * The About and Cooperation editors (routes/operator/profil/tentang-kami.tsx and kerjasama.tsx,
 * each naming its page): one form (rich text + photo) over one domain function; the two screens
 * differ only in which page they edit.
 */
import type { RouterContextProvider } from "react-router";
import { profilSchema } from "~/domain/profil/profil.schema";
import { getProfilForm, saveProfil, type ProfilJenis } from "~/domain/profil/profil.server";
import { runAction, SAVE_FAILED } from "~/http/action.server";
import { saveIntent } from "~/http/crud-screen.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { sanitizeRichText } from "~/lib/server/sanitize.server";
import { fileFrom } from "~/lib/server/uploads.server";

/** What differs between the two screens: their heading and the photo field's label. */
const PAGES: Record<ProfilJenis, { jenis: ProfilJenis; title: string; photoLabel: string }> = {
  "tentang-kami": { jenis: "tentang-kami", title: "Tentang Kami", photoLabel: "Foto" },
  "kerja-sama": { jenis: "kerja-sama", title: "Kerja Sama", photoLabel: "Gambar" },
};

/** `title` also names the page for the area's shell. */
export function profilScreenLoader({ context }: { context: Readonly<RouterContextProvider> }, jenis: ProfilJenis) {
  requireUser(context);
  const page = PAGES[jenis];
  return { profil: getProfilForm(getDb(), jenis), title: page.title, page };
}

/** The one form posts intent "simpan" (profil-form.tsx); rich text is echoed back as typed. */
export function profilScreenAction(args: { request: Request; url: URL; context: Readonly<RouterContextProvider> }, jenis: ProfilJenis) {
  return runAction(
    args,
    {
      simpan: saveIntent(profilSchema, (value, { db, form }) => saveProfil(db, jenis, value, fileFrom(form, "foto")), {
        fileField: "foto",
        // Without JavaScript a refused save re-renders the page: it shows what was typed, not the stored text.
        echo: (form) => ({ keterangan: sanitizeRichText(String(form.get("keterangan") ?? "")) }),
      }),
    },
    { upload: { field: "foto", intent: "simpan", summary: SAVE_FAILED } },
  );
}

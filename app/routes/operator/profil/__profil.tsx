/**
 * The page of the About and Cooperation editors (tentang-kami.tsx and kerjasama.tsx name which;
 * their data: app/http/profil-screen.server.ts).
 */
import { useActionData, useLoaderData } from "react-router";
import { ProfilForm } from "~/components/operator/profil-form";
import type { Reply } from "~/components/ui/use-reply";
import type { profilScreenLoader } from "~/http/profil-screen.server";

export default function OperatorProfil() {
  const { profil, page } = useLoaderData<typeof profilScreenLoader>();
  // A refused save echoes the rich text as typed (profil-screen.server.ts).
  const actionData = useActionData() as Reply<{ keterangan?: string }> | undefined;
  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold text-stone-900">{page.title}</h1>
      {/* A new version after each save remounts the form: editor and file input start fresh. */}
      <ProfilForm
        key={profil.versi}
        formId={page.jenis}
        record={profil}
        reply={actionData}
        submittedKeterangan={actionData?.keterangan}
        photoLabel={page.photoLabel}
      />
    </div>
  );
}

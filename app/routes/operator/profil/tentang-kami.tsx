import type { Route } from "./+types/tentang-kami";
import { ProfilForm } from "~/components/operator/profil-form";
import { requireUser } from "~/lib/http/guard.server";
import { profilScreenAction, profilScreenLoader } from "~/lib/http/profil-screen.server";

const JENIS = "tentang-kami";

export const handle = { title: "Tentang Kami" };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return profilScreenLoader(JENIS);
}

export const action = (args: Route.ActionArgs) => profilScreenAction(args, JENIS);

export default function OperatorTentangKami({ loaderData, actionData }: Route.ComponentProps) {
  const { profil } = loaderData;
  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold text-stone-900">Tentang Kami</h1>
      {/* A new version after each save remounts the form: editor and file input start fresh. */}
      <ProfilForm
        key={profil.versi}
        formId={JENIS}
        record={profil}
        reply={actionData}
        submittedKeterangan={actionData?.keterangan}
        photoLabel="Foto"
      />
    </div>
  );
}

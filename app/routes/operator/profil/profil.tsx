/**
 * The About and Cooperation editors (one module, registered for both paths in routes.ts): one
 * form (rich text + photo) over one domain function; the page is told by its path.
 */
import { data } from "react-router";
import type { Route } from "./+types/profil";
import { ProfilForm } from "~/components/operator/profil-form";
import type { ProfilJenis } from "~/domain/profil/profil.server";
import { requireUser } from "~/http/guard.server";
import { profilScreenAction, profilScreenLoader } from "~/http/profil-screen.server";

const PAGES: Record<string, { jenis: ProfilJenis; title: string; photoLabel: string }> = {
  "tentang-kami": { jenis: "tentang-kami", title: "Tentang Kami", photoLabel: "Foto" },
  kerjasama: { jenis: "kerja-sama", title: "Kerja Sama", photoLabel: "Gambar" },
};

function pageOf(url: URL) {
  const page = PAGES[url.pathname.split("/").filter(Boolean).at(-1)?.toLowerCase() ?? ""];
  if (!page) throw data(null, { status: 404 });
  return page;
}

export function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const page = pageOf(url);
  // `title` names the page for the area's shell.
  return { ...profilScreenLoader(page.jenis), title: page.title, page };
}

export const action = (args: Route.ActionArgs) => profilScreenAction(args, pageOf(args.url).jenis);

export default function OperatorProfil({ loaderData, actionData }: Route.ComponentProps) {
  const { profil, page } = loaderData;
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

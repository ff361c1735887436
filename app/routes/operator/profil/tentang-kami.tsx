/** /operator/profil/tentang-kami (OperatorTentangKami): the About page's editor (./__profil.tsx). */
import type { Route } from "./+types/tentang-kami";
import { profilScreenAction, profilScreenLoader } from "~/http/profil-screen.server";

export const loader = (args: Route.LoaderArgs) => profilScreenLoader(args, "tentang-kami");
export const action = (args: Route.ActionArgs) => profilScreenAction(args, "tentang-kami");
export { default } from "./__profil";

/** /operator/profil/kerjasama (OperatorKerjaSama): the Cooperation page's editor (./__profil.tsx). */
import type { Route } from "./+types/kerjasama";
import { profilScreenAction, profilScreenLoader } from "~/http/profil-screen.server";

export const loader = (args: Route.LoaderArgs) => profilScreenLoader(args, "kerja-sama");
export const action = (args: Route.ActionArgs) => profilScreenAction(args, "kerja-sama");
export { default } from "./__profil";

/** /operator/lppm/daftar-usulan: every proposal for the Operator (../../lppm/__daftar-usulan.tsx). */
import type { Route } from "./+types/daftar-usulan";
import { daftarUsulanLoader } from "~/routes/lppm/__daftar-usulan.server";

export const loader = (args: Route.LoaderArgs) => daftarUsulanLoader(args, "operator");
export { default } from "~/routes/lppm/__daftar-usulan";

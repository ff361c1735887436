/** /operator/lppm/daftar-usulan: every proposal for the Operator, with 'Tarik' and 'Buka Kembali' (../../lppm/__daftar-usulan.tsx). */
import type { Route } from "./+types/daftar-usulan";
import { daftarUsulanAction, daftarUsulanLoader } from "~/routes/lppm/__daftar-usulan.server";

export const loader = (args: Route.LoaderArgs) => daftarUsulanLoader(args, "operator");
export const action = (args: Route.ActionArgs) => daftarUsulanAction(args);
export { default } from "~/routes/lppm/__daftar-usulan";

/** /kepalalppm/monitoring/daftar-usulan (KepalaDaftarUsulan): every proposal for the Kepala (../__daftar-usulan.tsx). */
import type { Route } from "./+types/monitoring.daftar-usulan";
import { daftarUsulanLoader } from "../__daftar-usulan.server";

export const loader = (args: Route.LoaderArgs) => daftarUsulanLoader(args, "kepala");
export { default } from "../__daftar-usulan";

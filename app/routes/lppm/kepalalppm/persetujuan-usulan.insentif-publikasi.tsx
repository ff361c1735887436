/** /kepalalppm/persetujuan-usulan/insentif-publikasi (KepalaPersetujuanInsentifPublikasi): the Kepala's step of the incentive claims (../__persetujuan-insentif.tsx). */
import type { Route } from "./+types/persetujuan-usulan.insentif-publikasi";
import { persetujuanInsentifAction, persetujuanInsentifLoader } from "../__persetujuan-insentif.server";

export const loader = (args: Route.LoaderArgs) => persetujuanInsentifLoader(args, "kepalalppm");
export const action = (args: Route.ActionArgs) => persetujuanInsentifAction(args, "kepalalppm");
export { default } from "../__persetujuan-insentif";

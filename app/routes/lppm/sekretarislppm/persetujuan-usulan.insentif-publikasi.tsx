/** /sekretarislppm/persetujuan-usulan/insentif-publikasi (SekretarisPersetujuanInsentifPublikasi): the Sekretaris's step of the incentive claims (../__persetujuan-insentif.tsx). */
import type { Route } from "./+types/persetujuan-usulan.insentif-publikasi";
import { persetujuanInsentifAction, persetujuanInsentifLoader } from "../__persetujuan-insentif.server";

export const loader = (args: Route.LoaderArgs) => persetujuanInsentifLoader(args, "sekretarislppm");
export const action = (args: Route.ActionArgs) => persetujuanInsentifAction(args, "sekretarislppm");
export { default } from "../__persetujuan-insentif";

/** /sekretarislppm/persetujuan-usulan/usulan-reguler (SekretarisPersetujuanUsulanReguler): the Sekretaris's approvals (../__persetujuan-usulan.tsx). */
import type { Route } from "./+types/persetujuan-usulan.usulan-reguler";
import { persetujuanAction, persetujuanLoader } from "../__persetujuan-usulan.server";

export const loader = (args: Route.LoaderArgs) => persetujuanLoader(args, "sekretaris");
export const action = (args: Route.ActionArgs) => persetujuanAction(args, "sekretaris");
export { default } from "../__persetujuan-usulan";

/** /kepalalppm/persetujuan-usulan/usulan-reguler (KepalaPersetujuanUsulanReguler): the Kepala's approvals (../__persetujuan-usulan.tsx). */
import type { Route } from "./+types/persetujuan-usulan.usulan-reguler";
import { persetujuanAction, persetujuanLoader } from "../__persetujuan-usulan.server";

export const loader = (args: Route.LoaderArgs) => persetujuanLoader(args, "kepala");
export const action = (args: Route.ActionArgs) => persetujuanAction(args, "kepala");
export { default } from "../__persetujuan-usulan";

/**
 * The server half of Persetujuan Insentif Publikasi (the page: ./__persetujuan-insentif.tsx): the
 * Sekretaris's page approves evaluated claims (Dievaluasi → Disetujui Sekretaris), the Kepala's
 * approves those (→ Disetujui Kepala); each area's module names its step.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { getKlaim, listKlaimKantor } from "~/domain/lppm/insentif/read.server";
import { setujuiKlaim } from "~/domain/lppm/insentif/transition.server";
import type { InsentifStatus } from "~/domain/lppm/workflow";
import { runAction } from "~/http/action.server";
import { decisionIntents } from "~/http/decision.server";
import { readLihatList } from "~/http/lihat-list.server";

/** Who decides on each page: the step it waits for and the step it makes. */
const STEPS = {
  sekretarislppm: { area: "sekretarislppm", from: "DIEVALUASI", to: "DISETUJUI_SEKRETARIS" },
  kepalalppm: { area: "kepalalppm", from: "DISETUJUI_SEKRETARIS", to: "DISETUJUI_KEPALA" },
} as const satisfies Record<string, { area: string; from: InsentifStatus; to: "DISETUJUI_SEKRETARIS" | "DISETUJUI_KEPALA" }>;

/** What the page lists: the claims waiting for it, or every claim past the evaluation. */
const LATER: readonly InsentifStatus[] = ["DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"];

export async function persetujuanInsentifLoader(args: LoaderFunctionArgs, area: "sekretarislppm" | "kepalalppm") {
  const step = STEPS[area];
  const { db, state, headers, lihat } = await readLihatList(args, `insentif_${step.area}`, (db, user, id) => {
    const klaim = getKlaim(db, user, id);
    return klaim && LATER.includes(klaim.status) ? klaim : null;
  });
  const semua = args.url.searchParams.get("status") === "semua";
  return data(
    {
      title: "Persetujuan Insentif Publikasi",
      area: step.area,
      menunggu: step.from,
      status: semua ? "semua" : step.from,
      list: listKlaimKantor(db, state, semua ? LATER : [step.from]),
      lihat,
    },
    { headers },
  );
}

export async function persetujuanInsentifAction(args: ActionFunctionArgs, area: "sekretarislppm" | "kepalalppm") {
  const step = STEPS[area];
  return runAction(args, decisionIntents({ setujui: ({ db, user, id, note }) => setujuiKlaim(db, user, id, step.to, note) }, { idTidakValid: "Klaim tidak valid." }));
}

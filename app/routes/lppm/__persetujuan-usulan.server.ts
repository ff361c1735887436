/**
 * The server half of Persetujuan Usulan Reguler (the page: ./__persetujuan-usulan.tsx) of the
 * Sekretaris (DINILAI → 'Setujui' DIVERIFIKASI | 'Kembalikan' DIKEMBALIKAN_KE_REVIEW) and of the
 * Kepala (DIVERIFIKASI → 'Setujui' DIREKOMENDASIKAN | 'Tolak' DITOLAK), each a module of its own
 * naming whose screen it is. ?lihat=ID opens the whole proposal (usulanDetail) with its reviews.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { getPersetujuanDetail, KEPALA, listPersetujuanPage, putuskan, SEKRETARIS, type Keputusan } from "~/domain/lppm/penetapan/persetujuan.server";
import { bukaKembaliUsulan } from "~/domain/lppm/usulan/override.server";
import { runAction } from "~/http/action.server";
import { decisionIntents, type Decision } from "~/http/decision.server";
import { readLihatList, statusFilter } from "~/http/lihat-list.server";

const SCREENS = { sekretaris: SEKRETARIS, kepala: KEPALA } as const;

/** Where each screen's area serves a proposal's documents (…/usulan/:id/dokumen/:dokumenId). */
const USULAN_BASE = { sekretaris: "/sekretarislppm/usulan", kepala: "/kepalalppm/usulan" } as const;

export async function persetujuanLoader(args: LoaderFunctionArgs, key: "sekretaris" | "kepala") {
  const screen = SCREENS[key];
  const { db, state, headers, lihat } = await readLihatList(args, `persetujuan_${key}`, (db, user, id) => getPersetujuanDetail(db, user, id, screen.statuses));
  const { status, statuses } = statusFilter(args.url, screen.statuses);
  return data(
    {
      title: "Persetujuan Usulan Reguler",
      key,
      statuses: screen.statuses,
      from: screen.from,
      usulanBase: USULAN_BASE[key],
      status,
      list: listPersetujuanPage(db, state, statuses),
      lihat,
    },
    { headers },
  );
}

export function persetujuanAction(args: ActionFunctionArgs, key: "sekretaris" | "kepala") {
  const screen = SCREENS[key];
  const keys = Object.keys(screen.decisions) as Keputusan[];
  const decisions = Object.fromEntries(keys.map((k): [string, Decision] => [k, ({ db, user, id, note }) => putuskan(db, screen, user, id, k, note)]));
  // The Kepala also reopens a decided proposal of the list (a Ditolak, Tidak Lolos, Tidak Didanai).
  if (key === "kepala") decisions["buka-kembali"] = ({ db, user, id, note }) => bukaKembaliUsulan(db, user, id, note);
  return runAction(args, decisionIntents(decisions));
}

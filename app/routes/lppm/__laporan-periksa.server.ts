/**
 * The server half of Laporan Kemajuan and Laporan Akhir as the LPPM office sees them (the page:
 * ./__laporan-periksa.tsx): the Operator's pages decide, the Kepala's Monitoring copies read; each
 * of the four is a module of its own naming its office and report.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { getLaporan, listLaporanKantor } from "~/domain/lppm/laporan/read.server";
import { periksaLaporan } from "~/domain/lppm/laporan/transition.server";
import { LAPORAN_JUDUL, LAPORAN_KANTOR_STATUSES, type LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";
import { runAction } from "~/http/action.server";
import { decisionIntents } from "~/http/decision.server";
import { KANTOR, readLihatList, statusFilter, type Kantor } from "~/http/lihat-list.server";

export async function laporanPeriksaLoader(args: LoaderFunctionArgs, kantor: Kantor, jenis: LaporanJenis) {
  const { decides: operator, usulanBase } = KANTOR[kantor];
  const { db, state, headers, lihat } = await readLihatList(args, `laporan_${jenis}_${kantor}`, (db, user, id) => {
    const found = getLaporan(db, user, id, jenis);
    // The office reads submitted reports only: a draft is still the ketua's.
    return found?.laporan && LAPORAN_KANTOR_STATUSES.includes(found.laporan.status) ? found : null;
  });
  const { status, statuses } = statusFilter(args.url, LAPORAN_KANTOR_STATUSES, "DIAJUKAN");
  return data(
    {
      title: operator ? LAPORAN_JUDUL[jenis] : `Monitoring ${LAPORAN_JUDUL[jenis]}`,
      jenis,
      canDecide: operator,
      areaBase: usulanBase,
      status,
      list: listLaporanKantor(db, jenis, state, statuses),
      lihat,
    },
    { headers },
  );
}

export function laporanPeriksaAction(args: ActionFunctionArgs, kantor: Kantor, jenis: LaporanJenis) {
  return runAction(
    args,
    decisionIntents({
      terima: ({ db, user, id, note }) => periksaLaporan(db, user, id, jenis, "terima", note),
      kembalikan: ({ db, user, id, note }) => periksaLaporan(db, user, id, jenis, "kembalikan", note),
    }),
    // Only the Operator's page decides; the Kepala's is the same list, read-only.
    { readOnly: !KANTOR[kantor].decides },
  );
}

/**
 * The server half of Catatan Harian as the LPPM office sees it (the page: ./__catatan-
 * monitoring.tsx): the Operator's /operator/lppm/catatan-harian and the Kepala's Monitoring copy,
 * each a module of its own naming its office.
 */
import type { LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { getProyekCatatan, listProyekMonitoring } from "~/domain/lppm/catatan/catatan.server";
import { fakultasOptions } from "~/domain/lppm/master/options.server";
import { listPeriode } from "~/domain/lppm/master/periode.server";
import { parseId } from "~/http/action.server";
import { KANTOR, readLihatList, type Kantor } from "~/http/lihat-list.server";

export async function catatanMonitoringLoader(args: LoaderFunctionArgs, kantor: Kantor) {
  const { decides: operator, usulanBase } = KANTOR[kantor];
  const { db, state, headers, lihat } = await readLihatList(args, `catatan_${kantor}`, (db, user, id) => {
    const found = getProyekCatatan(db, user, id);
    // Projects that run or ran: a proposal under review has no notes to read here.
    return found && (found.status === "BERJALAN" || found.status === "SELESAI") ? found : null;
  });
  const periode = parseId(args.url.searchParams.get("periode"));
  const fakultas = parseId(args.url.searchParams.get("fakultas"));
  return data(
    {
      title: operator ? "Catatan Harian" : "Monitoring Catatan Harian",
      buktiBase: usulanBase,
      list: listProyekMonitoring(db, state, { periode, fakultas }),
      periodeOptions: listPeriode(db).map((p) => ({ value: String(p.id), label: p.label })),
      fakultasOptions: fakultasOptions(db).map((f) => ({ value: String(f.id), label: f.nama })),
      periode: periode ? String(periode) : "",
      fakultas: fakultas ? String(fakultas) : "",
      lihat,
    },
    { headers },
  );
}

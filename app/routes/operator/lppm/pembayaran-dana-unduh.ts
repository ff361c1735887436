/**
 * Pembayaran Dana's recap (/operator/lppm/pembayaran-dana/unduh/{xlsx|csv}?periode=ID): every
 * funded proposal's tranches of the periode with what was paid and what remains, written by the
 * penetapan's export helpers; an attachment no cache stores. Without ?periode, the newest (as the
 * screen opens); an unknown periode or format is 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/pembayaran-dana-unduh";
import { requireUser } from "~/http/guard.server";
import { parseId } from "~/http/action.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";
import { FORMATS, FORMAT_TYPES, toCsv, toXlsx } from "~/domain/lppm/penetapan/export.server";
import { getPeriode, listPeriode } from "~/domain/lppm/master/periode.server";
import { tabelPembayaran } from "~/domain/lppm/dana/dana.server";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const format = FORMATS.find((f) => f === params.format);
  const db = getDb();
  const asked = url.searchParams.get("periode");
  const id = asked === null ? (listPeriode(db)[0]?.id ?? null) : parseId(asked);
  const periode = id ? getPeriode(db, id) : null;
  if (!format || !periode) throw data(null, { status: 404 });
  const tabel = tabelPembayaran(db, periode);
  const body = format === "xlsx" ? new Uint8Array(await toXlsx(tabel)) : toCsv(tabel);
  return downloadResponse(body, FORMAT_TYPES[format], `pembayaran-dana-${periode.tahun}-${periode.id}.${format}`);
}

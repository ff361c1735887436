/**
 * The penetapan's downloads (Kepala-LPPM area): /kepalalppm/penetapan-pemenang/usulan-reguler/
 * unduh/{peringkat|pemenang|rekap}/{xlsx|csv}?periode=ID — an attachment, never stored by any cache.
 */
import { data } from "react-router";
import type { Route } from "./+types/penetapan-pemenang.usulan-reguler.unduh.$laporan.$format";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";
import { parseId } from "~/http/action.server";
import { FORMATS, FORMAT_TYPES, LAPORAN, namaBerkas, tabelLaporan, toCsv, toXlsx, type Format, type Laporan } from "~/domain/lppm/penetapan/export.server";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const laporan = LAPORAN.find((l) => l === params.laporan) as Laporan | undefined;
  const format = FORMATS.find((f) => f === params.format) as Format | undefined;
  if (!laporan || !format) throw data(null, { status: 404 });
  const tabel = tabelLaporan(getDb(), laporan, parseId(url.searchParams.get("periode")));
  if (!tabel) throw data(null, { status: 404 });
  const body = format === "xlsx" ? new Uint8Array(await toXlsx(tabel)) : toCsv(tabel);
  return downloadResponse(body, FORMAT_TYPES[format], namaBerkas(laporan, tabel, format));
}

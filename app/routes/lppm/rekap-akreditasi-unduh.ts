/**
 * The accreditation recap (the LPPM office: /operator/lppm/daftar-usulan/rekap-akreditasi/{xlsx|csv}
 * and /kepalalppm/monitoring/daftar-usulan/rekap-akreditasi/{xlsx|csv}), ?per=dosen|prodi|fakultas
 * (per lecturer by default): proposals, funded, amounts and outputs per year; an attachment no
 * cache stores. An unknown format or grouping is 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/rekap-akreditasi-unduh";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";
import { FORMATS, FORMAT_TYPES, toCsv, toXlsx } from "~/domain/lppm/penetapan/export.server";
import { tabelAkreditasi } from "~/domain/lppm/rekap/akreditasi.server";
import { REKAP_PER } from "~/domain/lppm/rekap/akreditasi";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const format = FORMATS.find((f) => f === params.format);
  const per = REKAP_PER.find((p) => p === (url.searchParams.get("per") ?? "dosen"));
  if (!format || !per) throw data(null, { status: 404 });
  const tabel = tabelAkreditasi(getDb(), per);
  const body = format === "xlsx" ? new Uint8Array(await toXlsx(tabel)) : toCsv(tabel);
  return downloadResponse(body, FORMAT_TYPES[format], `rekap-akreditasi-${per}.${format}`);
}

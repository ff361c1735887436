/**
 * GET /operator/master/statistik-whatsapp/unduh?hari=7|30|90 — Statistik WhatsApp's period as
 * CSV (one line per day × target × product × page, with its clicks). The area layout checked
 * the role; an unknown period is refused with a message (400), never a 500.
 */
import type { Route } from "./+types/statistik-whatsapp-unduh";
import { CSV_CONTENT_TYPE } from "~/lib/util/csv";
import { namaBerkasWaCsv, waCsv } from "~/domain/whatsapp/wa-csv.server";
import { parsePeriode, WA_PERIODE, WA_PERIODE_DEFAULT } from "~/domain/whatsapp/periode";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";

export function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const raw = url.searchParams.get("hari");
  const periode = raw === null ? WA_PERIODE_DEFAULT : parsePeriode(raw);
  if (periode === null) {
    return new Response(`Periode tidak dikenal: pilih ${WA_PERIODE.join(", ")} hari.`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return downloadResponse(waCsv(getDb(), periode), CSV_CONTENT_TYPE, namaBerkasWaCsv(periode));
}

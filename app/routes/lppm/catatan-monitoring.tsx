/**
 * Catatan Harian as the LPPM office sees it (issue 13): the Operator at
 * /operator/lppm/catatan-harian and the Kepala under Monitoring
 * (/kepalalppm/monitoring/catatan-harian) list every running project with its last note, its
 * progress and what it spent, filtered by periode and by the ketua's fakultas; ?lihat=ID opens
 * a project's notes, budget and evidence. Read-only: the notes are the team's.
 */
import { data } from "react-router";
import type { Route } from "./+types/catatan-monitoring";
import { PageHeader } from "~/components/operator/page-header";
import { CatatanView, ProyekTable } from "~/components/lppm/catatan-view";
import { useLihatHref } from "~/components/lppm/penetapan/parts";
import { StatusFilter as SelectFilter } from "~/components/lppm/review-parts";
import { UrlDialog } from "~/components/ui/dialog";
import { getProyekCatatan, listProyekMonitoring } from "~/domain/lppm/catatan/catatan.server";
import { fakultasOptions } from "~/domain/lppm/master/options.server";
import { listPeriode } from "~/domain/lppm/master/periode.server";
import { LOAD_FAILED, parseId, redirectWithToast } from "~/lib/http/action.server";
import { backUrl } from "~/lib/http/decision.server";
import { requireUser } from "~/lib/http/guard.server";
import { readTableState } from "~/lib/http/table-state.server";
import { getDb } from "~/lib/server/db.server";

function isOperatorPage(url: URL) {
  return url.pathname.startsWith("/operator/");
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb();
  const operator = isOperatorPage(url);
  const { state, headers } = await readTableState(request, operator ? "catatan_operator" : "catatan_kepala");
  const periode = parseId(url.searchParams.get("periode"));
  const fakultas = parseId(url.searchParams.get("fakultas"));
  const lihatId = parseId(url.searchParams.get("lihat"));
  const found = lihatId ? getProyekCatatan(db, user, lihatId) : null;
  // Projects that run or ran: a proposal under review has no notes to read here.
  const lihat = found && (found.status === "BERJALAN" || found.status === "SELESAI") ? found : null;
  if (lihatId && !lihat) throw await redirectWithToast(backUrl(url), "error", LOAD_FAILED);
  return data(
    {
      title: operator ? "Catatan Harian" : "Monitoring Catatan Harian",
      buktiBase: operator ? "/operator/lppm/usulan" : "/kepalalppm/usulan",
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


export default function CatatanMonitoring({ loaderData }: Route.ComponentProps) {
  const { list, lihat, title, buktiBase, periodeOptions, fakultasOptions, periode, fakultas } = loaderData;
  const href = useLihatHref();
  return (
    <div>
      <PageHeader title={title} />
      <ProyekTable
        list={list}
        kantor
        filters={
          <>
            <SelectFilter name="periode" label="Periode" value={periode} options={[{ value: "", label: "Semua periode" }, ...periodeOptions]} />
            <SelectFilter name="fakultas" label="Fakultas" value={fakultas} options={[{ value: "", label: "Semua fakultas" }, ...fakultasOptions]} />
          </>
        }
      />
      {lihat ? (
        <UrlDialog title={lihat.judul} closeTo={href(null)} size="xl">
          <CatatanView proyek={lihat} buktiBase={`${buktiBase}/${lihat.id}/catatan-bukti`} />
        </UrlDialog>
      ) : null}
    </div>
  );
}

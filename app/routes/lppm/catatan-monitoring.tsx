/**
 * Catatan Harian as the LPPM office sees it: the Operator at
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
import { parseId } from "~/http/action.server";
import { kantorArea, readLihatList } from "~/http/lihat-list.server";

export async function loader(args: Route.LoaderArgs) {
  const { operator, usulanBase } = kantorArea(args.url);
  const { db, state, headers, lihat } = await readLihatList(args, operator ? "catatan_operator" : "catatan_kepala", (db, user, id) => {
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

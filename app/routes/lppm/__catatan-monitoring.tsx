/**
 * Catatan Harian as the LPPM office sees it: the Operator at
 * /operator/lppm/catatan-harian and the Kepala under Monitoring
 * (/kepalalppm/monitoring/catatan-harian) list every running project with its last note, its
 * progress and what it spent, filtered by periode and by the ketua's fakultas; ?lihat=ID opens
 * a project's notes, budget and evidence. Read-only: the notes are the team's.
 */
import { useLoaderData } from "react-router";
import { PageHeader } from "~/components/operator/page-header";
import { CatatanView, ProyekTable } from "~/components/lppm/catatan-view";
import { UrlDialog } from "~/components/ui/dialog";

import type { catatanMonitoringLoader } from "./__catatan-monitoring.server";
import { useLihatHref } from "~/components/lppm/kit/cells";
import { ListFilter } from "~/components/lppm/kit/status";
export default function CatatanMonitoring() {
  const loaderData = useLoaderData<typeof catatanMonitoringLoader>();
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
            <ListFilter name="periode" label="Periode" value={periode} options={[{ value: "", label: "Semua periode" }, ...periodeOptions]} />
            <ListFilter name="fakultas" label="Fakultas" value={fakultas} options={[{ value: "", label: "Semua fakultas" }, ...fakultasOptions]} />
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

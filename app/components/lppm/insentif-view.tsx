/**
 * A publication-incentive claim as everyone who may see it reads it (the claimant, its reviewer,
 * the LPPM office): the publication, the kind and what its tariff gives this claim (and how),
 * the evidence, the reviewer's checklist and recommended amount, the approved amount with its
 * SK, and the status history. The screens add their forms through `children`.
 */
import type { InsentifDetail } from "~/domain/lppm/insentif/read.server";
import type { ReactNode } from "react";
import { INSENTIF_WORKFLOW } from "~/domain/lppm/workflow";
import { PERAN_LABELS, peringkatLabel, type Peran } from "~/domain/lppm/insentif/insentif.schema";
import { doiHref } from "~/components/lppm/laporan-view";
import { fileSize } from "~/lib/util/document-rules";
import { formatWibDate } from "~/lib/util/wib";
import { RiwayatStatus } from "~/components/lppm/kit/riwayat";
import { rupiahOrDash, TenggatCell } from "~/components/lppm/kit/cells";
import { InsentifBadge } from "~/components/lppm/kit/status";

export const peranLabel = (peran: string) => PERAN_LABELS[peran as Peran] ?? peran;

export function KlaimDetailView({
  detail,
  buktiHref,
  buktiAction,
  children,
}: {
  detail: InsentifDetail;
  buktiHref: (buktiId: number) => string;
  buktiAction?: (bukti: InsentifDetail["bukti"][number]) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div><dt className="text-stone-500">Pengusul</dt><dd className="font-semibold">{detail.pengusul} ({peranLabel(detail.peran)}, {detail.jumlah_penulis} penulis)</dd></div>
        <div><dt className="text-stone-500">Status</dt><dd><InsentifBadge status={detail.status} /></dd></div>
        <div><dt className="text-stone-500">Jenis insentif</dt><dd>{detail.jenis.jenis} · {peringkatLabel(detail.jenis.peringkat)}</dd></div>
        <div><dt className="text-stone-500">Periode</dt><dd>{detail.periode.label}</dd></div>
        <div className="sm:col-span-2">
          <dt className="text-stone-500">Publikasi</dt>
          <dd>
            <span className="font-semibold">{detail.judul}</span> — {detail.nama_wadah}, {detail.tahun}
            {detail.volume_nomor ? `, ${detail.volume_nomor}` : ""}
            {detail.issn_isbn ? ` · ISSN/ISBN ${detail.issn_isbn}` : ""}
            {detail.doi_url ? (
              <>
                {" · "}
                <a href={doiHref(detail.doi_url)} rel="noopener noreferrer nofollow" target="_blank" className="font-semibold text-kayu-800 underline">
                  {detail.doi_url}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Nominal sesuai tarif</dt>
          <dd>
            {detail.tarif === null ? (
              "Peran ini tidak berhak atas insentif jenis ini"
            ) : (
              <>
                <span className="font-semibold">{rupiahOrDash(detail.tarif)}</span>
                {detail.cara_tarif ? <span className="block text-stone-600">{detail.cara_tarif}</span> : null}
              </>
            )}
          </dd>
        </div>
        {detail.evaluasi ? <div><dt className="text-stone-500">Rekomendasi reviewer</dt><dd>{rupiahOrDash(detail.evaluasi.nominal_rekomendasi)}</dd></div> : null}
        {detail.nominal_disetujui !== null ? (
          <div>
            <dt className="text-stone-500">Nominal disetujui</dt>
            <dd className="font-semibold">
              {rupiahOrDash(detail.nominal_disetujui)}
              {detail.sk ? <span className="block font-normal text-stone-600">SK {detail.sk.nomor_sk}, {formatWibDate(new Date(detail.sk.tanggal_sk))}</span> : null}
            </dd>
          </div>
        ) : null}
        {detail.reviewer ? (
          <div>
            <dt className="text-stone-500">Reviewer</dt>
            <dd>
              {detail.reviewer.name}
              {detail.reviewer.tenggat ? (
                <>
                  , tenggat <TenggatCell tenggat={detail.reviewer.tenggat} lewat={detail.reviewer.lewat} />
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {detail.jenis.aturan ? <p className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">Aturan: {detail.jenis.aturan}</p> : null}
      <section className="space-y-2">
        <h2 className="text-base font-bold text-stone-900">Bukti publikasi</h2>
        {detail.bukti.length ? (
          <ul className="space-y-1 text-sm">
            {detail.bukti.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-3">
                <a href={buktiHref(b.id)} className="font-semibold text-kayu-800 underline">
                  {b.nama_file}
                </a>
                <span className="text-stone-500">({fileSize(b.ukuran)})</span>
                {buktiAction ? buktiAction(b) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-500">Belum ada bukti.</p>
        )}
      </section>
      {detail.evaluasi ? (
        <section className="space-y-2">
          <h2 className="text-base font-bold text-stone-900">Evaluasi reviewer</h2>
          <ul className="space-y-1 text-sm">
            {detail.evaluasi.butir.map((b) => (
              <li key={b.butir}>
                {b.sesuai ? "✓" : "✗"} {b.butir}
              </li>
            ))}
          </ul>
          {detail.evaluasi.catatan ? <p className="text-sm text-stone-700">Catatan: {detail.evaluasi.catatan}</p> : null}
        </section>
      ) : null}
      {children}
      <RiwayatStatus entries={detail.timeline} labels={INSENTIF_WORKFLOW.labels} />
    </div>
  );
}

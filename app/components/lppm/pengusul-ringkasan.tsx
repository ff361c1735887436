/**
 * The proposer's dashboard figures (LPPM.md "Dashboards": the proposer's proposals by status
 * and next deadline): a count per status they have, and the soonest open window waiting for
 * them with its countdown.
 */
import { Link } from "react-router";
import { StatusBadge } from "~/components/lppm/status-badge";
import type { NextDeadline } from "~/domain/lppm/usulan/read.server";
import { STAGE_LABELS } from "~/domain/lppm/workflow";
import { sisaWaktu } from "~/domain/lppm/stage-window";
import { formatWib } from "~/lib/util/wib";

export type PengusulRingkasan = {
  counts: { status: string; label: string; jumlah: number }[];
  deadline: NextDeadline | null;
  now: Date;
};

export function PengusulRingkasanView({ data }: { data: PengusulRingkasan }) {
  const shown = data.counts.filter((c) => c.jumlah > 0);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="usulan-per-status">
        <h2 id="usulan-per-status" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Usulan Saya per Status</h2>
        {shown.length ? (
          <ul className="mt-3 space-y-2" data-testid="usulan-per-status">
            {shown.map((c) => (
              <li key={c.status} className="flex items-center justify-between gap-2 text-sm">
                <StatusBadge status={c.status} />
                <strong className="text-stone-900">{c.jumlah}</strong>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-stone-500">Belum ada usulan sebagai ketua.</p>
        )}
      </section>
      <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="tenggat-berikutnya">
        <h2 id="tenggat-berikutnya" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Tenggat Berikutnya</h2>
        {data.deadline ? (
          <p className="mt-3 text-sm text-stone-800" data-testid="tenggat-berikutnya">
            {STAGE_LABELS[data.deadline.stage]}{" "}
            <Link to={`/pengusul/usulan/${data.deadline.usulanId}`} className="font-semibold text-kayu-700 hover:underline">{data.deadline.judul}</Link>{" "}
            ditutup {formatWib(data.deadline.closes)} (dalam {sisaWaktu(data.now, data.deadline.closes)}).
          </p>
        ) : (
          <p className="mt-3 text-sm text-stone-500">Tidak ada tenggat yang menunggu.</p>
        )}
      </section>
    </div>
  );
}

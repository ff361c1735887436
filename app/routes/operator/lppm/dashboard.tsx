/**
 * /operator/lppm/dashboard (Dashboard LPPM): what waits for the Operator in the LPPM
 * (app/domain/lppm/tugas.server.ts) — reviewers to assign, a returned review to assign again,
 * revisions and reports to check, monev to assign, claims without a reviewer, decided claims to
 * pay — then one periode's proposals per status (?periode=ID, the newest by default), each
 * status a link to Daftar Usulan filtered by it. Its own page under the LPPM module, so it goes
 * with Setting → Modul LPPM off like the rest of /operator/lppm, and the shop's dashboard stays
 * the shop's.
 */
import { Form } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireUser } from "~/http/guard.server";
import { parseId } from "~/http/action.server";
import { getDb } from "~/lib/server/db.server";
import { tugasOperator } from "~/domain/lppm/tugas.server";
import { usulanPerStatusPeriode } from "~/domain/lppm/dashboard.server";
import { listPeriode } from "~/domain/lppm/master/periode.server";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { AntreanTugas } from "~/components/lppm/tugas";
import { StatusBadge } from "~/components/lppm/kit/status";
import { AppLink } from "~/components/ui/app-link";

export function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const periodes = listPeriode(db);
  const asked = parseId(url.searchParams.get("periode"));
  const periode = periodes.find((p) => p.id === asked) ?? periodes[0] ?? null;
  const perStatus = periode ? usulanPerStatusPeriode(db, periode.id) : [];
  return {
    title: "Dashboard LPPM",
    tugas: tugasOperator(db),
    periodes: periodes.map((p) => ({ id: p.id, label: `${p.label} (${JENIS_LABELS[p.skema.jenis]})` })),
    periode: periode ? { id: periode.id, label: periode.label } : null,
    perStatus,
    total: perStatus.reduce((n, s) => n + s.jumlah, 0),
  };
}

const card = "rounded-xl border border-stone-200 bg-white p-5 shadow-sm";
const heading = "text-sm font-bold tracking-wide text-stone-500 uppercase";

export default function OperatorLppmDashboard({ loaderData }: Route.ComponentProps) {
  const { tugas, periodes, periode, perStatus, total } = loaderData;
  const daftar = "/operator/lppm/daftar-usulan";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Dashboard LPPM</h1>
      <AntreanTugas kelompok={tugas} />
      <section className={card} aria-labelledby="usulan-per-status">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="usulan-per-status" className={heading}>Usulan per Status</h2>
          {periodes.length ? (
            <Form method="get" className="flex flex-wrap items-end gap-2">
              <label className="flex items-center gap-2 text-sm text-stone-600">
                Periode
                <select
                  name="periode"
                  defaultValue={periode?.id ?? ""}
                  onChange={(e) => e.currentTarget.form?.requestSubmit()}
                  className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
                >
                  {periodes.map((p) => (
                    <option key={p.id} value={p.id}>{p.label}</option>
                  ))}
                </select>
              </label>
              <button type="submit" className="rounded-md bg-stone-800 px-3 py-1.5 text-sm font-semibold text-white">Tampilkan</button>
            </Form>
          ) : null}
        </div>
        {!periode ? (
          <p className="mt-3 text-sm text-stone-500">Belum ada periode.</p>
        ) : total === 0 ? (
          <p className="mt-3 text-sm text-stone-500">Belum ada usulan yang diajukan pada periode ini.</p>
        ) : (
          <>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="usulan-per-status">
              {perStatus.map((row) => (
                <li key={row.status}>
                  <AppLink
                    to={`${daftar}?periode=${periode.id}&status=${row.status}`}
                    className="flex items-center justify-between gap-3 rounded-lg border border-stone-200 px-3 py-2 hover:border-kayu-400"
                    aria-label={`${row.label}: ${row.jumlah} usulan`}
                  >
                    <StatusBadge status={row.status} />
                    <span className="font-bold text-stone-900">{row.jumlah}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-stone-600">
              {total} usulan diajukan pada {periode.label}.{" "}
              <AppLink to={`${daftar}?periode=${periode.id}`} className="font-semibold text-kayu-800 underline">
                Lihat di Daftar Usulan
              </AppLink>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

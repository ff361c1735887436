/**
 * The dashboard page of every LPPM area (its data: ./__dashboard.server.ts; one module per area:
 * pengusul/dashboard.tsx is PengusulDashboard, reviewer/… ReviewerDashboard, …). Greets the user,
 * opens with what waits for them (components/lppm/tugas.tsx), then the area's real figures
 * (app/domain/lppm/dashboard.server.ts): the proposer's proposals by status and next deadlines,
 * the reviewer's assignments open, overdue and done, the approvals waiting for the verifier, the
 * secretary and the head, and the head's budget used per periode; then their roles and academic
 * position(s) as badges.
 */
import { Link, useLoaderData } from "react-router";
import { lppmArea, lppmMenu } from "~/navigation/lppm";
import type { LppmDashboard } from "~/domain/lppm/dashboard.server";
import type { DashboardData } from "./__dashboard.server";
import { STAGE_LABELS } from "~/domain/lppm/workflow";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { StatusBadge } from "~/components/lppm/kit/status";
import { AntreanTugas } from "~/components/lppm/tugas";

const card = "rounded-xl border border-stone-200 bg-white p-5 shadow-sm";
const heading = "text-sm font-bold tracking-wide text-stone-500 uppercase";

function Figures({ figures }: { figures: LppmDashboard }) {
  switch (figures.kind) {
    case "pengusul":
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <section className={card} aria-labelledby="usulan-saya">
            <h2 id="usulan-saya" className={heading}>Usulan Saya per Status</h2>
            {figures.total ? (
              <ul className="mt-3 space-y-2" data-testid="usulan-per-status">
                {figures.perStatus.map((row) => (
                  <li key={row.status} className="flex items-center justify-between gap-3">
                    <StatusBadge status={row.status} />
                    <span className="font-bold text-stone-900">{row.jumlah}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-stone-500">Belum ada usulan. Mulai dari menu Usulan Baru.</p>
            )}
            {figures.undanganMenunggu ? (
              <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800" data-testid="undangan-menunggu">
                {figures.undanganMenunggu} undangan anggota tim menunggu jawaban Anda.
              </p>
            ) : null}
          </section>
          <section className={card} aria-labelledby="tenggat-terdekat">
            <h2 id="tenggat-terdekat" className={heading}>Tenggat Berikutnya</h2>
            {figures.berikutnya ? (
              <p className="mt-3 rounded-lg bg-kayu-50 px-3 py-2 text-sm text-stone-800" data-testid="tenggat-berikutnya">
                {STAGE_LABELS[figures.berikutnya.stage]}{" "}
                <Link to={`/pengusul/usulan/${figures.berikutnya.usulanId}`} className="font-semibold text-kayu-700 hover:underline">
                  {figures.berikutnya.judul}
                </Link>{" "}
                ditutup {formatWib(new Date(figures.berikutnya.closes))}.
              </p>
            ) : (
              <p className="mt-3 text-sm text-stone-500">Tidak ada usulan Anda yang menunggu tenggat.</p>
            )}
            <h3 className="mt-4 text-xs font-bold tracking-wide text-stone-500 uppercase">Tahap yang dibuka</h3>
            {figures.tenggat.length ? (
              <ul className="mt-2 space-y-3" data-testid="tenggat">
                {figures.tenggat.map((t) => (
                  <li key={`${t.periode}-${t.tahap}`} className="text-sm">
                    <p className="font-semibold text-stone-800">{t.tahap} — {t.periode}</p>
                    <p className="text-stone-500">
                      {t.state.label}
                      {t.state.countdown ? ` (${t.state.countdown})` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-stone-500">Tidak ada tahap yang sedang atau akan dibuka.</p>
            )}
          </section>
        </div>
      );
    case "reviewer":
      // The open assignments themselves are listed under "Menunggu Anda" above.
      return (
        <section className={card} aria-labelledby="penugasan">
          <h2 id="penugasan" className={heading}>Penugasan</h2>
          <p className="mt-2 text-sm text-stone-600" data-testid="penugasan-ringkas">
            {figures.terbuka.length} terbuka{figures.terlambat ? `, ${figures.terlambat} lewat tenggat` : ""} · {figures.selesai} selesai
          </p>
        </section>
      );
    case "persetujuan":
    case "kepala":
      return (
        <div className="space-y-4">
          <section className={card} aria-labelledby="menunggu">
            <h2 id="menunggu" className={heading}>Ringkasan</h2>
            {figures.kind === "persetujuan" && figures.catatan ? (
              <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800">{figures.catatan}</p>
            ) : null}
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="antrean">
              {figures.antrean.map((a) => (
                <li key={a.label}>
                  <Link to={a.to} className="block rounded-lg border border-stone-200 p-4 hover:border-kayu-400">
                    <span className="block text-3xl font-extrabold text-kayu-800">{a.jumlah}</span>
                    <span className="text-sm text-stone-600">{a.label}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {figures.kind === "persetujuan" && figures.perStatus.length ? (
              <ul className="mt-4 flex flex-wrap gap-3 text-sm">
                {figures.perStatus.map((row) => (
                  <li key={row.status} className="flex items-center gap-1.5">
                    <StatusBadge status={row.status} /> <span className="font-semibold">{row.jumlah}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          {figures.kind === "kepala" ? (
            <section className={card} aria-labelledby="anggaran">
              <h2 id="anggaran" className={heading}>Anggaran per Periode</h2>
              {figures.anggaran.length ? (
                <div className="mt-3 overflow-x-auto">
                  <table className="w-full text-left text-sm" data-testid="anggaran">
                    <thead className="text-stone-500">
                      <tr>
                        <th className="py-2 pr-3 font-semibold">Periode</th>
                        <th className="py-2 pr-3 font-semibold">Terpakai</th>
                        <th className="py-2 pr-3 font-semibold">Anggaran</th>
                        <th className="py-2 font-semibold">Judul Didanai</th>
                      </tr>
                    </thead>
                    <tbody>
                      {figures.anggaran.map((a) => {
                        const persen = a.anggaranTotal ? Math.min(100, Math.round((a.terpakai / a.anggaranTotal) * 100)) : 0;
                        return (
                          <tr key={a.id} className="border-t border-stone-100">
                            <td className="py-2 pr-3 font-medium text-stone-800">{a.periode}</td>
                            <td className="py-2 pr-3">
                              {formatRupiah(a.terpakai)}
                              <span className="mt-1 block h-1.5 w-32 rounded-full bg-stone-100" aria-hidden="true">
                                <span className="block h-1.5 rounded-full bg-kayu-600" style={{ width: `${persen}%` }} />
                              </span>
                            </td>
                            <td className="py-2 pr-3">{formatRupiah(a.anggaranTotal)}</td>
                            <td className="py-2">
                              {a.didanai} / {a.kuota}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="mt-3 text-sm text-stone-500">Belum ada periode.</p>
              )}
            </section>
          ) : null}
        </div>
      );
  }
}

export default function LppmDashboard() {
  const loaderData = useLoaderData<DashboardData>();
  const { title, name, roles, jabatan, tugas, figures } = loaderData;
  const groups = lppmMenu(lppmArea(loaderData.areaKey));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <section className="rounded-2xl bg-gradient-to-r from-kayu-700 to-kayu-500 p-6 text-white shadow">
        <h2 className="text-xl font-bold">Selamat datang, {name}!</h2>
        <p className="mt-1 text-kayu-100">Menu area ini tersedia di samping.</p>
      </section>
      <AntreanTugas kelompok={tugas} />
      {figures ? <Figures figures={figures} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="hak-akses">
          <h2 id="hak-akses" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Hak Akses</h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="hak-akses">
            {roles.map((role) => (
              <li key={role} className="rounded-full bg-kayu-100 px-3 py-1 text-sm font-semibold text-kayu-800">{role}</li>
            ))}
          </ul>
        </section>
        <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="jabatan-akademik">
          <h2 id="jabatan-akademik" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Jabatan Akademik</h2>
          {jabatan.length ? (
            <ul className="mt-3 flex flex-wrap gap-2" data-testid="jabatan-akademik">
              {jabatan.map((j) => (
                <li key={j} className="rounded-full bg-green-600 px-3 py-1 text-sm font-semibold text-white">{j}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-stone-500">Belum diisi.</p>
          )}
        </section>
      </div>
      {groups.length ? (
        <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="menu-area">
          <h2 id="menu-area" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Menu</h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {groups.map((group) => (
              <div key={group.label}>
                <p className="text-sm font-semibold text-stone-800">{group.label}</p>
                <ul className="mt-1 space-y-1">
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="text-sm text-kayu-700 hover:underline">{item.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

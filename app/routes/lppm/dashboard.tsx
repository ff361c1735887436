/**
 * The dashboard of every LPPM area (PengusulDashboard, ReviewerDashboard, KepalaLppmDashboard,
 * SekretarisLppmDashboard, OperatorFakultasDashboard): one module registered under five ids.
 * Greets the user and shows their roles and academic position(s) as badges.
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { findLppmPage, lppmMenu } from "~/domain/areas/lppm";
import { parseJabatan } from "~/domain/users/roles";
import { requireUser } from "~/lib/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { nextDeadline, usulanCountsByStatus } from "~/domain/lppm/usulan/read.server";
import { PengusulRingkasanView } from "~/components/lppm/pengusul-ringkasan";

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const found = findLppmPage(url.pathname);
  if (!found) throw data(null, { status: 404 });
  return {
    title: found.area.dashboard.title,
    areaKey: found.area.key,
    name: user.name,
    roles: user.roles,
    jabatan: parseJabatan(user.jabatan_akademik),
    // Issue 12, usulan: the proposer's proposals by status and next deadline.
    pengusul:
      found.area.key === "pengusul"
        ? { counts: usulanCountsByStatus(getDb(), user.id), deadline: nextDeadline(getDb(), user.id), now: new Date() }
        : null,
  };
}

export default function LppmDashboard({ loaderData }: Route.ComponentProps) {
  const { title, name, roles, jabatan } = loaderData;
  const found = findLppmPage(`/${loaderData.areaKey}/dashboard`);
  const groups = found ? lppmMenu(found.area) : [];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <section className="rounded-2xl bg-gradient-to-r from-kayu-700 to-kayu-500 p-6 text-white shadow">
        <h2 className="text-xl font-bold">Selamat datang, {name}!</h2>
        <p className="mt-1 text-kayu-100">Menu area ini tersedia di samping.</p>
      </section>
      {loaderData.pengusul ? <PengusulRingkasanView data={loaderData.pengusul} /> : null}
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

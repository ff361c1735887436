import type { Route } from "./+types/dashboard";
import { requireUser } from "~/http/guard.server";
import { getOperatorDashboard } from "~/domain/katalog/dashboard.server";
import { getDb } from "~/lib/server/db.server";
import { getSetting } from "~/domain/setting/setting.server";
import { tugasOperator } from "~/domain/lppm/tugas.server";
import { Link } from "react-router";

export const handle = { title: "Dashboard Operator" };

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb();
  // The LPPM's own dashboard is a page of the module (/operator/lppm/dashboard); the shop's
  // landing page only says how much waits there, while the module is on.
  const lppm = getSetting(db).modul_lppm ? tugasOperator(db).reduce((n, k) => n + k.jumlah, 0) : null;
  return { name: user.name, stats: getOperatorDashboard(db), lppm };
}

export default function OperatorDashboard({ loaderData }: Route.ComponentProps) {
  const { name, stats, lppm } = loaderData;
  const cards = [
    { label: "Produk", value: stats.produk, to: "/operator/produk/produk" },
    { label: "Kategori Produk", value: stats.kategori, to: "/operator/produk/kategoriproduk" },
    { label: "Kantor Cabang", value: stats.kantorCabang, to: "/operator/master/kantorcabang" },
    { label: "Ulasan Konsumen", value: stats.ulasan, to: "/operator/master/ulasankonsumen" },
    { label: "Banner", value: stats.banner, to: "/operator/master/banner" },
    { label: "Galeri", value: stats.galeri, to: "/operator/profil/galeri" },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Dashboard Operator</h1>
      <section className="rounded-2xl bg-gradient-to-r from-kayu-700 to-kayu-500 p-6 text-white shadow">
        <h2 className="text-xl font-bold">Selamat datang, {name}!</h2>
        <p className="mt-1 text-kayu-100">
          Kelola isi situs, produk, gambar, dan pengguna toko dari menu di samping.
        </p>
      </section>
      {lppm !== null ? (
        <p className="rounded-xl border border-kayu-200 bg-kayu-50 px-5 py-3 text-sm text-stone-800" data-testid="lppm-menunggu">
          {lppm ? `LPPM: ${lppm} pekerjaan menunggu Anda.` : "LPPM: tidak ada pekerjaan yang menunggu Anda."}{" "}
          <Link to="/operator/lppm/dashboard" className="font-semibold text-kayu-800 underline">
            Buka Dashboard LPPM
          </Link>
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <li key={card.label}>
            <Link to={card.to} className="block rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-kayu-300 hover:shadow">
              <p className="text-sm text-stone-500">{card.label}</p>
              <p className="mt-1 text-3xl font-extrabold text-kayu-800">{card.value}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

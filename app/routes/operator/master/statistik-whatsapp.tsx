/**
 * Statistik WhatsApp: the clicks on the public site's WhatsApp links
 * (counted by /wa/…), for the last 7, 30 or 90 days: a bar chart per day (SVG drawn on the
 * server, with a title, a description and the same figures as a table), per branch, per page,
 * the top products, and the period as CSV. The period switch is plain GET links: no JavaScript
 * needed, and none added (no chart library). The area layout checked the Operator role.
 */
import { Link } from "react-router";
import type { Route } from "./+types/statistik-whatsapp";
import { PageHeader } from "~/components/operator/page-header";
import { waStatistik, type WaStatistik } from "~/domain/whatsapp/wa-statistik.server";
import { parsePeriode, WA_PERIODE, WA_PERIODE_DEFAULT } from "~/domain/whatsapp/periode";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { formatWibDate, parseWibDate } from "~/lib/util/wib";

export const handle = { title: "Statistik WhatsApp" };

const PATH = "/operator/master/statistik-whatsapp";

export function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const raw = url.searchParams.get("hari");
  const periode = parsePeriode(raw) ?? WA_PERIODE_DEFAULT;
  const pesan = raw !== null && parsePeriode(raw) === null ? `Periode "${raw.slice(0, 20)}" tidak dikenal: ditampilkan ${WA_PERIODE_DEFAULT} hari terakhir.` : null;
  return { statistik: waStatistik(getDb(), periode), pesan };
}

/** "2026-03-01" → "1 Mar 2026" */
function tanggal(hari: string): string {
  const date = parseWibDate(hari);
  return date ? formatWibDate(date) : hari;
}

/** "1 Mar" (the chart's axis). */
function tanggalPendek(hari: string): string {
  return tanggal(hari).split(" ").slice(0, 2).join(" ");
}

const angka = (n: number) => n.toLocaleString("id-ID");

const CHART = { width: 720, height: 220, left: 40, right: 8, top: 12, bottom: 28 };

/** The bar chart of clicks per day: plain SVG from the server, described for screen readers. */
function GrafikPerHari({ statistik }: { statistik: WaStatistik }) {
  const { perHari, total } = statistik;
  const max = Math.max(1, ...perHari.map((d) => d.klik));
  const plotW = CHART.width - CHART.left - CHART.right;
  const plotH = CHART.height - CHART.top - CHART.bottom;
  const step = plotW / perHari.length;
  const barW = Math.max(1, step * 0.7);
  // A few labels on the axis, not one per day.
  const every = Math.ceil(perHari.length / 8);
  const puncak = perHari.reduce((best, d) => (d.klik > best.klik ? d : best), perHari[0]!);
  const desc =
    total === 0
      ? `Belum ada klik WhatsApp dari ${tanggal(statistik.dari)} sampai ${tanggal(statistik.sampai)}.`
      : `${angka(total)} klik dari ${tanggal(statistik.dari)} sampai ${tanggal(statistik.sampai)}; terbanyak ${angka(puncak.klik)} klik pada ${tanggal(puncak.hari)}.`;
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      role="img"
      aria-labelledby="grafik-wa-judul grafik-wa-desc"
      className="h-auto w-full"
      data-grafik="klik-per-hari"
    >
      <title id="grafik-wa-judul">Klik WhatsApp per hari</title>
      <desc id="grafik-wa-desc">{desc}</desc>
      <line x1={CHART.left} x2={CHART.width - CHART.right} y1={CHART.top + plotH} y2={CHART.top + plotH} className="stroke-stone-300" />
      <text x={CHART.left - 6} y={CHART.top + 4} textAnchor="end" className="fill-stone-500 text-[11px]">
        {angka(max)}
      </text>
      <text x={CHART.left - 6} y={CHART.top + plotH} textAnchor="end" className="fill-stone-500 text-[11px]">
        0
      </text>
      {perHari.map((d, i) => {
        const h = (d.klik / max) * plotH;
        const x = CHART.left + i * step + (step - barW) / 2;
        return (
          <g key={d.hari}>
            <rect x={x} y={CHART.top + plotH - h} width={barW} height={h} rx={Math.min(2, barW / 3)} className="fill-wa">
              <title>{`${tanggal(d.hari)}: ${angka(d.klik)} klik`}</title>
            </rect>
            {i % every === 0 ? (
              <text x={x + barW / 2} y={CHART.height - 8} textAnchor="middle" className="fill-stone-500 text-[11px]">
                {tanggalPendek(d.hari)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

const cardClass = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200";
const thClass = "px-3 py-2 text-left font-semibold text-stone-700";
const tdClass = "px-3 py-1.5 text-stone-800";

type TabelProps = { caption: string; kolom: [string, string]; baris: [React.ReactNode, number][]; kosong: string };

function Tabel({ caption, kolom, baris, kosong }: TabelProps) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-base font-bold text-stone-900">{caption}</caption>
      <thead className="border-b border-stone-200">
        <tr>
          <th scope="col" className={thClass}>{kolom[0]}</th>
          <th scope="col" className={`${thClass} text-right`}>{kolom[1]}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {baris.length === 0 ? (
          <tr>
            <td colSpan={2} className={`${tdClass} text-stone-500`}>{kosong}</td>
          </tr>
        ) : (
          baris.map(([label, klik], i) => (
            <tr key={i}>
              <td className={tdClass}>{label}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{angka(klik)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export default function StatistikWhatsapp({ loaderData }: Route.ComponentProps) {
  const { statistik, pesan } = loaderData;
  const { periode } = statistik;
  // The three small tables side by side: by branch, top products, by page of origin.
  const tabelRingkas: TabelProps[] = [
    {
      caption: "Per kantor cabang",
      kolom: ["Tujuan", "Klik"],
      baris: statistik.perCabang.map((c) => [c.label, c.klik]),
      kosong: "Belum ada kantor cabang.",
    },
    {
      caption: "Produk teratas",
      kolom: ["Produk", "Klik"],
      baris: statistik.topProduk.map((p) => [
        <a key={p.id} href={`/detail-produk/${encodeURIComponent(p.nama_seo)}`} target="_blank" rel="noopener noreferrer" className="text-kayu-700 hover:underline">
          {p.nama_produk}
        </a>,
        p.klik,
      ]),
      kosong: "Belum ada klik yang menanyakan produk.",
    },
    {
      caption: "Per halaman asal",
      kolom: ["Halaman", "Klik"],
      baris: statistik.perHalaman.map((h) => [h.label, h.klik]),
      kosong: "Belum ada data.",
    },
  ];
  return (
    <div className="space-y-4">
      <PageHeader
        title="Statistik WhatsApp"
        toolbar={
          <a
            href={`${PATH}/unduh?hari=${periode}`}
            download
            className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-700 shadow-sm hover:bg-stone-50"
          >
            Unduh CSV
          </a>
        }
      />
      <p className="text-sm text-stone-600">
        Klik tombol dan tautan WhatsApp di situs publik, dihitung di server kita sebelum pengunjung diteruskan ke WhatsApp. Tanpa data
        pribadi dan tanpa cookie; klik dari bot tidak dihitung. Hari dalam WIB.
      </p>
      {pesan ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {pesan}
        </p>
      ) : null}
      <nav aria-label="Periode" className="flex flex-wrap gap-2">
        {WA_PERIODE.map((n) => (
          <Link
            key={n}
            to={`${PATH}?hari=${n}`}
            aria-current={n === periode ? "page" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
              n === periode ? "bg-kayu-700 text-white" : "border border-stone-300 bg-white text-stone-700 hover:bg-stone-50"
            }`}
          >
            {`${n} hari terakhir`}
          </Link>
        ))}
      </nav>

      <section aria-labelledby="wa-per-hari" className={cardClass}>
        <h2 id="wa-per-hari" className="mb-1 text-base font-bold text-stone-900">
          Klik per hari
        </h2>
        <p className="mb-3 text-sm text-stone-600" data-testid="wa-total">
          {`Total ${angka(statistik.total)} klik, ${tanggal(statistik.dari)} – ${tanggal(statistik.sampai)}`}
        </p>
        <GrafikPerHari statistik={statistik} />
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-kayu-700">Lihat sebagai tabel</summary>
          <div className="mt-2 max-h-96 overflow-y-auto">
            <Tabel
              caption="Klik per hari"
              kolom={["Tanggal", "Klik"]}
              baris={statistik.perHari.map((d) => [tanggal(d.hari), d.klik])}
              kosong="Belum ada data."
            />
          </div>
        </details>
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        {tabelRingkas.map((tabel) => (
          <section key={tabel.caption} className={cardClass}>
            <Tabel {...tabel} />
          </section>
        ))}
      </div>
    </div>
  );
}

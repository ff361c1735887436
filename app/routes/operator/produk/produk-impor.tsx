/**
 * Impor Produk (CSV), /operator/produk/produk/impor, without JavaScript as
 * with it:
 * 1. 'Periksa' uploads the file (multipart post): the server reads and checks it, keeps it aside
 *    under a random token (a private folder beside the database, at most an hour) and redirects
 *    to ?token=…, the dry run: the counts, then the rows to add, to change (each changed field
 *    old → new) and refused (row number and reason), 50 per page (?daftar=&halaman=).
 * 2. 'Terapkan' posts the token and the plan's digest back: the server re-reads the file, re-checks
 *    every row against the data of that moment and writes all of it in one transaction — or
 *    nothing, saying why (a refused row, or data changed since the dry run: the new plan shows).
 * 'Batal' drops the file. The rules and the format: app/domain/produk/csv/format.ts.
 */
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/produk-impor";
import { PageHeader } from "~/components/operator/page-header";
import { Alert } from "~/components/ui/field";
import { useReply } from "~/components/ui/use-reply";
import { bacaCsv, PILIH_BERKAS, ukuranMb } from "~/domain/produk/csv/baca.server";
import { BERKAS_BERLAKU_MS, IMPOR_PRODUK } from "~/domain/impor/berkas.server";
import { headerEkspor } from "~/domain/produk/csv/ekspor.server";
import { BIDANG_LABEL, KOLOM } from "~/domain/produk/csv/format";
import { rencanaImpor, type Rencana } from "~/domain/produk/csv/rencana.server";
import { IMPOR_BATAL, pesanSelesai, terapkanImpor } from "~/domain/produk/csv/terapkan.server";
import { runAction } from "~/http/action.server";
import { aksiImpor, periksaImpor, type AlurImpor } from "~/http/impor-screen.server";
import { bodyLimit } from "~/http/body.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { cuplikanBeda } from "~/lib/util/format";
import { AksiRencana, BarisRencana, RingkasanImpor, UnggahImpor } from "~/components/operator/rencana-impor";
import { DAFTAR_RENCANA_LABEL, halamanRencana, type DaftarRencana } from "~/lib/util/rencana-impor";

export const handle = { title: "Impor Produk" };

const DAFTAR_PRODUK = "/operator/produk/produk";

type Daftar = DaftarRencana;

/** Characters of a description the page shows on each side of "→" (the API gives it whole). */
const DESKRIPSI_TAMPIL = 120;

/**
 * A changed row's fields as the page shows them: label, old → new. A description is shortened
 * (cuplikanBeda: white space as one space, 120 characters around its first change), so a page
 * of 50 long descriptions stays small; the other fields are short by their own limits.
 */
function perubahanTampil(r: Rencana["diubah"][number]) {
  return r.bidang.map((bidang) => {
    const { lama, baru } = r.perubahan[bidang] ?? { lama: null, baru: null };
    const [lamaTampil, baruTampil] = bidang === "deskripsi" && lama !== null && baru !== null ? cuplikanBeda(lama, baru, DESKRIPSI_TAMPIL) : [lama, baru];
    return { bidang, label: BIDANG_LABEL[bidang], lama: lamaTampil, baru: baruTampil };
  });
}

/** One page of one of the plan's lists, as the page shows it. */
function tampilan(rencana: Rencana, params: URLSearchParams) {
  const counts: Record<Daftar, number> = {
    ditambah: rencana.ditambah.length,
    diubah: rencana.diubah.length,
    ditolak: rencana.ditolak.length,
  };
  const { daftar, halaman, halamanTotal, slice } = halamanRencana(counts, params);
  return {
    ringkasan: { total: rencana.total, ...counts, tidakBerubah: rencana.tidakBerubah },
    sidik: rencana.sidik,
    cabangTanpaKolom: rencana.cabangTanpaKolom,
    daftar,
    halaman,
    halamanTotal,
    ditambah: slice("ditambah", rencana.ditambah).map(({ baris, nama_produk, slug, catatan }) => ({ baris, nama_produk, slug, catatan: catatan ?? null })),
    diubah: slice("diubah", rencana.diubah).map((r) => ({
      baris: r.baris,
      nama_produk: r.nama_produk,
      slug: r.slug,
      slug_baru: r.slug_baru,
      bidang: r.bidang.map((b) => BIDANG_LABEL[b]),
      perubahan: perubahanTampil(r),
      gudang_tambah: r.gudang_tambah,
      gudang_hapus: r.gudang_hapus,
    })),
    ditolak: slice("ditolak", rencana.ditolak),
  };
}

const ALUR: AlurImpor = {
  jenis: IMPOR_PRODUK,
  baca: bacaCsv,
  periksa: rencanaImpor,
  terapkan: ({ db, form }, table) => {
    const hasil = terapkanImpor(db, table, { sidik: String(form.get("sidik") ?? "") });
    return hasil.ok ? { ok: true, pesan: pesanSelesai(hasil), to: DAFTAR_PRODUK } : hasil;
  },
  pilihBerkas: PILIH_BERKAS,
  batal: IMPOR_BATAL,
};

export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const base = {
    kolom: headerEkspor(db),
    kolomTetap: [...KOLOM],
    batas: ukuranMb(bodyLimit("multipart", url.pathname)),
    berlakuJam: BERKAS_BERLAKU_MS / 3_600_000,
  };
  const { periksa, status } = await periksaImpor(db, url, ALUR, rencanaImpor, tampilan);
  return data({ ...base, periksa }, { status });
}


/**
 * The import's three steps, each its own intent (app/http/impor-screen.server.ts): 'periksa'
 * keeps the chosen file under a token and shows its plan (?token=), 'terapkan' applies that
 * plan, 'batal' drops it. A file over the cap is said on the file field (the body was never read).
 */
export const action = (args: Route.ActionArgs) => runAction(args, aksiImpor(ALUR), { upload: { field: "berkas", intent: "periksa" } });

/** After 'Terapkan' is refused the plan is read again (the data may have changed it). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined ? true : defaultShouldRevalidate;
}

export default function ProdukImpor({ loaderData, actionData }: Route.ComponentProps) {
  const { kolom, kolomTetap, batas, berlakuJam, periksa } = loaderData;
  const rencana = periksa?.rencana ?? null;
  // The refusal stays on the page beside the plan it is about: an alert, not a toast.
  const reply = useReply(actionData, { inline: true });
  const message = reply.message ?? periksa?.error ?? null;
  return (
    <div className="space-y-5">
      <PageHeader title="Impor Produk (CSV)" />
      <p>
        <Link to={DAFTAR_PRODUK} className="text-sm font-semibold text-kayu-700 hover:underline">
          ← Kembali ke Produk
        </Link>
      </p>
      {message ? <Alert>{message}</Alert> : null}
      {rencana && periksa?.token ? <RencanaView token={periksa.token} rencana={rencana} berlakuJam={berlakuJam} /> : null}
      {!rencana || rencana.ringkasan.ditolak > 0 ? (
        <UnggahForm kolom={kolom} kolomTetap={kolomTetap} batas={batas} ganti={rencana ? (periksa?.token ?? null) : null} />
      ) : null}
    </div>
  );
}

/** The upload form; `ganti` is the token of a refused plan whose file the new one replaces. */
function UnggahForm({ kolom, kolomTetap, batas, ganti }: { kolom: string[]; kolomTetap: string[]; batas: string; ganti: string | null }) {
  const cabang = kolom.slice(kolomTetap.length);
  return (
    <UnggahImpor judul="Unggah berkas CSV" berkasLabel="Berkas CSV" accept=".csv,text/csv" ganti={ganti}>
      <p>
        Format sama dengan hasil{" "}
        <a href="/operator/produk/produk/ekspor" download className="font-semibold text-kayu-700 hover:underline">
          Ekspor CSV
        </a>
        : satu baris per produk, baris pertama berisi judul kolom.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Kolom wajib: <code>{kolomTetap.join(", ")}</code>.
        </li>
        <li>
          Satu kolom per kantor cabang, judulnya nama cabang persis ({cabang.length > 0 ? cabang.join(", ") : "belum ada kantor cabang"}),
          berisi 1 (tersedia) atau 0 (kosong = 0). Cabang yang tidak punya kolom tidak diubah.
        </li>
        <li>Baris dengan slug mengubah produk itu; baris tanpa slug menambah produk baru.</li>
        <li>Kategori ditulis dengan namanya dan harus sudah ada.</li>
        <li>Berkas UTF-8, dipisah koma (atau titik koma), ukuran maksimal {batas}.</li>
      </ul>
    </UnggahImpor>
  );
}

type Tampilan = ReturnType<typeof tampilan>;

/** An old or new value that is nothing: no category, no branch. */
const KOSONG = "(kosong)";

function RencanaView({ token, rencana, berlakuJam }: { token: string; rencana: Tampilan; berlakuJam: number }) {
  const { ringkasan } = rencana;
  return (
    <section aria-labelledby="rencana-judul" className="space-y-4">
      <h2 id="rencana-judul" className="text-lg font-bold text-stone-900">
        Hasil pemeriksaan
      </h2>
      <RingkasanImpor token={token} ringkasan={ringkasan} daftar={rencana.daftar}>
        {rencana.cabangTanpaKolom.length > 0 ? (
          <p className="text-sm text-stone-600">
            Kantor cabang tanpa kolom di berkas (ketersediaannya tidak diubah): {rencana.cabangTanpaKolom.join(", ")}.
          </p>
        ) : null}
      </RingkasanImpor>

      <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
        <table className="data-table w-full min-w-[640px] border-collapse text-sm">
          <caption className="sr-only">{`Baris ${DAFTAR_RENCANA_LABEL[rencana.daftar].toLowerCase()}`}</caption>
          <thead className="bg-stone-50 text-left text-xs font-bold tracking-wide text-stone-600 uppercase">
            {rencana.daftar === "ditolak" ? (
              <tr>
                <th scope="col" className="px-3 py-3">Baris</th>
                <th scope="col" className="px-3 py-3">Produk</th>
                <th scope="col" className="px-3 py-3">Alasan</th>
              </tr>
            ) : rencana.daftar === "diubah" ? (
              <tr>
                <th scope="col" className="px-3 py-3">Baris</th>
                <th scope="col" className="px-3 py-3">Produk</th>
                <th scope="col" className="px-3 py-3">Yang berubah</th>
              </tr>
            ) : (
              <tr>
                <th scope="col" className="px-3 py-3">Baris</th>
                <th scope="col" className="px-3 py-3">Produk</th>
                <th scope="col" className="px-3 py-3">Slug baru</th>
              </tr>
            )}
          </thead>
          <tbody>
            {ringkasan[rencana.daftar] === 0 ? (
              <tr>
                <td colSpan={3} className="px-3 py-6 text-center text-stone-500">
                  Tidak ada baris.
                </td>
              </tr>
            ) : null}
            {rencana.ditolak.map((r) => (
              <BarisRencana
                key={r.baris}
                baris={r.baris}
                nama={r.nama_produk || "—"}
                sub={r.slug ? <span className="block text-xs text-stone-500">{r.slug}</span> : null}
              >
                <ul className="list-disc space-y-0.5 pl-4 text-red-700">
                  {r.alasan.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              </BarisRencana>
            ))}
            {rencana.diubah.map((r) => (
              <BarisRencana
                key={r.baris}
                baris={r.baris}
                nama={r.nama_produk}
                sub={
                  <span className="block text-xs text-stone-500">
                    {r.slug}
                    {r.slug_baru !== r.slug ? ` → ${r.slug_baru}` : ""}
                  </span>
                }
              >
                {r.bidang.join(", ")}
                <dl className="mt-1 space-y-0.5 text-xs text-stone-700" aria-label={`Perubahan baris ${r.baris}`}>
                  {r.perubahan.map((p) => (
                    <div key={p.bidang} data-testid={`perubahan-${p.bidang}`}>
                      <dt className="inline font-semibold">{`${p.label}: `}</dt>
                      <dd className="inline break-words">
                        <del className="text-red-700">{p.lama ?? KOSONG}</del>
                        {" → "}
                        <ins className="text-green-700 no-underline">{p.baru ?? KOSONG}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
                {r.gudang_tambah.length > 0 ? <span className="block text-xs text-green-700">+ {r.gudang_tambah.join(", ")}</span> : null}
                {r.gudang_hapus.length > 0 ? <span className="block text-xs text-red-700">− {r.gudang_hapus.join(", ")}</span> : null}
              </BarisRencana>
            ))}
            {rencana.ditambah.map((r) => (
              <BarisRencana
                key={r.baris}
                baris={r.baris}
                nama={r.nama_produk}
                sub={r.catatan ? <span className="block text-xs text-amber-700">{r.catatan}</span> : null}
              >
                {r.slug}
              </BarisRencana>
            ))}
          </tbody>
        </table>
      </div>
      <AksiRencana token={token} sidik={rencana.sidik} ringkasan={ringkasan} halaman={rencana} berlakuJam={berlakuJam} />
    </section>
  );
}

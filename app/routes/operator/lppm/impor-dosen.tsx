/**
 * Impor Dosen, /operator/lppm/impor-dosen: lecturers in bulk from CSV or XLSX, in the steps of
 * the products import (routes/operator/produk/produk-impor.tsx), without JavaScript as with it:
 * 1. 'Periksa' uploads the file: the server reads and checks it, keeps it aside under a random
 *    token for at most an hour and redirects to ?token=…, the dry run: the counts, then the rows
 *    to add, to change (each changed field old → new) and refused (row number and reasons).
 * 2. 'Terapkan' re-checks every row against the data of that moment and writes all of them in
 *    one transaction — or nothing, saying why. Each new account gets a one-time link to set its
 *    password, sent by e-mail and WhatsApp.
 * Below, the accounts still without a password: 'Tautan baru' makes a new link (the old one
 * dies), sends it, and shows it once to the operator to copy (for someone with neither e-mail
 * nor phone). The rules and the format: app/domain/lppm/dosen/format.ts.
 */
import { data, Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/impor-dosen";
import { PageHeader } from "~/components/operator/page-header";
import { AksiRencana, BarisRencana, RingkasanImpor, UnggahImpor } from "~/components/operator/rencana-impor";
import { Alert, inputClass } from "~/components/ui/field";
import { useReply } from "~/components/ui/use-reply";
import { bacaBerkas, type AturanBaca } from "~/domain/impor/baca.server";
import { BERKAS_BERLAKU_MS, type JenisImpor } from "~/domain/impor/berkas.server";
import {
  BERKAS_DOSEN_KOSONG,
  BIDANG_DOSEN_LABEL,
  BUKAN_CSV_DOSEN,
  KOLOM_DOSEN,
  KOLOM_WAJIB,
  MAX_BARIS_DOSEN,
  PERAN_IMPOR,
  PILIH_BERKAS_DOSEN,
  TANPA_BARIS_DOSEN,
  TERLALU_BANYAK_DOSEN,
} from "~/domain/lppm/dosen/format";
import { rencanaImporDosen, type RencanaDosen } from "~/domain/lppm/dosen/rencana.server";
import { pesanSelesaiDosen, terapkanImporDosen } from "~/domain/lppm/dosen/terapkan.server";
import { JABATAN_AKADEMIK } from "~/domain/users/roles";
import { daftarMenunggu, kirimTautan, masihMenunggu, siapkanTautan, tautanAturPassword } from "~/domain/users/undangan.server";
import { runAction } from "~/http/action.server";
import { aksiImpor, periksaImpor, type AlurImpor } from "~/http/impor-screen.server";
import { bodyLimit } from "~/http/body.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { ukuranMb } from "~/lib/util/upload-rules";
import { halamanRencana, DAFTAR_RENCANA_LABEL } from "~/lib/util/rencana-impor";
import { formatWibDate } from "~/lib/util/wib";

export const handle = { title: "Impor Dosen" };

const IMPOR_DOSEN: JenisImpor = { folder: "impor-dosen", ending: ".berkas" };
const ATURAN: AturanBaca = {
  maxBaris: MAX_BARIS_DOSEN,
  kosong: BERKAS_DOSEN_KOSONG,
  tanpaBaris: TANPA_BARIS_DOSEN,
  bukanCsv: BUKAN_CSV_DOSEN,
  terlaluBanyak: TERLALU_BANYAK_DOSEN,
  xlsx: true,
};
export const IMPOR_DOSEN_BATAL = "Impor dibatalkan.";
export const BUKAN_MENUNGGU = "Akun ini sudah punya password; tautan hanya untuk akun yang belum membuat password.";

const baca = (input: Blob | string) => bacaBerkas(input, ATURAN);

/** One page of one of the plan's lists, as the page shows it. */
function tampilan(rencana: RencanaDosen, params: URLSearchParams) {
  const counts = { ditambah: rencana.ditambah.length, diubah: rencana.diubah.length, ditolak: rencana.ditolak.length };
  const { daftar, halaman, halamanTotal, slice } = halamanRencana(counts, params);
  return {
    ringkasan: { total: rencana.total, ...counts, tidakBerubah: rencana.tidakBerubah },
    sidik: rencana.sidik,
    kolomTanpa: rencana.kolomTanpa,
    daftar,
    halaman,
    halamanTotal,
    ditambah: slice("ditambah", rencana.ditambah).map(({ baris, nidn, nama, prodi }) => ({ baris, nidn, nama, prodi })),
    diubah: slice("diubah", rencana.diubah).map((r) => ({
      baris: r.baris,
      nidn: r.nidn,
      nama: r.nama,
      perubahan: r.bidang.map((b) => ({ bidang: b, label: BIDANG_DOSEN_LABEL[b], lama: r.perubahan[b]?.lama ?? null, baru: r.perubahan[b]?.baru ?? null })),
    })),
    ditolak: slice("ditolak", rencana.ditolak),
  };
}

/** Where the links point: SITE_URL, else the address the operator uses. */
const originOf = (url: URL) => getEnv().SITE_URL ?? url.origin;

const ALUR: AlurImpor = {
  jenis: IMPOR_DOSEN,
  baca,
  periksa: rencanaImporDosen,
  terapkan: ({ db, form, url }, table) => {
    const hasil = terapkanImporDosen(db, table, { sidik: String(form.get("sidik") ?? ""), origin: originOf(url) });
    if (!hasil.ok) return hasil;
    // Sent after the commit, in the background: the page does not wait for the mail server.
    return { ok: true, pesan: pesanSelesaiDosen(hasil), to: url.pathname, setelah: () => void kirimTautan(db, hasil.tautan) };
  },
  pilihBerkas: PILIH_BERKAS_DOSEN,
  batal: IMPOR_DOSEN_BATAL,
};

export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const cari = url.searchParams.get("cari") ?? "";
  const base = {
    kolom: [...KOLOM_DOSEN],
    wajib: [...KOLOM_WAJIB],
    peran: [...PERAN_IMPOR],
    jabatan: [...JABATAN_AKADEMIK],
    batas: ukuranMb(bodyLimit("multipart", url.pathname)),
    berlakuJam: BERKAS_BERLAKU_MS / 3_600_000,
    cari,
    menunggu: daftarMenunggu(db, cari),
  };
  const { periksa, status } = await periksaImpor(db, url, ALUR, rencanaImporDosen, tampilan);
  return data({ ...base, periksa }, { status });
}

/**
 * The import's steps (app/http/impor-screen.server.ts): 'periksa' keeps the chosen file under a
 * token and shows its plan (?token=), 'terapkan' applies it (the links go out after the
 * commit), 'batal' drops it; 'tautan' makes a new link for one account still without a password
 * and answers it for the operator to copy.
 */
export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    {
      ...aksiImpor(ALUR),
      tautan: async ({ db, id, url, reply }) => {
        if (id === null || !masihMenunggu(db, id)) return reply(409, BUKAN_MENUNGGU);
        const [dibuat] = db.transaction((tx) => siapkanTautan(tx, [id], originOf(url)));
        void kirimTautan(db, dibuat ? [dibuat] : []);
        const terkirim = dibuat?.pesan.length ?? 0;
        const message = terkirim > 0 ? "Tautan baru dibuat dan dikirim; tautan lama tidak berlaku lagi." : "Tautan baru dibuat (akun ini tanpa e-mail/WhatsApp yang bisa dikirimi): salin dan berikan kepada pemiliknya. Tautan lama tidak berlaku lagi.";
        return reply(200, message, { tautan: dibuat ? tautanAturPassword(dibuat.token, originOf(url)) : "" });
      },
    },
    { upload: { field: "berkas", intent: "periksa" } },
  );

/** After 'Terapkan' is refused the plan is read again (the data may have changed it). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined ? true : defaultShouldRevalidate;
}

export default function ImporDosen({ loaderData, actionData }: Route.ComponentProps) {
  const { periksa, berlakuJam } = loaderData;
  const rencana = periksa?.rencana ?? null;
  const reply = useReply(actionData, { intent: ["periksa", "terapkan", "batal"], inline: true });
  const message = reply.message ?? periksa?.error ?? null;
  return (
    <div className="space-y-5">
      <PageHeader title="Impor Dosen (CSV/XLSX)" />
      {message ? <Alert>{message}</Alert> : null}
      {rencana && periksa?.token ? <RencanaView token={periksa.token} rencana={rencana} berlakuJam={berlakuJam} /> : null}
      {!rencana || rencana.ringkasan.ditolak > 0 ? <UnggahForm data={loaderData} ganti={rencana ? (periksa?.token ?? null) : null} /> : null}
      <Menunggu data={loaderData} actionData={actionData} />
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];

function UnggahForm({ data: d, ganti }: { data: Data; ganti: string | null }) {
  return (
    <UnggahImpor judul="Unggah berkas dosen" berkasLabel="Berkas CSV/XLSX" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" ganti={ganti}>
      <p>
        Unduh templat:{" "}
        <a href="/operator/lppm/impor-dosen/templat/xlsx" download className="font-semibold text-kayu-700 hover:underline">
          Templat XLSX
        </a>{" "}
        ·{" "}
        <a href="/operator/lppm/impor-dosen/templat/csv" download className="font-semibold text-kayu-700 hover:underline">
          Templat CSV
        </a>
        . Satu baris per dosen, baris pertama berisi judul kolom.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Kolom: <code>{d.kolom.join(", ")}</code>; wajib: <code>{d.wajib.join(", ")}</code>. Kolom lain boleh tidak ada (data tersimpan tidak diubah).
        </li>
        <li>Dosen dicocokkan hanya lewat NIDN/NUPTK: yang sudah ada diubah, yang belum ada ditambah (username = NIDN/NUPTK).</li>
        <li>Program studi ditulis dengan nama atau kodenya dan harus sudah ada.</li>
        <li>{`Jabatan akademik: ${d.jabatan.join(", ")}. Hak akses (dipisah koma): ${d.peran.join(", ")}; kosong = Pengusul untuk akun baru.`}</li>
        <li>Akun baru tidak diberi password: pemiliknya menerima tautan sekali pakai (e-mail/WhatsApp) untuk membuat password sendiri.</li>
        <li>{`Berkas .xlsx atau CSV UTF-8 (dipisah koma atau titik koma), ukuran maksimal ${d.batas}.`}</li>
      </ul>
    </UnggahImpor>
  );
}

type Tampilan = ReturnType<typeof tampilan>;
const KOSONG = "(kosong)";

function RencanaView({ token, rencana, berlakuJam }: { token: string; rencana: Tampilan; berlakuJam: number }) {
  const { ringkasan } = rencana;
  return (
    <section aria-labelledby="rencana-judul" className="space-y-4">
      <h2 id="rencana-judul" className="text-lg font-bold text-stone-900">
        Hasil pemeriksaan
      </h2>
      <RingkasanImpor token={token} ringkasan={ringkasan} daftar={rencana.daftar}>
        {rencana.kolomTanpa.length > 0 ? <p className="text-sm text-stone-600">{`Kolom yang tidak ada di berkas (data tersimpan tidak diubah): ${rencana.kolomTanpa.join(", ")}.`}</p> : null}
      </RingkasanImpor>
      <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
        <table className="data-table w-full min-w-[640px] border-collapse text-sm">
          <caption className="sr-only">{`Baris ${DAFTAR_RENCANA_LABEL[rencana.daftar].toLowerCase()}`}</caption>
          <thead className="bg-stone-50 text-left text-xs font-bold tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3">Baris</th>
              <th scope="col" className="px-3 py-3">Dosen</th>
              <th scope="col" className="px-3 py-3">{rencana.daftar === "ditolak" ? "Alasan" : rencana.daftar === "diubah" ? "Yang berubah" : "Program studi"}</th>
            </tr>
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
              <BarisRencana key={r.baris} baris={r.baris} nama={r.nama || "—"} sub={r.nidn ? <span className="block text-xs text-stone-500">{r.nidn}</span> : null}>
                <ul className="list-disc space-y-0.5 pl-4 text-red-700">
                  {r.alasan.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              </BarisRencana>
            ))}
            {rencana.diubah.map((r) => (
              <BarisRencana key={r.baris} baris={r.baris} nama={r.nama} sub={<span className="block text-xs text-stone-500">{r.nidn}</span>}>
                <dl className="space-y-0.5 text-xs text-stone-700" aria-label={`Perubahan baris ${r.baris}`}>
                  {r.perubahan.map((p) => (
                    <div key={p.bidang}>
                      <dt className="inline font-semibold">{`${p.label}: `}</dt>
                      <dd className="inline break-words">
                        <del className="text-red-700">{p.lama ?? KOSONG}</del>
                        {" → "}
                        <ins className="text-green-700 no-underline">{p.baru ?? KOSONG}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              </BarisRencana>
            ))}
            {rencana.ditambah.map((r) => (
              <BarisRencana key={r.baris} baris={r.baris} nama={r.nama} sub={<span className="block text-xs text-stone-500">{r.nidn}</span>}>
                {r.prodi}
              </BarisRencana>
            ))}
          </tbody>
        </table>
      </div>
      <AksiRencana token={token} sidik={rencana.sidik} ringkasan={ringkasan} halaman={rencana} berlakuJam={berlakuJam} />
    </section>
  );
}

/** The accounts still without a password, with 'Tautan baru' each; the new link shows once, to copy. */
function Menunggu({ data: d, actionData }: { data: Data; actionData: unknown }) {
  const reply = useReply<{ tautan?: string }>(actionData, { intent: "tautan", inline: true });
  const tautan = reply.reply?.tautan ?? "";
  const { menunggu } = d;
  return (
    <section aria-labelledby="menunggu-judul" className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="menunggu-judul" className="text-lg font-bold text-stone-900">
        {`Akun belum membuat password (${menunggu.total.toLocaleString("id-ID")})`}
      </h2>
      {reply.message ? <Alert kind={tautan ? "success" : "error"}>{reply.message}</Alert> : null}
      {tautan ? (
        <label className="block space-y-1 text-sm font-semibold text-stone-700">
          <span className="block">Tautan buat password (sekali pakai)</span>
          <input readOnly value={tautan} className={inputClass} onFocus={(e) => e.currentTarget.select()} data-testid="tautan-baru" />
        </label>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="space-y-1 text-sm font-semibold text-stone-700">
          <span className="block">Cari (nama, NIDN, e-mail, no HP)</span>
          <input type="search" name="cari" defaultValue={d.cari} className={inputClass} />
        </label>
        <button type="submit" className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
          Cari
        </button>
      </Form>
      {menunggu.rows.length === 0 ? (
        <p className="text-sm text-stone-500">Tidak ada akun yang menunggu.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="data-table w-full min-w-[640px] border-collapse text-sm">
            <caption className="sr-only">Akun belum membuat password</caption>
            <thead className="bg-stone-50 text-left text-xs font-bold tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">Dosen</th>
                <th scope="col" className="px-3 py-3">Kontak</th>
                <th scope="col" className="px-3 py-3">Tautan</th>
                <th scope="col" className="px-3 py-3"><span className="sr-only">Aksi</span></th>
              </tr>
            </thead>
            <tbody>
              {menunggu.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <span className="font-semibold text-stone-900">{row.nama}</span>
                    <span className="block text-xs text-stone-500">{row.nidn ?? "—"}</span>
                  </td>
                  <td className="text-xs">{[row.email, row.no_hp].filter(Boolean).join(" · ") || "Tanpa e-mail dan no HP"}</td>
                  <td className="text-xs">{row.kedaluwarsa ? "Kedaluwarsa" : `Berlaku sampai ${row.berlakuSampai ? formatWibDate(row.berlakuSampai) : "—"}`}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="tautan" />
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" className="text-sm font-semibold text-kayu-700 hover:underline" aria-label={`Tautan baru untuk ${row.nama}`}>
                        Tautan baru
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {menunggu.total > menunggu.rows.length ? <p className="mt-2 text-xs text-stone-500">{`Menampilkan ${menunggu.rows.length} akun terbaru; cari untuk menemukan yang lain.`}</p> : null}
        </div>
      )}
      <p>
        <Link to="/operator/master/user" className="text-sm font-semibold text-kayu-700 hover:underline">
          Manajemen Pengguna →
        </Link>
      </p>
    </section>
  );
}

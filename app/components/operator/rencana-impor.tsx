/**
 * The parts an import's dry run shows the same way on every import page (the products', the
 * lecturers'): the counts, the tabs of its lists, the pager, and 'Terapkan' / 'Batal' with the
 * kept file's token.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { DAFTAR_RENCANA, DAFTAR_RENCANA_LABEL, type DaftarRencana } from "~/lib/util/rencana-impor";

export type RingkasanRencana = { total: number; tidakBerubah: number } & Record<DaftarRencana, number>;
export type HalamanRencana = { daftar: DaftarRencana; halaman: number; halamanTotal: number };

export const hrefRencana = (token: string, daftar: DaftarRencana, halaman = 1) => `?token=${token}&daftar=${daftar}${halaman > 1 ? `&halaman=${halaman}` : ""}`;

/** The counts, what the plan allows (a refused row stops it; nothing to do), and the tabs of the lists. */
export function RingkasanImpor({ token, ringkasan, daftar, children }: { token: string; ringkasan: RingkasanRencana; daftar: DaftarRencana; children?: ReactNode }) {
  const berubah = ringkasan.ditambah + ringkasan.diubah;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Ringkasan">
        {(
          [
            ["Total baris", ringkasan.total],
            ["Ditambah", ringkasan.ditambah],
            ["Diubah", ringkasan.diubah],
            ["Tidak berubah", ringkasan.tidakBerubah],
            ["Ditolak", ringkasan.ditolak],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className={`rounded-xl border bg-white p-3 shadow-sm ${label === "Ditolak" && n > 0 ? "border-red-300" : "border-stone-200"}`}>
            <dt className="text-xs font-semibold text-stone-500 uppercase">{label}</dt>
            <dd className="text-2xl font-bold text-stone-900" data-testid={`jumlah-${label.toLowerCase().replace(" ", "-")}`}>
              {n.toLocaleString("id-ID")}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      {ringkasan.ditolak > 0 ? (
        <Alert>{`${ringkasan.ditolak.toLocaleString("id-ID")} baris ditolak. Perbaiki berkasnya lalu unggah lagi: impor hanya diterapkan bila tidak ada baris yang ditolak.`}</Alert>
      ) : berubah === 0 ? (
        <Alert kind="success">Semua baris sama dengan data tersimpan: tidak ada yang perlu diterapkan.</Alert>
      ) : null}
      <nav aria-label="Daftar baris" className="flex flex-wrap gap-2">
        {DAFTAR_RENCANA.map((d) => (
          <Link
            key={d}
            to={hrefRencana(token, d)}
            preventScrollReset
            aria-current={daftar === d ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-semibold ${daftar === d ? "bg-kayu-700 text-white" : "bg-stone-100 text-stone-700 hover:bg-stone-200"}`}
          >
            {DAFTAR_RENCANA_LABEL[d]} ({ringkasan[d].toLocaleString("id-ID")})
          </Link>
        ))}
      </nav>
    </>
  );
}

/** The pager of the list shown, then 'Terapkan' (only for a plan without refusals that changes something) and 'Batal'. */
export function AksiRencana({ token, sidik, ringkasan, halaman, berlakuJam }: { token: string; sidik: string; ringkasan: RingkasanRencana; halaman: HalamanRencana; berlakuJam: number }) {
  const terapkan = useSubmitting("terapkan");
  const berubah = ringkasan.ditambah + ringkasan.diubah;
  return (
    <>
      {halaman.halamanTotal > 1 ? (
        <nav aria-label="Halaman daftar" className="flex items-center gap-3 text-sm">
          {halaman.halaman > 1 ? (
            <Link to={hrefRencana(token, halaman.daftar, halaman.halaman - 1)} preventScrollReset className="font-semibold text-kayu-700 hover:underline">
              ← Sebelumnya
            </Link>
          ) : null}
          <span>{`Halaman ${halaman.halaman} dari ${halaman.halamanTotal}`}</span>
          {halaman.halaman < halaman.halamanTotal ? (
            <Link to={hrefRencana(token, halaman.daftar, halaman.halaman + 1)} preventScrollReset className="font-semibold text-kayu-700 hover:underline">
              Berikutnya →
            </Link>
          ) : null}
        </nav>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {ringkasan.ditolak === 0 && berubah > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="terapkan" />
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="sidik" value={sidik} />
            <SubmitButton busy={terapkan}>Terapkan</SubmitButton>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="batal" />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="rounded-lg border border-stone-300 bg-white px-5 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
            Batal
          </button>
        </Form>
        <p className="text-xs text-stone-500">{`Berkas disimpan sementara, paling lama ${berlakuJam} jam.`}</p>
      </div>
    </>
  );
}

/** A row of a plan's table: the file's row number, the record (its name, a small line under it), then `children`. */
export function BarisRencana({ baris, nama, sub, children }: { baris: number; nama: string; sub: ReactNode; children: ReactNode }) {
  return (
    <tr>
      <td>{baris}</td>
      <td>
        <span className="font-semibold text-stone-900">{nama}</span>
        {sub}
      </td>
      <td>{children}</td>
    </tr>
  );
}

/**
 * The upload step of an import page: its rules (`children`), then the file and 'Periksa'. `ganti`
 * is the token of a refused plan whose file a fixed one replaces.
 */
export function UnggahImpor({ judul, berkasLabel, accept, ganti, children }: { judul: string; berkasLabel: string; accept: string; ganti: string | null; children: ReactNode }) {
  const busy = useSubmitting("periksa");
  return (
    <section aria-labelledby="unggah-judul" className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="unggah-judul" className="text-lg font-bold text-stone-900">
        {ganti ? "Unggah berkas yang sudah diperbaiki" : judul}
      </h2>
      <div className="space-y-2 text-sm text-stone-700">{children}</div>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="periksa" />
        {ganti ? <input type="hidden" name="token" value={ganti} /> : null}
        <label className="space-y-1 text-sm font-semibold text-stone-700">
          <span className="block">{berkasLabel}</span>
          <input type="file" name="berkas" accept={accept} required className="block text-sm font-normal" />
        </label>
        <SubmitButton busy={busy}>Periksa</SubmitButton>
      </Form>
      <p className="text-xs text-stone-500">Memeriksa belum menyimpan apa pun: hasilnya ditampilkan dulu sebelum diterapkan.</p>
    </section>
  );
}

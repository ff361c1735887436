/**
 * The Cadangan page's parts (app/routes/operator/master/cadangan.tsx): the daily backup's
 * schedule, the restore's question and the page shown while the shop restarts, and the
 * confirmation of removing the demo shop.
 */
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { getFormProps } from "@conform-to/react";
import { PageHeader } from "~/components/operator/page-header";
import { UrlDialog, useCloseHref } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/field";
import { InputField, SelectField } from "~/components/ui/form-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { useReply } from "~/components/ui/use-reply";
import { useZodForm } from "~/components/ui/use-zod-form";
import { jadwalCadanganSchema } from "~/domain/setting/setting.schema";
import type { RingkasanDemo } from "~/domain/demo/demo.server";
import { useSubmitting } from "~/lib/hooks/use-submitting";

/** 2 → "02.00" (the hour of the daily backup, WIB). */
export const jamTeks = (jam: number) => `${String(jam).padStart(2, "0")}.00`;
const JAM_PILIHAN = Array.from({ length: 24 }, (_, jam) => ({ value: String(jam), label: `${jamTeks(jam)} WIB` }));

/** The daily backup as the page shows it: its hour, how many it keeps, the next and the last one (WIB). */
export type JadwalOtomatisData = {
  jam: number;
  simpan: number;
  berikutnya: string;
  terlewat: boolean;
  terakhir: { waktu: string; ok: boolean; nama: string | null; alasan: string | null } | null;
};

/** The restore dialog's content: what the backup holds and what it replaces, or why it cannot be restored. */
export type PulihkanData =
  | {
      nama: string;
      ok: true;
      ringkasan: string;
      isi: string;
      diganti: { database: string; gambar: string; dokumen: string };
      aside: string;
      tanpaPengawas: string | null;
    }
  | { nama: string; ok: false; pesan: string };

/** A restore asked for: the serving process that will stop, and the page that shows the outcome. */
export type Pemulihan = { id: string; nama: string; pid: number; tujuan: string };

export function JadwalOtomatis({ otomatis, actionData }: { otomatis: JadwalOtomatisData; actionData: unknown }) {
  const [form, fields] = useZodForm(jadwalCadanganSchema, {
    // A new form after each save, so the form shows the stored values.
    id: `jadwal-${otomatis.jam}-${otomatis.simpan}`,
    reply: (actionData as { intent?: string } | undefined)?.intent === "jadwal" ? (actionData as never) : undefined,
    defaultValue: { cadangan_jam: String(otomatis.jam), cadangan_simpan: String(otomatis.simpan) },
  });
  const busy = useSubmitting("jadwal");
  const { terakhir } = otomatis;
  return (
    <section aria-labelledby="cadangan-otomatis" className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="cadangan-otomatis" className="text-base font-bold text-stone-900">
        Cadangan otomatis
      </h2>
      <p className="text-sm text-stone-600">
        {`Toko membuat cadangan sendiri setiap hari pukul ${jamTeks(otomatis.jam)} WIB dan menyimpan ${otomatis.simpan} cadangan otomatis terakhir; yang lebih lama dihapus. Cadangan yang dibuat dengan tombol di atas atau npm run backup tidak ikut dihapus.`}
      </p>
      <p className="text-sm font-medium text-stone-800">
        {otomatis.terlewat
          ? `Cadangan otomatis berikutnya: sebentar lagi, sekitar ${otomatis.berikutnya} (jadwal ${jamTeks(otomatis.jam)} WIB terlewat saat toko tidak berjalan).`
          : `Cadangan otomatis berikutnya: ${otomatis.berikutnya}.`}
      </p>
      {terakhir && !terakhir.ok ? (
        <Alert>{`Cadangan otomatis terakhir gagal (${terakhir.waktu}): ${terakhir.alasan ?? "sebabnya tidak tercatat."} Perbaiki sebabnya, lalu buat cadangan sekarang dengan tombol di atas.`}</Alert>
      ) : terakhir ? (
        <p className="text-sm text-stone-600">{`Cadangan otomatis terakhir: ${terakhir.nama ?? "-"} (${terakhir.waktu}).`}</p>
      ) : (
        <p className="text-sm text-stone-600">Belum ada cadangan otomatis.</p>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="jadwal" />
        <div className="w-44">
          <SelectField field={fields.cadangan_jam} label="Jam cadangan" options={JAM_PILIHAN} />
        </div>
        <div className="w-44">
          <InputField field={fields.cadangan_simpan} label="Jumlah disimpan" type="number" min={1} max={365} inputMode="numeric" />
        </div>
        <SubmitButton busy={busy}>Simpan jadwal</SubmitButton>
      </Form>
    </section>
  );
}

/**
 * The restore's question. Its form posts to the page without the dialog as a whole document
 * (also with JavaScript): the shop stops right after the answer, so nothing may be fetched after it.
 */
export function PulihkanDialog({ pulihkan }: { pulihkan: PulihkanData }) {
  const closeTo = useCloseHref();
  return (
    <UrlDialog title="Pulihkan cadangan?" closeTo={closeTo} size="lg">
      <div className="space-y-3 text-sm text-stone-700">
        <p className="rounded-lg bg-stone-50 px-3 py-2 font-mono text-xs break-all text-stone-800">{pulihkan.nama}</p>
        {pulihkan.ok ? (
          <>
            <p className="font-medium text-stone-900">{pulihkan.ringkasan}</p>
            <p>{`Isi: ${pulihkan.isi}.`}</p>
            <div>
              <p className="font-medium text-stone-900">Yang akan diganti dengan isi cadangan ini:</p>
              <ul className="mt-1 space-y-0.5 font-mono text-xs break-all">
                <li>{`database  ${pulihkan.diganti.database}`}</li>
                <li>{`gambar    ${pulihkan.diganti.gambar}`}</li>
                <li>{`dokumen   ${pulihkan.diganti.dokumen}`}</li>
              </ul>
            </div>
            <p>
              {`Data yang sekarang dipindahkan dulu ke ${pulihkan.aside} (bisa dipulihkan kembali). Perubahan sesudah cadangan ini dibuat tidak ada lagi di toko. Toko berhenti beberapa detik selama pemulihan, lalu berjalan lagi; bila sesi Anda belum ada di cadangan ini, Anda diminta masuk lagi.`}
            </p>
            {pulihkan.tanpaPengawas ? <Alert>{pulihkan.tanpaPengawas}</Alert> : null}
          </>
        ) : (
          <Alert>{pulihkan.pesan}</Alert>
        )}
        <Form method="post" action={closeTo} reloadDocument className="flex justify-center gap-3 pt-2">
          <input type="hidden" name="intent" value="pulihkan" />
          <input type="hidden" name="nama" value={pulihkan.nama} />
          {pulihkan.ok && !pulihkan.tanpaPengawas ? (
            <SubmitButton busy={false} className="rounded-lg bg-[#e8572a] px-6 py-2 font-bold text-white shadow hover:bg-[#cf4519] disabled:opacity-70">
              Ya, pulihkan
            </SubmitButton>
          ) : null}
          <Link to={closeTo} replace preventScrollReset className="rounded-lg bg-[#1e3a5f] px-6 py-2 font-bold text-white shadow hover:bg-[#152a45]">
            Batal
          </Link>
        </Form>
      </div>
    </UrlDialog>
  );
}

/**
 * The page after 'Ya, pulihkan': the shop is stopping. With JavaScript it asks /healthz every
 * second and opens the outcome once a new serving process answers, however long that takes.
 * Without, the page refreshes itself to the outcome after REFRESH_SECONDS (a <meta> inside
 * <noscript>, so it never cuts the polling short); the shop is back sooner unless the machine
 * is very busy, and the text says to reload otherwise.
 */
const REFRESH_SECONDS = 15;

export function Memulihkan({ pemulihan }: { pemulihan: Pemulihan }) {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const look = async () => {
      try {
        const response = await fetch("/healthz", { cache: "no-store" });
        const health = (await response.json()) as { ok?: boolean; pid?: number };
        if (health.ok && health.pid !== pemulihan.pid) {
          window.location.assign(pemulihan.tujuan);
          return;
        }
      } catch {
        // The shop is stopped for the restore: ask again.
      }
      if (!stopped) timer = setTimeout(() => void look(), 1000);
    };
    timer = setTimeout(() => void look(), 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pemulihan]);
  return (
    <div className="space-y-5">
      <noscript>
        <meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=${pemulihan.tujuan}`} />
      </noscript>
      <PageHeader title="Cadangan" />
      <section role="status" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950 shadow-sm sm:p-6">
        <h2 className="text-lg font-bold">Toko sedang dijalankan ulang</h2>
        <p>{`Memulihkan cadangan ${pemulihan.nama}: toko dihentikan, datanya diganti dengan isi cadangan, lalu dijalankan lagi. Biasanya selesai dalam beberapa detik.`}</p>
        <p>Halaman ini terbuka lagi dengan sendirinya dan menampilkan hasilnya. Bila belum terbuka setelah setengah menit, muat ulang halaman ini.</p>
        <p>
          <a href={pemulihan.tujuan} className="font-semibold underline">
            Buka halaman Cadangan
          </a>
        </p>
      </section>
    </div>
  );
}

/** The confirmation of removing the demo (`?hapus-demo=1`): what goes, what stays, a backup first. */
export function HapusDemoDialog({ demo, closeTo, reply }: { demo: RingkasanDemo; closeTo: string; reply: unknown }) {
  const { message: refused, busy } = useReply(reply, { intent: "hapus-demo" });
  return (
    <UrlDialog title="Hapus data demo" closeTo={closeTo} busy={busy}>
      {demo.hapus.length === 0 ? (
        <div className="space-y-4 text-sm text-stone-700">
          <p className="text-base font-semibold text-stone-900">Tidak ada data demo untuk dihapus.</p>
          <Link to={closeTo} replace preventScrollReset className="inline-block rounded-lg bg-[#1e3a5f] px-6 py-2 font-bold text-white shadow hover:bg-[#152a45]">
            Tutup
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-4 text-sm text-stone-700">
          <input type="hidden" name="intent" value="hapus-demo" />
          <p className="text-base font-semibold text-stone-900">Menghapus data demo dari toko ini?</p>
          <div>
            <p className="font-semibold text-stone-900">Yang dihapus, beserta gambar dan dokumennya:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {demo.hapus.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <p>
            Usulan dan klaim insentif demo ikut dihapus, juga yang sudah diproses, dan akun demo LPPM kecuali yang masih
            dipakai data Anda. Produk, kategori, kantor cabang dan data master demo yang sudah Anda ubah tidak dihapus.
          </p>
          {demo.dibiarkan.length ? (
            <div>
              <p className="font-semibold text-stone-900">Tetap disimpan karena sudah Anda ubah atau masih dipakai data Anda:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {demo.dibiarkan.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>Akun operator, Setting toko, rubrik penilaian LPPM dan semua yang Anda tambahkan sendiri tidak diubah.</p>
          <p className="rounded-lg bg-stone-50 px-3 py-2">
            Sebelum menghapus, cadangan seluruh data dibuat otomatis (&quot;Sebelum data demo dihapus&quot; di daftar cadangan);
            dengan <strong>Pulihkan</strong> pada cadangan itu (atau <code>npm run restore</code>) toko bisa dikembalikan ke keadaan sekarang.
          </p>
          {refused ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-700">
              {refused}
            </p>
          ) : null}
          <div className="flex justify-center gap-3 pt-2">
            <SubmitButton busy={busy} busyLabel="Menghapus..." className="rounded-lg bg-[#e8572a] px-6 py-2 font-bold text-white shadow hover:bg-[#cf4519] disabled:opacity-70">
              Hapus data demo
            </SubmitButton>
            <Link to={closeTo} replace preventScrollReset className="rounded-lg bg-[#1e3a5f] px-6 py-2 font-bold text-white shadow hover:bg-[#152a45]">
              Batal
            </Link>
          </div>
        </Form>
      )}
    </UrlDialog>
  );
}

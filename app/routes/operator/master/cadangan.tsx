/**
 * Cadangan: make a backup of the shop now (database, images, documents),
 * list the backups in BACKUPS_DIR with their date and size, and download one as a .tar.gz.
 * Restoring replaces everything, so it stays a step on the server (`npm run restore`), which
 * the page explains. The work is app/lib/server/backup/, shared with the CLI.
 *
 * While the demo shop is still there, the page also offers to remove it (`?hapus-demo=1`: what
 * goes and what stays, then intent `hapus-demo`), backup first: app/domain/demo/, shared with
 * `npm run demo:hapus`.
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/cadangan";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { Alert } from "~/components/ui/field";
import { useReply } from "~/components/ui/use-reply";
import { paged } from "~/lib/server/paging.server";
import { runAction } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { readTableState } from "~/http/table-state.server";
import { backupFailure, backupInProgress, createBackupNow } from "~/lib/server/backup/create.server";
import { appDataPaths, BackupRefusal, backupsDirOf, shownPath } from "~/lib/server/backup/files.server";
import { listBackups } from "~/lib/server/backup/list.server";
import { getDb } from "~/lib/server/db.server";
import { documentsDir } from "~/lib/server/documents.server";
import { getEnv } from "~/lib/server/env.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { hapusDataDemo, rencanaHapusDemo, ringkasanDemo, type RingkasanDemo } from "~/domain/demo/demo.server";
import { HAPUS_DEMO_PARAM } from "~/lib/util/modal-params";

export const handle = { title: "Cadangan" };

const WAKTU = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Jakarta" });
const ANGKA = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 });

/** 1,6 MB; 820 KB; 2,3 GB. */
function ukuranTeks(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${ANGKA.format(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${ANGKA.format(bytes / 1024 ** 2)} MB`;
  return `${ANGKA.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

const ASAL: Record<string, string> = {
  halaman: "Dibuat di halaman ini",
  cli: "npm run backup",
  "sebelum-pulihkan": "Data sebelum pemulihan",
  "sebelum-hapus-demo": "Sebelum data demo dihapus",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const dir = backupsDirOf(getEnv().BACKUPS_DIR);
  const { state, headers } = await readTableState(request, "cadangan");
  const all = await listBackups(dir);
  const q = state.q.toLowerCase();
  const found = q ? all.filter((b) => b.nama.toLowerCase().includes(q)) : all;
  const page = paged(state, () => found.length, (limit, offset) => found.slice(offset, offset + limit));
  const rows = page.rows.map((b) => ({
    nama: b.nama,
    tanggal: WAKTU.format(new Date(b.dibuat)),
    ukuran: ukuranTeks(b.ukuran),
    berkas: b.berkas,
    asal: (b.asal && ASAL[b.asal]) ?? "-",
  }));
  return data(
    {
      list: { ...page, rows },
      folder: shownPath(dir),
      terbaru: all[0] ? `${shownPath(dir)}/${all[0].nama}` : null,
      sedangDibuat: backupInProgress(),
      demo: ringkasanDemo(rencanaHapusDemo(getDb())),
      hapusDemo: new URL(request.url).searchParams.has(HAPUS_DEMO_PARAM),
    },
    { headers },
  );
}

export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    buat: async ({ reply, done }) => {
      let result;
      try {
        result = await createBackupNow({ paths: appDataPaths(getEnv(), documentsDir()), backupsDir: backupsDirOf(getEnv().BACKUPS_DIR), source: getDb().$client });
      } catch (error) {
        if (error instanceof BackupRefusal) return reply(409, error.message);
        console.error("[etalase] cadangan gagal dibuat:", error);
        return reply(500, backupFailure(error, backupsDirOf(getEnv().BACKUPS_DIR)));
      }
      if (result.hilang.length) {
        return done(
          `Cadangan ${result.nama} dibuat, tetapi ${result.hilang.length} gambar/dokumen yang disebut database tidak ada di folder toko; cadangan ini akan ditolak saat dipulihkan.`,
          { kind: "error" },
        );
      }
      return done(`Cadangan ${result.nama} berhasil dibuat (${ukuranTeks(result.ukuran)}).`);
    },
    "hapus-demo": async ({ refuse, done }) => {
      const env = getEnv();
      const result = await hapusDataDemo(getDb(), { paths: appDataPaths(env, documentsDir()), backupsDir: backupsDirOf(env.BACKUPS_DIR) });
      if (!result.ok) return refuse(result);
      return done(`Data demo dihapus: ${result.ringkasan}. Cadangan sebelumnya: ${result.cadangan}.`);
    },
  });

type Row = Awaited<ReturnType<typeof loader>>["data"]["list"]["rows"][number];

export const unduhHref = (nama: string) => `/operator/master/cadangan/${encodeURIComponent(nama)}/unduh`;

const col = columnHelper<Row>();
const columns = [
  col.accessor("nama", { header: "Nama", cell: (info) => <span className="font-mono text-xs break-all">{info.getValue()}</span> }),
  col.accessor("tanggal", { header: "Tanggal", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("ukuran", { header: "Ukuran", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("berkas", { header: "Berkas", cell: (info) => <span className="block text-center">{info.getValue()}</span> }),
  col.accessor("asal", { header: "Keterangan" }),
];

export default function Cadangan({ loaderData, actionData }: Route.ComponentProps) {
  const { list, folder, terbaru, sedangDibuat, demo, hapusDemo } = loaderData;
  const { message: refused, busy } = useReply(actionData, { intent: "buat" });
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div className="space-y-5">
      <PageHeader title="Cadangan" />
      {hapusDemo ? <HapusDemoDialog demo={demo} closeTo={closeTo} reply={actionData} /> : null}
      <section className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="text-sm text-stone-600">
          Satu cadangan berisi database, gambar, dan dokumen toko, disimpan di server dalam folder{" "}
          <code className="rounded bg-stone-100 px-1">{folder}</code>. Unduh arsipnya dan simpan juga di tempat lain
          (flashdisk, penyimpanan awan): cadangan yang hanya ada di server ikut hilang bila servernya rusak.
        </p>
        {refused ? <Alert>{refused}</Alert> : null}
        {sedangDibuat ? (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {`Cadangan ${sedangDibuat} sedang dibuat. Muat ulang halaman ini sebentar lagi.`}
          </p>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="buat" />
          <SubmitButton busy={busy} busyLabel="Membuat cadangan...">
            Buat cadangan sekarang
          </SubmitButton>
        </Form>
      </section>
      {demo.hapus.length ? (
        <section aria-labelledby="data-demo" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 shadow-sm sm:p-6">
          <h2 id="data-demo" className="text-base font-bold text-stone-900">
            Data demo
          </h2>
          <p className="text-sm text-stone-700">
            Toko ini masih berisi data contoh dari pemasangan ({demo.hapus.join(", ")}). Hapus sebelum toko dibuka untuk
            umum; yang Anda tambahkan atau ubah sendiri tidak ikut terhapus.
          </p>
          <Link
            to={paramHref(HAPUS_DEMO_PARAM, 1)}
            preventScrollReset
            className="inline-block rounded-lg bg-[#e8572a] px-5 py-2 text-sm font-bold text-white shadow hover:bg-[#cf4519]"
          >
            Hapus data demo
          </Link>
        </section>
      ) : null}
      <DataTable
        caption="Daftar cadangan"
        columns={columns}
        list={list}
        rowKey={(row) => row.nama}
        action={(row) => (
          <a
            href={unduhHref(row.nama)}
            download
            aria-label={`Unduh cadangan ${row.nama}`}
            className="font-semibold whitespace-nowrap text-kayu-700 underline"
          >
            Unduh
          </a>
        )}
      />
      <section className="space-y-2 rounded-2xl border border-stone-200 bg-white p-5 text-sm text-stone-700 shadow-sm sm:p-6">
        <h2 className="text-base font-bold text-stone-900">Memulihkan cadangan</h2>
        <p>
          Memulihkan mengganti seluruh data toko dengan isi cadangan, jadi tidak dilakukan dari halaman ini, melainkan di
          server:
        </p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>Hentikan server toko.</li>
          <li>
            Di folder toko, jalankan{" "}
            <code className="rounded bg-stone-100 px-1">npm run restore -- {terbaru ?? `${folder}/<nama-cadangan>`}</code>{" "}
            (ganti dengan folder cadangan yang dipilih; arsip unduhan dibuka dulu dengan{" "}
            <code className="rounded bg-stone-100 px-1">tar -xzf</code>).
          </li>
          <li>Jawab pertanyaannya dengan &quot;ya&quot;, lalu jalankan server lagi.</li>
        </ol>
        <p>
          Cadangan diperiksa dulu (database utuh, semua gambar dan dokumen ada). Data yang sekarang tidak dibuang: disimpan
          sebagai cadangan &quot;Data sebelum pemulihan&quot; di daftar ini.
        </p>
      </section>
    </div>
  );
}

/** The confirmation of removing the demo (`?hapus-demo=1`): what goes, what stays, a backup first. */
function HapusDemoDialog({ demo, closeTo, reply }: { demo: RingkasanDemo; closeTo: string; reply: unknown }) {
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
            dengan <code>npm run restore</code> toko bisa dikembalikan ke keadaan sekarang.
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

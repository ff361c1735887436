/**
 * Cadangan: make a backup of the shop now (database, images, documents), the daily automatic
 * backup's hour and how many it keeps (with when the next one is made, and a warning when the
 * last one failed), the list of BACKUPS_DIR with date and size, a download as .tar.gz, and a
 * restore ('Pulihkan', ?pulihkan=<nama>): the dialog shows what `npm run restore` shows before
 * it asks, and the post asks the supervisor of `npm start` to stop the shop, restore and start
 * it again (app/lib/server/backup/pulihkan.server.ts), while the page says the shop restarts.
 * The work is app/lib/server/backup/, shared with the CLI and the supervisor.
 *
 * While the demo shop is still there, the page also offers to remove it (`?hapus-demo=1`: what
 * goes and what stays, then intent `hapus-demo`), backup first: app/domain/demo/, shared with
 * `npm run demo:hapus`.
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/cadangan";
import { HapusDemoDialog, jamTeks, JadwalOtomatis, Memulihkan, type Pemulihan, PulihkanDialog, type PulihkanData } from "~/components/operator/cadangan";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useReply } from "~/components/ui/use-reply";
import { jadwalCadanganSchema } from "~/domain/setting/setting.schema";
import { getSetting, updateJadwalCadangan } from "~/domain/setting/setting.server";
import { runAction } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { readTableState } from "~/http/table-state.server";
import { backupFailure, backupInProgress, createBackupNow, incompleteMessage } from "~/lib/server/backup/create.server";
import { appDataPaths, BackupRefusal, backupsDirOf, shownPath } from "~/lib/server/backup/files.server";
import { listBackups } from "~/lib/server/backup/list.server";
import { nextAutomatic, readStatus, statusFileOf } from "~/lib/server/backup/otomatis.server";
import {
  BACKUP_NOT_FOUND,
  checkBackup,
  NEEDS_SUPERVISOR,
  readRestoreOutcome,
  requestRestore,
  RESTORE_RUNNING,
  restoreRequested,
  supervised,
} from "~/lib/server/backup/pulihkan.server";
import { getDb, migrationsFolder } from "~/lib/server/db.server";
import { documentsDir } from "~/lib/server/documents.server";
import { getEnv } from "~/lib/server/env.server";
import { paged } from "~/lib/server/paging.server";
import { formatWib } from "~/lib/util/wib";
import { hapusDataDemo, rencanaHapusDemo, ringkasanDemo } from "~/domain/demo/demo.server";
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
  otomatis: "Cadangan otomatis harian",
  cli: "npm run backup",
  "sebelum-pulihkan": "Data sebelum pemulihan",
  "sebelum-hapus-demo": "Sebelum data demo dihapus",
};

/** The query parameter that shows how the restore the user asked for ended (after the restart). */
const HASIL_PARAM = "pemulihan";
const PAGE = "/operator/master/cadangan";

const backupsDir = () => backupsDirOf(getEnv().BACKUPS_DIR);
const dataPaths = () => appDataPaths(getEnv(), documentsDir());

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const dir = backupsDir();
  const url = new URL(request.url);
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

  const paths = dataPaths();
  const setting = getSetting(getDb());
  const status = readStatus(statusFileOf(paths.dbFile));
  const berikutnya = nextAutomatic(new Date(), setting.cadangan_jam, status);
  const terakhir = status.terakhir;
  const otomatis = {
    jam: setting.cadangan_jam,
    simpan: setting.cadangan_simpan,
    berikutnya: formatWib(berikutnya.waktu),
    terlewat: berikutnya.terlewat,
    terakhir: terakhir
      ? { waktu: formatWib(new Date(terakhir.mulai)), ok: terakhir.ok, nama: terakhir.nama ?? null, alasan: terakhir.alasan ?? null }
      : null,
  };

  return data(
    {
      list: { ...page, rows },
      folder: shownPath(dir),
      terbaru: all[0] ? `${shownPath(dir)}/${all[0].nama}` : null,
      sedangDibuat: backupInProgress(),
      otomatis,
      pulihkan: await restoreDialog(url.searchParams.get("pulihkan"), dir),
      hasil: restoreOutcome(url.searchParams.get(HASIL_PARAM), paths.dbFile),
      demo: ringkasanDemo(rencanaHapusDemo(getDb())),
      hapusDemo: url.searchParams.has(HAPUS_DEMO_PARAM),
    },
    { headers },
  );
}

/** The restore dialog's content: what the backup holds and what it replaces, or why it cannot be restored. */
async function restoreDialog(nama: string | null, dir: string): Promise<PulihkanData | null> {
  if (nama === null) return null;
  const paths = dataPaths();
  const diganti = { database: paths.dbFile, gambar: paths.uploadsDir, dokumen: paths.documentsDir };
  try {
    const check = await checkBackup({ backupsDir: dir, nama, paths, migrationsFolder: migrationsFolder() });
    return {
      nama,
      ok: true as const,
      ringkasan: `Cadangan baik: ${check.nama}${check.dibuat ? `, dibuat ${formatWib(new Date(check.dibuat))}` : ""} (${check.berkas} berkas, ${ukuranTeks(check.ukuran)}).`,
      isi: check.isi,
      diganti,
      aside: `${shownPath(dir)}/sebelum-pulihkan-<waktu>`,
      // Without the supervisor the page cannot restore: it says what to do instead.
      tanpaPengawas: supervised() ? null : NEEDS_SUPERVISOR,
    };
  } catch (error) {
    if (!(error instanceof BackupRefusal)) throw error;
    return { nama, ok: false as const, pesan: error.message === BACKUP_NOT_FOUND ? error.message : `Pemulihan ditolak: ${error.message}` };
  }
}

/** How the restore this user asked for ended, read after the restart (the id is in the URL). */
function restoreOutcome(id: string | null, dbFile: string) {
  if (!id) return null;
  const outcome = readRestoreOutcome(dbFile);
  if (!outcome || outcome.id !== id) return null;
  return { ok: outcome.ok, pesan: outcome.pesan, aside: outcome.aside ?? null, selesai: formatWib(new Date(outcome.selesai)) };
}

export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    buat: async ({ reply, done }) => {
      let result;
      try {
        result = await createBackupNow({ paths: dataPaths(), backupsDir: backupsDir(), source: getDb().$client });
      } catch (error) {
        if (error instanceof BackupRefusal) return reply(409, error.message);
        console.error("[etalase] cadangan gagal dibuat:", error);
        return reply(500, backupFailure(error, backupsDir()));
      }
      if (result.hilang.length) return done(incompleteMessage(result), { kind: "error" });
      return done(`Cadangan ${result.nama} berhasil dibuat (${ukuranTeks(result.ukuran)}).`);
    },

    jadwal: ({ db, parse, done }) => {
      const jadwal = parse(jadwalCadanganSchema);
      updateJadwalCadangan(db, jadwal);
      return done(`Jadwal disimpan: cadangan otomatis setiap hari pukul ${jamTeks(jadwal.cadangan_jam)} WIB, ${jadwal.cadangan_simpan} cadangan otomatis terakhir disimpan.`);
    },

    pulihkan: async ({ form, user, reply }) => {
      const nama = String(form.get("nama") ?? "");
      if (!supervised()) return reply(409, NEEDS_SUPERVISOR);
      if (restoreRequested()) return reply(409, RESTORE_RUNNING);
      if (backupInProgress()) return reply(409, `Cadangan ${backupInProgress()} sedang dibuat. Tunggu sampai selesai (muat ulang halaman ini), lalu pulihkan.`);
      // The checks of `npm run restore` before the shop is stopped: a backup that would be
      // refused is refused here, and the shop keeps running.
      try {
        await checkBackup({ backupsDir: backupsDir(), nama, paths: dataPaths(), migrationsFolder: migrationsFolder() });
      } catch (error) {
        if (!(error instanceof BackupRefusal)) throw error;
        if (error.message === BACKUP_NOT_FOUND) return reply(404, BACKUP_NOT_FOUND);
        return reply(422, `Pemulihan ditolak: ${error.message}`);
      }
      const id = crypto.randomUUID();
      requestRestore({ etalase: "pulihkan", id, nama, oleh: { id: user.id, nama: user.name, username: user.username }, diminta: new Date().toISOString() });
      console.log(`[etalase] pemulihan dari cadangan ${nama} diminta oleh ${user.username}.`);
      return reply(202, "", { pemulihan: { id, nama, pid: process.pid, tujuan: `${PAGE}?${HASIL_PARAM}=${id}` } });
    },

    "hapus-demo": async ({ refuse, done }) => {
      const result = await hapusDataDemo(getDb(), { paths: dataPaths(), backupsDir: backupsDir() });
      if (!result.ok) return refuse(result);
      return done(`Data demo dihapus; cadangan sebelumnya: ${result.cadangan}. Yang dihapus: ${result.ringkasan}.`);
    },
  });

type LoaderData = Awaited<ReturnType<typeof loader>>["data"];
type Row = LoaderData["list"]["rows"][number];

export const unduhHref = (nama: string) => `${PAGE}/${encodeURIComponent(nama)}/unduh`;

const col = columnHelper<Row>();
const columns = [
  col.accessor("nama", { header: "Nama", cell: (info) => <span className="font-mono text-xs break-all">{info.getValue()}</span> }),
  col.accessor("tanggal", { header: "Tanggal", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("ukuran", { header: "Ukuran", cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("berkas", { header: "Berkas", cell: (info) => <span className="block text-center">{info.getValue()}</span> }),
  col.accessor("asal", { header: "Keterangan" }),
];

export default function Cadangan({ loaderData, actionData }: Route.ComponentProps) {
  const { list, folder, terbaru, sedangDibuat, otomatis, pulihkan, hasil, demo, hapusDemo } = loaderData;
  const { message: refused, busy } = useReply(actionData, { intent: "buat" });
  // A refused restore comes back without the dialog (its form posts to the list).
  const { message: restoreRefused } = useReply(actionData, { intent: "pulihkan" });
  const restoring = (actionData as { pemulihan?: Pemulihan } | undefined)?.pemulihan;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  if (restoring) return <Memulihkan pemulihan={restoring} />;
  return (
    <div className="space-y-5">
      <PageHeader title="Cadangan" />
      {hapusDemo ? <HapusDemoDialog demo={demo} closeTo={closeTo} reply={actionData} /> : null}
      {restoreRefused ? <Alert>{restoreRefused}</Alert> : null}
      {hasil ? (
        hasil.ok ? (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
            {`${hasil.pesan} Data sebelumnya disimpan sebagai ${hasil.aside ?? "-"} (ada di daftar di bawah; bisa dipulihkan kembali).`}
          </p>
        ) : (
          <Alert>{hasil.pesan}</Alert>
        )
      ) : null}
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
      <JadwalOtomatis otomatis={otomatis} actionData={actionData} />
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
          <span className="flex gap-3">
            <Link
              to={paramHref("pulihkan", row.nama)}
              preventScrollReset
              aria-label={`Pulihkan cadangan ${row.nama}`}
              className="font-semibold whitespace-nowrap text-[#c2410c] underline"
            >
              Pulihkan
            </Link>
            <a href={unduhHref(row.nama)} download aria-label={`Unduh cadangan ${row.nama}`} className="font-semibold whitespace-nowrap text-kayu-700 underline">
              Unduh
            </a>
          </span>
        )}
      />
      <section className="space-y-2 rounded-2xl border border-stone-200 bg-white p-5 text-sm text-stone-700 shadow-sm sm:p-6">
        <h2 className="text-base font-bold text-stone-900">Memulihkan cadangan</h2>
        <p>
          Memulihkan mengganti seluruh data toko (database, gambar, dokumen) dengan isi cadangan. Pilih{" "}
          <strong>Pulihkan</strong> pada cadangan di daftar: cadangan diperiksa dulu (database utuh, semua gambar dan
          dokumen ada), lalu toko berhenti beberapa detik, datanya diganti, dan toko berjalan lagi. Ini hanya bisa bila
          toko dijalankan dengan <code className="rounded bg-stone-100 px-1">npm start</code>.
        </p>
        <p>Di server, dengan toko dihentikan, hal yang sama dilakukan dengan perintah:</p>
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
          Data yang sekarang tidak dibuang: disimpan sebagai cadangan &quot;Data sebelum pemulihan&quot; di daftar ini.
        </p>
      </section>
      {pulihkan ? <PulihkanDialog pulihkan={pulihkan} /> : null}
    </div>
  );
}

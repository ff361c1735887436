/**
 * Cadangan: make a backup of the shop now (database, images, documents), the daily automatic
 * backup's hour and how many it keeps (with when the next one is made, and a warning when the
 * last one failed), the list of BACKUPS_DIR with date and size, a download as .tar.gz, and a
 * restore ('Pulihkan', ?pulihkan=<nama>): the dialog shows what `npm run restore` shows before
 * it asks, and the post asks the supervisor of `npm start` to stop the shop, restore and start
 * it again (app/lib/server/backup/pulihkan.server.ts), while the page says the shop restarts.
 * The work is app/lib/server/backup/, shared with the CLI and the supervisor.
 */
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/cadangan";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/field";
import { InputField, SelectField } from "~/components/ui/form-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { useReply } from "~/components/ui/use-reply";
import { useZodForm } from "~/components/ui/use-zod-form";
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
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { formatWib } from "~/lib/util/wib";

export const handle = { title: "Cadangan" };

const WAKTU = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Jakarta" });
const ANGKA = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 });

/** 1,6 MB; 820 KB; 2,3 GB. */
function ukuranTeks(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${ANGKA.format(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${ANGKA.format(bytes / 1024 ** 2)} MB`;
  return `${ANGKA.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** 2 → "02.00" (the hour of the daily backup, WIB). */
const jamTeks = (jam: number) => `${String(jam).padStart(2, "0")}.00`;
const JAM_PILIHAN = Array.from({ length: 24 }, (_, jam) => ({ value: String(jam), label: `${jamTeks(jam)} WIB` }));

const ASAL: Record<string, string> = {
  halaman: "Dibuat di halaman ini",
  otomatis: "Cadangan otomatis harian",
  cli: "npm run backup",
  "sebelum-pulihkan": "Data sebelum pemulihan",
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
    },
    { headers },
  );
}

/** The restore dialog's content: what the backup holds and what it replaces, or why it cannot be restored. */
async function restoreDialog(nama: string | null, dir: string) {
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
  });

type LoaderData = Awaited<ReturnType<typeof loader>>["data"];
type Row = LoaderData["list"]["rows"][number];
type Pemulihan = { id: string; nama: string; pid: number; tujuan: string };

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
  const { list, folder, terbaru, sedangDibuat, otomatis, pulihkan, hasil } = loaderData;
  const { message: refused, busy } = useReply(actionData, { intent: "buat" });
  // A refused restore comes back without the dialog (its form posts to the list).
  const { message: restoreRefused } = useReply(actionData, { intent: "pulihkan" });
  const restoring = (actionData as { pemulihan?: Pemulihan } | undefined)?.pemulihan;
  const paramHref = useParamHref();
  if (restoring) return <Memulihkan pemulihan={restoring} />;
  return (
    <div className="space-y-5">
      <PageHeader title="Cadangan" />
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

function JadwalOtomatis({ otomatis, actionData }: { otomatis: LoaderData["otomatis"]; actionData: unknown }) {
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
function PulihkanDialog({ pulihkan }: { pulihkan: NonNullable<LoaderData["pulihkan"]> }) {
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

function Memulihkan({ pemulihan }: { pemulihan: Pemulihan }) {
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

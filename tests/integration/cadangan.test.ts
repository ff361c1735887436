/**
 * The back office's Cadangan page (/operator/master/cadangan) and its
 * download (/operator/master/cadangan/:nama/unduh), called with real Requests through the area
 * layout's middleware (session, role):
 * - the list of BACKUPS_DIR: name, date, size, newest first, searchable; what is not a complete
 *   backup (a half-made one, a stray folder) is not there;
 * - 'Buat cadangan sekarang': a complete backup named in WIB and a toast; one at a time; an
 *   unknown intent 400;
 * - the daily backup's schedule: saved and logged, checked, and the next and last automatic
 *   backup (a failure with its reason) as the page shows them;
 * - 'Pulihkan': the dialog shows what `npm run restore` shows (or why not); the post checks the
 *   backup, and asks the supervisor for the restore, or says that it needs `npm start`;
 * - the download: the backup as a .tar.gz that unpacks to exactly its folder; any name that is
 *   not a listed backup (a path, a hidden folder, a link) 404;
 * - anonymous → /login, every role but Operator → 404, for the page, every post and the download.
 * The restore itself, by the supervisor of a built server, is tests/integration/pulihkan-halaman.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { extract } from "tar";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as page from "../../app/routes/operator/master/cadangan";
import * as unduh from "../../app/routes/operator/master/cadangan.$nama.unduh";
import { ROLES } from "../../app/domain/users/roles";
import { BACKUP_BUSY } from "../../app/lib/server/backup/create.server";
import { nextSlot } from "../../app/lib/server/backup/otomatis.server";
import { NEEDS_SUPERVISOR, RESTORE_RUNNING } from "../../app/lib/server/backup/pulihkan.server";
import { formatWib } from "../../app/lib/util/wib";
import { TIDAK_ADA_DEMO } from "../../app/domain/demo/demo.server";
import { resetEnvCache } from "../../app/lib/server/env.server";
import { withinLayouts } from "../setup/app-routes";
import { sessionCookie } from "../setup/area";
import { areaRequest, person, type Person } from "../setup/lppm-penetapan";
import { flashOf, seededOperator } from "../setup/operator-helpers";
import { routeArgs, TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";
import { hashTree } from "../setup/files";

const PAGE = "/operator/master/cadangan";
const STAMP = /^etalase-\d{4}-\d{2}-\d{2}-\d{4}-WIB$/;

let t: TestDb;
let backupsDir: string;
let operator: Person;
const savedBackupsDir = process.env.BACKUPS_DIR;

beforeEach(async () => {
  t = createTestDb();
  backupsDir = path.join(t.dir, "cadangan");
  process.env.BACKUPS_DIR = backupsDir;
  resetEnvCache();
  const user = seededOperator(t.db);
  operator = { id: user.id, name: user.name, roles: user.roles, cookie: await sessionCookie(user.id) };
});
afterEach(() => {
  if (savedBackupsDir === undefined) delete process.env.BACKUPS_DIR;
  else process.env.BACKUPS_DIR = savedBackupsDir;
  t.cleanup();
});

type Row = { nama: string; tanggal: string; ukuran: string; berkas: number; asal: string };
type PageData = Awaited<ReturnType<typeof page.loader>>["data"];

async function list(query = "", who: Person | null = operator) {
  const result = await areaRequest(page, `${PAGE}${query}`, who);
  return { ...result, data: result.data as PageData };
}

function buat(who: Person | null = operator, intent = "buat") {
  return areaRequest(page, PAGE, who, { form: { intent } });
}

/** The demo's removal, posted from its confirmation (?hapus-demo=1). */
function hapusDemo(who: Person | null = operator) {
  return areaRequest(page, `${PAGE}?hapus-demo=1`, who, { form: { intent: "hapus-demo" } });
}

/** The download as the router runs it: the layout's middleware, then the loader's own Response. */
async function download(nama: string, who: Person | null = operator): Promise<Response> {
  const request = new Request(`${TEST_ORIGIN}${PAGE}/${encodeURIComponent(nama)}/unduh`, { headers: who ? { Cookie: who.cookie } : {} });
  const args = routeArgs(request, { nama });
  try {
    // The layouts of the download route, whatever the name (a ".." would not match it by URL).
    return (await withinLayouts(`${PAGE}/nama/unduh`, args, () => unduh.loader(args))) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    const init = (error as { init?: ResponseInit | null }).init;
    if (init) return new Response(null, init);
    throw error;
  }
}


/**
 * A stand-in for the supervisor of `npm start`: the IPC channel the request goes out on (this
 * test runs in a worker forked with one), and the variable the supervisor sets.
 */
function withStandInSupervisor() {
  const saved = process.env.ETALASE_SUPERVISOR_PID;
  process.env.ETALASE_SUPERVISOR_PID = String(process.ppid);
  expect(process.connected, "the test runs in a forked worker with an IPC channel").toBe(true);
  const send = vi.spyOn(process as Required<NodeJS.Process>, "send").mockImplementation(() => true);
  return {
    send,
    restore() {
      send.mockRestore();
      if (saved === undefined) delete process.env.ETALASE_SUPERVISOR_PID;
      else process.env.ETALASE_SUPERVISOR_PID = saved;
    },
  };
}

function backups(): string[] {
  return fs.existsSync(backupsDir) ? fs.readdirSync(backupsDir).sort() : [];
}

/** A backup as the first `npm run backup` made them: database and uploads, no cadangan.json. */
function oldBackup(nama: string) {
  const folder = path.join(backupsDir, nama);
  fs.mkdirSync(path.join(folder, "uploads"), { recursive: true });
  fs.copyFileSync(t.dbFile, path.join(folder, "etalase.db"));
  fs.writeFileSync(path.join(folder, "uploads", "satu.jpg"), Buffer.alloc(3000, 1));
  return folder;
}

describe("the page", () => {
  it("lists the backups newest first with date, size and origin; a half-made backup or a stray folder is not one", async () => {
    const empty = await list();
    expect(empty.status).toBe(200);
    expect(empty.data.list.rows).toEqual([]);
    expect(empty.data.folder).toBe(backupsDir);
    expect(empty.data.terbaru).toBeNull();

    oldBackup("2024-01-02T03-04-05-006Z");
    fs.mkdirSync(path.join(backupsDir, "catatan"));
    fs.mkdirSync(path.join(backupsDir, ".2026-01-01T00-00-00-000Z.sedang-dibuat"));
    fs.copyFileSync(t.dbFile, path.join(backupsDir, ".2026-01-01T00-00-00-000Z.sedang-dibuat", "etalase.db"));
    const made = await buat();
    expect(made.status).toBe(302);
    const nama = backups().find((n) => STAMP.test(n) && !n.startsWith("2024"))!;

    const { data } = await list();
    expect(data.list.rows.map((r) => r.nama)).toEqual([nama, "2024-01-02T03-04-05-006Z"]);
    const [baru, lama] = data.list.rows as [Row, Row];
    expect(baru).toMatchObject({ asal: "Dibuat di halaman ini" });
    expect(baru.ukuran).toMatch(/^\d+(,\d)? (KB|MB)$/);
    expect(baru.berkas).toBe(1 + Object.keys(hashTree(t.uploadsDir)).length);
    // Dates in the shop's time zone (WIB): 03.04 UTC is 10.04.
    expect(lama).toEqual({ nama: "2024-01-02T03-04-05-006Z", tanggal: "2 Jan 2024, 10.04", ukuran: `${Math.round((fs.statSync(t.dbFile).size + 3000) / 1024)} KB`, berkas: 2, asal: "-" });
    expect(data.terbaru).toBe(path.join(backupsDir, nama));

    const searched = await list("?q=2024");
    expect(searched.data.list.rows.map((r) => r.nama)).toEqual(["2024-01-02T03-04-05-006Z"]);
  });

  it("'Buat cadangan sekarang': a complete, private backup of the database, images and documents, and a toast", async () => {
    const dokumen = path.join(t.dir, "dokumen", "template");
    fs.mkdirSync(dokumen, { recursive: true });
    fs.writeFileSync(path.join(dokumen, `${"f".repeat(32)}.pdf`), "%PDF-1.4\n");

    const made = await buat();
    expect(made.status).toBe(302);
    expect(made.location).toBe(PAGE);
    const [nama] = backups();
    expect(nama).toMatch(STAMP);
    const flash = await flashOf(made);
    expect(flash?.kind).toBe("success");
    expect(flash?.message).toMatch(new RegExp(`^Cadangan ${nama} berhasil dibuat \\(\\d+(,\\d)? (KB|MB)\\)\\.$`));

    const folder = path.join(backupsDir, nama!);
    expect(hashTree(path.join(folder, "uploads"))).toEqual(hashTree(t.uploadsDir));
    expect(hashTree(path.join(folder, "dokumen"))).toEqual(hashTree(path.join(t.dir, "dokumen")));
    const copy = new Database(path.join(folder, "etalase.db"), { readonly: true });
    expect(copy.prepare("select count(*) as n from produk").get()).toEqual(t.db.$client.prepare("select count(*) as n from produk").get());
    copy.close();
    for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
      const mode = (fs.statSync(path.join(entry.parentPath, entry.name)).mode & 0o777).toString(8);
      expect(mode, entry.name).toBe(entry.isDirectory() ? "700" : "600");
    }
  });

  it("one backup at a time: a second request meanwhile is refused with a message (409)", async () => {
    const [first, second] = await Promise.all([buat(), buat()]);
    expect([first.status, second.status]).toEqual([302, 409]);
    expect(second.data).toEqual({ intent: "buat", message: BACKUP_BUSY, result: { status: "error", error: { "": [BACKUP_BUSY] } } });
    expect(backups()).toHaveLength(1);
    // And a new one once the first is done.
    expect((await buat()).status).toBe(302);
  });

  it("an unknown or missing intent answers 400 and makes nothing", async () => {
    const unknown = await buat(operator, "hapus-semua");
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ intent: "hapus-semua", message: "Permintaan tidak dikenal.", result: { status: "error", error: { "": ["Permintaan tidak dikenal."] } } });
    const none = await areaRequest(page, PAGE, operator, { form: {} });
    expect(none.status).toBe(400);
    expect(backups()).toEqual([]);
  });

  it("a backup that cannot be written answers its reason on the page, not an error page", async () => {
    fs.writeFileSync(path.join(t.dir, "bukan-folder"), "");
    const wrong = path.join(t.dir, "bukan-folder", "cadangan");
    process.env.BACKUPS_DIR = wrong;
    resetEnvCache();
    const made = await buat();
    expect(made.status).toBe(500);
    const reason = `Cadangan gagal dibuat: ${wrong} (BACKUPS_DIR) tidak bisa dipakai sebagai folder cadangan. Tidak ada cadangan yang setengah jadi.`;
    expect(made.data).toEqual({ intent: "buat", message: reason, result: { status: "error", error: { "": [reason] } } });
    expect(fs.readdirSync(t.dir).filter((name) => name.includes("sedang-dibuat"))).toEqual([]);
    // The page works again, and the next backup too, once the folder is right.
    process.env.BACKUPS_DIR = backupsDir;
    resetEnvCache();
    expect((await buat()).status).toBe(302);
  });
});

describe("the daily automatic backup on the page", () => {
  const STATUS = () => path.join(t.dir, "cadangan-otomatis.json");

  function jadwal(fields: Record<string, string>, who: Person | null = operator) {
    return areaRequest(page, PAGE, who, { form: { intent: "jadwal", ...fields } });
  }

  it("by default at 02.00 WIB keeping 7; the next one is tonight's (or tomorrow's) 02.00 WIB; none made yet", async () => {
    const { data } = await list();
    expect(data.otomatis).toEqual({ jam: 2, simpan: 7, berikutnya: formatWib(nextSlot(new Date(), 2)), terlewat: false, terakhir: null });
  });

  it("'Simpan jadwal' saves the hour and the count (in the activity log), and the next backup follows the hour", async () => {
    const saved = await jadwal({ cadangan_jam: "23", cadangan_simpan: "14" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PAGE);
    expect((await flashOf(saved))?.message).toBe("Jadwal disimpan: cadangan otomatis setiap hari pukul 23.00 WIB, 14 cadangan otomatis terakhir disimpan.");
    expect(t.db.$client.prepare("select cadangan_jam, cadangan_simpan from setting where id = 1").get()).toEqual({ cadangan_jam: 23, cadangan_simpan: 14 });
    const logged = t.db.$client.prepare("select nama_user, aksi, entitas, perubahan from aktivitas where entitas = 'setting' order by id desc limit 1").get() as { perubahan: string };
    expect(logged).toMatchObject({ nama_user: operator.name, aksi: "ubah", entitas: "setting" });
    expect(JSON.parse(logged.perubahan)).toEqual({ cadangan_jam: [2, 23], cadangan_simpan: [7, 14] });
    const { data } = await list();
    expect(data.otomatis).toMatchObject({ jam: 23, simpan: 14, berikutnya: formatWib(nextSlot(new Date(), 23)) });
  });

  it("refuses an hour or a count out of range, on its field, and stores nothing", async () => {
    const before = t.db.$client.prepare("select * from setting").all();
    const refused = await jadwal({ cadangan_jam: "24", cadangan_simpan: "0" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "jadwal",
      result: {
        status: "error",
        error: {
          cadangan_jam: ["Jam cadangan otomatis harus antara 0 dan 23."],
          cadangan_simpan: ["Jumlah cadangan otomatis yang disimpan harus antara 1 dan 365."],
        },
      },
    });
    const words = await jadwal({ cadangan_jam: "dua", cadangan_simpan: "" });
    expect(words.status).toBe(400);
    expect(words.data).toMatchObject({
      result: { error: { cadangan_jam: ["Jam cadangan otomatis harus berupa bilangan bulat."], cadangan_simpan: ["Jumlah cadangan otomatis yang disimpan wajib diisi."] } },
    });
    expect(t.db.$client.prepare("select * from setting").all()).toEqual(before);
  });

  it("shows the last automatic backup, and a failed one with its reason", async () => {
    fs.writeFileSync(STATUS(), JSON.stringify({ sejak: "2026-11-20T03:00:00.000Z", terakhir: { mulai: "2026-11-28T19:00:00.012Z", selesai: "2026-11-28T19:00:00.300Z", ok: true, nama: "etalase-2026-11-29-0200-WIB-otomatis" } }));
    expect((await list()).data.otomatis.terakhir).toEqual({ waktu: "29 Nov 2026 02.00 WIB", ok: true, nama: "etalase-2026-11-29-0200-WIB-otomatis", alasan: null });
    const alasan = "Cadangan gagal dibuat: ruang disk server penuh. Tidak ada cadangan yang setengah jadi.";
    fs.writeFileSync(STATUS(), JSON.stringify({ sejak: "2026-11-20T03:00:00.000Z", terakhir: { mulai: "2026-11-29T19:00:00.012Z", selesai: "2026-11-29T19:00:00.300Z", ok: false, alasan } }));
    expect((await list()).data.otomatis.terakhir).toEqual({ waktu: "30 Nov 2026 02.00 WIB", ok: false, nama: null, alasan });
  });
});

describe("restoring from the page", () => {
  function pulihkan(nama: string, who: Person | null = operator) {
    return areaRequest(page, PAGE, who, { form: { intent: "pulihkan", nama } });
  }

  it("the dialog (?pulihkan=) shows what the backup holds and what it replaces, as npm run restore does; here, without the supervisor, that it needs npm start", async () => {
    await buat();
    const [nama] = backups();
    const { data } = await list(`?pulihkan=${encodeURIComponent(nama!)}`);
    expect(data.pulihkan).toEqual({
      nama,
      ok: true,
      ringkasan: expect.stringMatching(new RegExp(`^Cadangan baik: ${nama}, dibuat \\d+ \\w{3} \\d{4} \\d{2}\\.\\d{2} WIB \\(\\d+ berkas, \\d+(,\\d)? (KB|MB)\\)\\.$`)),
      isi: expect.stringMatching(/^\d+ produk, \d+ kategori, \d+ gambar produk, \d+ kantor cabang, \d+ pengguna, \d+ usulan LPPM$/),
      diganti: { database: t.dbFile, gambar: t.uploadsDir, dokumen: path.join(t.dir, "dokumen") },
      aside: `${backupsDir}/sebelum-pulihkan-<waktu>`,
      tanpaPengawas: NEEDS_SUPERVISOR,
    });
    // Nothing of the check is left beside the database.
    expect(fs.readdirSync(t.dir).filter((name) => name.startsWith("."))).toEqual([]);

    const posted = await pulihkan(nama!);
    expect(posted.status).toBe(409);
    expect(posted.data).toMatchObject({ intent: "pulihkan", message: NEEDS_SUPERVISOR });
  });

  it("the dialog says why a backup cannot be restored: not a listed backup, a damaged one", async () => {
    expect((await list("?pulihkan=tidak-ada")).data.pulihkan).toEqual({ nama: "tidak-ada", ok: false, pesan: "Cadangan tidak ditemukan." });
    expect((await list("?pulihkan=..")).data.pulihkan).toEqual({ nama: "..", ok: false, pesan: "Cadangan tidak ditemukan." });
    const folder = oldBackup("rusak");
    fs.writeFileSync(path.join(folder, "etalase.db"), "bukan database");
    expect((await list("?pulihkan=rusak")).data.pulihkan).toMatchObject({ ok: false, pesan: expect.stringMatching(/^Pemulihan ditolak: Cadangan rusak: etalase\.db bukan database SQLite yang utuh/) });
  });

  it("under the supervisor: a bad backup is refused on the page (the shop keeps running); a good one is asked for once, naming the user", async () => {
    await buat();
    const [nama] = backups();
    const rusak = oldBackup("rusak");
    fs.writeFileSync(path.join(rusak, "etalase.db"), "bukan database");
    const supervisor = withStandInSupervisor();
    try {
      const unknown = await pulihkan("tidak-ada");
      expect(unknown.status).toBe(404);
      expect(unknown.data).toMatchObject({ message: "Cadangan tidak ditemukan." });
      const bad = await pulihkan("rusak");
      expect(bad.status).toBe(422);
      expect(bad.data).toMatchObject({ message: expect.stringMatching(/^Pemulihan ditolak: Cadangan rusak: /) });
      expect(supervisor.send).not.toHaveBeenCalled();

      const asked = await pulihkan(nama!);
      expect(asked.status).toBe(202);
      const { pemulihan } = asked.data as { pemulihan: { id: string; nama: string; pid: number; tujuan: string } };
      expect(pemulihan).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), nama, pid: process.pid, tujuan: `${PAGE}?pemulihan=${pemulihan.id}` });
      expect(supervisor.send).toHaveBeenCalledTimes(1);
      expect(supervisor.send.mock.calls[0]![0]).toEqual({
        etalase: "pulihkan",
        id: pemulihan.id,
        nama,
        oleh: { id: operator.id, nama: operator.name, username: "operator" },
        diminta: expect.any(String),
      });
      // While the supervisor stops the shop, a second request is not sent again.
      const again = await pulihkan(nama!);
      expect(again.status).toBe(409);
      expect(again.data).toMatchObject({ message: RESTORE_RUNNING });
      expect(supervisor.send).toHaveBeenCalledTimes(1);
    } finally {
      supervisor.restore();
    }
  });

  it("after the restart, ?pemulihan=<id> shows how the user's restore ended; another id shows nothing", async () => {
    const outcome = { id: "abc", nama: "etalase-2026-11-29-0200-WIB", oleh: "Operator", diminta: "2026-11-29T07:00:00.000Z", selesai: "2026-11-29T07:00:01.000Z" };
    fs.writeFileSync(path.join(t.dir, "pemulihan-terakhir.json"), JSON.stringify({ ...outcome, ok: true, pesan: "Pemulihan selesai: data toko sekarang dari cadangan etalase-2026-11-29-0200-WIB.", aside: "sebelum-pulihkan-2026-11-29-1400-WIB" }));
    expect((await list("?pemulihan=abc")).data.hasil).toEqual({
      ok: true,
      pesan: "Pemulihan selesai: data toko sekarang dari cadangan etalase-2026-11-29-0200-WIB.",
      aside: "sebelum-pulihkan-2026-11-29-1400-WIB",
      selesai: "29 Nov 2026 14.00 WIB",
    });
    expect((await list("?pemulihan=lain")).data.hasil).toBeNull();
    expect((await list()).data.hasil).toBeNull();
  });
});

describe("removing the demo", () => {
  const produk = () => (t.db.$client.prepare("select count(*) as n from produk").get() as { n: number }).n;

  it("the page offers it while the demo is there, and ?hapus-demo=1 opens its confirmation", async () => {
    const { data } = await list();
    expect(data.demo.hapus).toEqual(["36 produk", "7 kategori", "4 kantor cabang", "4 banner", "7 ulasan konsumen", "9 foto galeri", "2 isi halaman Tentang Kami/Kerja Sama"]);
    expect(data.demo.dibiarkan).toEqual([]);
    expect(data.hapusDemo).toBe(false);
    expect((await list("?hapus-demo=1")).data.hapusDemo).toBe(true);
  });

  it("'Hapus data demo': a backup first, then the demo is gone with a toast; the page offers it no more, and again answers 409", async () => {
    const done = await hapusDemo();
    expect(done.status).toBe(302);
    expect(done.location).toBe(PAGE);
    const [nama] = backups();
    expect(nama).toMatch(STAMP);
    const flash = await flashOf(done);
    expect(flash).toEqual({
      kind: "success",
      message: `Data demo dihapus; cadangan sebelumnya: ${nama}. Yang dihapus: 36 produk, 7 kategori, 4 kantor cabang, 4 banner, 7 ulasan konsumen, 9 foto galeri, 2 isi halaman Tentang Kami/Kerja Sama.`,
    });
    expect(produk()).toBe(0);
    const copy = new Database(path.join(backupsDir, nama!, "etalase.db"), { readonly: true });
    expect(copy.prepare("select count(*) as n from produk").get()).toEqual({ n: 36 });
    copy.close();
    // The activity log names the operator who did it.
    expect(t.db.$client.prepare("select nama_user, id_user, entitas from aktivitas where aksi = 'hapus-demo'").all()).toEqual([{ nama_user: operator.name, id_user: operator.id, entitas: "data demo" }]);

    const { data } = await list();
    expect(data.demo).toEqual({ hapus: [], dibiarkan: [] });
    expect(data.list.rows.map((r) => [r.nama, r.asal])).toEqual([[nama, "Sebelum data demo dihapus"]]);
    const again = await hapusDemo();
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ intent: "hapus-demo", message: TIDAK_ADA_DEMO, result: { status: "error", error: { "": [TIDAK_ADA_DEMO] } } });
    expect(backups()).toEqual([nama]);
  });

  it("a backup that cannot be written stops it before anything changes", async () => {
    fs.writeFileSync(path.join(t.dir, "bukan-folder"), "");
    const wrong = path.join(t.dir, "bukan-folder", "cadangan");
    process.env.BACKUPS_DIR = wrong;
    resetEnvCache();
    const refused = await hapusDemo();
    expect(refused.status).toBe(500);
    expect((refused.data as { message: string }).message).toBe(
      `Cadangan gagal dibuat: ${wrong} (BACKUPS_DIR) tidak bisa dipakai sebagai folder cadangan. Tidak ada cadangan yang setengah jadi. Data demo tidak dihapus.`,
    );
    expect(produk()).toBe(36);
  });
});

describe("the download", () => {
  it("streams the backup as a .tar.gz that unpacks to exactly its folder", async () => {
    await buat();
    const [nama] = backups();
    const response = await download(nama!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    // The name says what it is; an older one, named by its time alone, gets the prefix.
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${nama}.tar.gz"`);
    oldBackup("2024-01-02T03-04-05-006Z");
    expect((await download("2024-01-02T03-04-05-006Z")).headers.get("content-disposition")).toBe('attachment; filename="etalase-cadangan-2024-01-02T03-04-05-006Z.tar.gz"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const archive = path.join(t.dir, "unduhan.tar.gz");
    fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    const out = path.join(t.dir, "dibuka");
    fs.mkdirSync(out);
    await extract({ file: archive, cwd: out });
    expect(fs.readdirSync(out)).toEqual([nama]);
    expect(hashTree(path.join(out, nama!))).toEqual(hashTree(path.join(backupsDir, nama!)));
  });

  it("answers 404 for anything that is not a listed backup", async () => {
    await buat();
    oldBackup("lama");
    fs.mkdirSync(path.join(backupsDir, "catatan"));
    fs.mkdirSync(path.join(backupsDir, ".tersembunyi"));
    fs.copyFileSync(t.dbFile, path.join(backupsDir, ".tersembunyi", "etalase.db"));
    // A link to a folder outside BACKUPS_DIR that looks like a backup.
    const outside = path.join(t.dir, "di-luar");
    fs.mkdirSync(outside);
    fs.copyFileSync(t.dbFile, path.join(outside, "etalase.db"));
    fs.symlinkSync(outside, path.join(backupsDir, "tautan"));

    expect((await download("lama")).status).toBe(200);
    for (const nama of ["tidak-ada", "catatan", ".tersembunyi", "tautan", "..", ".", "../cadangan", "lama/uploads", "lama/../lama", "", "lama\0"]) {
      const response = await download(nama);
      expect(response.status, nama).toBe(404);
      expect(await response.text(), nama).toBe("Cadangan tidak ditemukan.");
    }
  });
});

describe("who may", () => {
  it("anonymous: the page, the post and the download send to /login, and nothing is made", async () => {
    await buat();
    const [nama] = backups();
    const shown = await list("", null);
    expect(shown.status).toBe(302);
    expect(shown.location).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`);
    const posted = await buat(null);
    expect(posted.status).toBe(302);
    expect(posted.location).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`);
    const before = t.db.$client.prepare("select * from setting").all();
    const supervisor = withStandInSupervisor();
    try {
      const forms: Record<string, string>[] = [{ intent: "jadwal", cadangan_jam: "5", cadangan_simpan: "3" }, { intent: "pulihkan", nama: nama! }];
      for (const form of forms) {
        const refused = await areaRequest(page, PAGE, null, { form });
        expect(refused.status, form.intent).toBe(302);
        expect(refused.location).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`);
      }
      expect(supervisor.send).not.toHaveBeenCalled();
    } finally {
      supervisor.restore();
    }
    expect(t.db.$client.prepare("select * from setting").all()).toEqual(before);
    const file = await download(nama!, null);
    expect(file.status).toBe(302);
    expect(file.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`${PAGE}/${nama}/unduh`)}`);
    const removal = await hapusDemo(null);
    expect(removal.status).toBe(302);
    expect(removal.location).toBe(`/login?redirectTo=${encodeURIComponent(`${PAGE}?hapus-demo=1`)}`);
    expect(backups()).toEqual([nama]);
    expect(t.db.$client.prepare("select count(*) as n from demo_data").get()).toEqual({ n: 177 });
  });

  it.each(ROLES.filter((role) => role !== "Operator"))("%s: 404 for the page, the dialogs, every post and the download", async (role) => {
    await buat();
    const [nama] = backups();
    const who = await person(t.db, `Bukan Operator ${role}`, [role]);
    const before = t.db.$client.prepare("select * from setting").all();
    const supervisor = withStandInSupervisor();
    try {
      expect((await list("", who)).status).toBe(404);
      expect((await list(`?pulihkan=${nama}`, who)).status).toBe(404);
      expect((await buat(who)).status).toBe(404);
      expect((await hapusDemo(who)).status).toBe(404);
      expect((await areaRequest(page, PAGE, who, { form: { intent: "jadwal", cadangan_jam: "5", cadangan_simpan: "3" } })).status).toBe(404);
      expect((await areaRequest(page, PAGE, who, { form: { intent: "pulihkan", nama: nama! } })).status).toBe(404);
      expect((await download(nama!, who)).status).toBe(404);
      expect(supervisor.send).not.toHaveBeenCalled();
    } finally {
      supervisor.restore();
    }
    expect(backups()).toEqual([nama]);
    expect(t.db.$client.prepare("select * from setting").all()).toEqual(before);
    expect(t.db.$client.prepare("select count(*) as n from demo_data").get()).toEqual({ n: 177 });
  });
});

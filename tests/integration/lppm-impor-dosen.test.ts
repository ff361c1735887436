/**
 * Lecturers in bulk through the real routes: the operator's Impor Dosen page (upload of a CSV or
 * an XLSX → dry run on ?token= → 'Terapkan'), its template downloads, and the one-time links
 * the new accounts get — delivered by e-mail through the stand-in SMTP server, stored masked —
 * used on /atur-password to set a password and sign in. Every bad input (an unknown prodi,
 * a duplicate NIDN, a bad e-mail, a malformed file, a stale plan, an expired, reused or replaced
 * link) answers 4xx in Indonesian and changes nothing stored.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import writeExcelFile from "write-excel-file/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { XLSX_RUSAK } from "~/domain/impor/baca.server";
import { KOLOM_DOSEN, PILIH_BERKAS_DOSEN, TANPA_BARIS_DOSEN } from "~/domain/lppm/dosen/format";
import { DATA_DOSEN_BERUBAH, IMPOR_DOSEN_DITOLAK } from "~/domain/lppm/dosen/terapkan.server";
import { login } from "~/domain/users/login.server";
import { updateUser } from "~/domain/users/users.server";
import { PASSWORD_TERSIMPAN, TAUTAN_DISEMBUNYIKAN, TAUTAN_KEDALUWARSA, TAUTAN_TIDAK_BERLAKU } from "~/domain/users/undangan.schema";
import { BELUM_ADA_PASSWORD } from "~/domain/users/undangan.server";
import { resetEnvCache } from "~/lib/server/env.server";
import * as imporDosen from "~/routes/operator/lppm/impor-dosen";
import * as templat from "~/routes/operator/lppm/impor-dosen-templat";
import { templatImporDosen } from "~/domain/lppm/dosen/templat.server";
import * as aturPassword from "~/routes/auth/atur-password";
import { userIdByUsername } from "../setup/api";
import { sessionCookie } from "../setup/area";
import { TEST_OPERATOR_USERNAME } from "../setup/constants";
import { addFakultas, addProdi } from "../setup/lppm-data";
import { addUser } from "../setup/data";
import { areaRequest, type Person } from "../setup/lppm-penetapan";
import { flashOf, snapshot } from "../setup/operator-helpers";
import { callAction, callLoader, TEST_ORIGIN, type RouteResult } from "../setup/route";
import { eachTestDb } from "../setup/test-db";
import { startMailCatcher, MAIL_DIR } from "../e2e/support/mail-catcher.mjs";

const each = eachTestDb();
const db = () => each.t.db;
const PAGE = "/operator/lppm/impor-dosen";
const HEADER = KOLOM_DOSEN.join(",");

let operator: Person;
let prodiId: number;
let mailDir: string;
let mail: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "impor-dosen-mail-"));
  mail = await startMailCatcher(mailDir);
});
afterAll(async () => {
  await mail.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
beforeEach(async () => {
  process.env.SMTP_URL = mail.url;
  process.env.MAIL_FROM = "LPPM Uji <lppm@uji.example>";
  resetEnvCache();
  const id = userIdByUsername(db(), TEST_OPERATOR_USERNAME);
  operator = { id, name: "Operator", roles: ["Operator"], cookie: await sessionCookie(id) };
  const fakultas = addFakultas(db(), "Fakultas Teknik Uji");
  prodiId = addProdi(db(), fakultas.id, "Teknik Informatika Uji").id;
  db().update(schema.prodi).set({ kode: "55201" }).where(eq(schema.prodi.id, prodiId)).run();
});
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

/** The e-mails the stand-in received for an address. */
function mailsTo(address: string): { subject: string; text: string }[] {
  const folder = path.join(mailDir, MAIL_DIR);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((n) => n.endsWith(".json"))
    .sort()
    .map((n) => JSON.parse(fs.readFileSync(path.join(folder, n), "utf8")) as { to: string[]; subject: string; text: string })
    .filter((m) => m.to.includes(address.toLowerCase()));
}

async function waitMail(address: string, count = 1) {
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(address).at(-1)!;
}

const linkIn = (text: string) => /https?:\/\/\S+\/atur-password\?token=[\w-]+/.exec(text)?.[0] ?? "";
const tokenIn = (link: string) => new URL(link).searchParams.get("token")!;

function csvFile(lines: string[], name = "dosen.csv"): File {
  return new File([`\uFEFF${lines.join("\r\n")}\r\n`], name, { type: "text/csv" });
}

function row(nidn: string, nama: string, over: Partial<Record<(typeof KOLOM_DOSEN)[number], string>> = {}): string {
  const values = { nidn, nama, email: `${nidn}@kampus.example`, no_hp: "", prodi: "Teknik Informatika Uji", jabatan_akademik: "Lektor", bidang_keahlian: "Basis data", sinta_id: "6001234", hak_akses: "Pengusul", ...over };
  return KOLOM_DOSEN.map((k) => (values[k].includes(",") ? `"${values[k]}"` : values[k])).join(",");
}

type Rencana = {
  ringkasan: { total: number; ditambah: number; diubah: number; ditolak: number; tidakBerubah: number };
  sidik: string;
  ditambah: { baris: number; nidn: string; nama: string; prodi: string }[];
  diubah: { baris: number; nidn: string; perubahan: { label: string; lama: string | null; baru: string | null }[] }[];
  ditolak: { baris: number; alasan: string[] }[];
};
type PageData = { periksa: null | { token: string | null; error: string | null; rencana: Rencana | null }; menunggu: { total: number; rows: { id: number; nama: string }[] } };
const pageData = (r: RouteResult) => r.data as PageData;
const message = (r: RouteResult) => (r.data as { message?: string }).message;

function periksa(berkas: File) {
  return areaRequest(imporDosen, PAGE, operator, { form: { intent: "periksa", berkas } });
}

function tokenOf(result: RouteResult): string {
  expect(result.status, JSON.stringify(result.data)).toBe(303);
  return /\?token=([a-f0-9]{32})$/.exec(result.location ?? "")![1]!;
}

async function dryRun(berkas: File, query = "") {
  const token = tokenOf(await periksa(berkas));
  const page = await areaRequest(imporDosen, `${PAGE}?token=${token}${query}`, operator);
  expect(page.status).toBe(200);
  return { token, rencana: pageData(page).periksa!.rencana! };
}

function terapkan(token: string, sidik: string) {
  return areaRequest(imporDosen, `${PAGE}?token=${token}`, operator, { form: { intent: "terapkan", token, sidik } });
}

function userByNidn(nidn: string) {
  return db().select().from(schema.users).where(eq(schema.users.nidn, nidn)).get();
}

async function unchanged<T>(run: () => Promise<T>): Promise<T> {
  const before = snapshot(db(), each.t.uploadsDir);
  const result = await run();
  expect(snapshot(db(), each.t.uploadsDir)).toEqual(before);
  return result;
}

describe("Impor Dosen: the dry run and 'Terapkan'", () => {
  it("lists new, changed and refused rows with their reasons; a refused row stops 'Terapkan' and nothing is stored", async () => {
    const known = await addUser(db(), ["Pengusul"], { name: "Dosen Lama" });
    db().update(schema.users).set({ nidn: "0011223344", id_prodi: prodiId }).where(eq(schema.users.id, known.id)).run();
    const lines = [
      HEADER,
      row("0011223344", "Dosen Lama, M.Kom.", { email: "lama@kampus.example" }),
      row("0099887766", "Dosen Baru"),
      row("0099887766", "Dosen Kembar"),
      row("0099887755", "Dosen Prodi Asing", { prodi: "Prodi Antah Berantah" }),
      row("0099887744", "Dosen Surel Rusak", { email: "bukan-email" }),
      row("12345", "Dosen NIDN Pendek"),
      row("0099887733", "Dosen Operator", { hak_akses: "Operator" }),
      row("0099887722", "Dosen Jabatan", { jabatan_akademik: "Rektor" }),
    ];
    const { token, rencana } = await unchanged(() => dryRun(csvFile(lines)));
    expect(rencana.ringkasan).toMatchObject({ total: 8, ditambah: 1, diubah: 1, ditolak: 6 });
    expect(rencana.ditolak.map((r) => [r.baris, r.alasan])).toEqual([
      [4, ["NIDN/NUPTK 0099887766 sudah ada di baris 3."]],
      [5, ["Program studi 'Prodi Antah Berantah' tidak ditemukan. Tambahkan dulu di menu Program Studi."]],
      [6, ["E-mail 'bukan-email' tidak valid."]],
      [7, ["NIDN/NUPTK harus 10 sampai 20 digit."]],
      [8, ["Hak akses Operator tidak dapat diberikan lewat impor; berikan di Manajemen Pengguna."]],
      [9, ["Jabatan akademik 'Rektor' tidak dikenal. Pilihan: Tenaga Pengajar, Asisten Ahli, Lektor, Lektor Kepala, Guru Besar."]],
    ]);
    const page = await areaRequest(imporDosen, `${PAGE}?token=${token}&daftar=diubah`, operator);
    expect(pageData(page).periksa!.rencana!.diubah[0]!.perubahan).toEqual(
      expect.arrayContaining([
        { bidang: "nama", label: "Nama", lama: "Dosen Lama", baru: "Dosen Lama, M.Kom." },
        { bidang: "email", label: "E-mail", lama: known.email || null, baru: "lama@kampus.example" },
      ]),
    );
    const refused = await unchanged(() => terapkan(token, rencana.sidik));
    expect([refused.status, message(refused)]).toEqual([422, IMPOR_DOSEN_DITOLAK]);
  });

  it("applies all rows in one transaction: new accounts without a password, each sent a one-time link by e-mail (stored masked), one activity entry", async () => {
    const known = await addUser(db(), ["Pengusul", "Operator"], { name: "Dosen Operator" });
    db().update(schema.users).set({ nidn: "0011223344" }).where(eq(schema.users.id, known.id)).run();
    const logBefore = db().select().from(schema.aktivitas).all().length;
    const { token, rencana } = await dryRun(csvFile([HEADER, row("0011223344", "Dosen Operator", { hak_akses: "Pengusul, Reviewer-Internal" }), row("0099887766", "Dosen Baru"), row("0099887711", "Dosen Tanpa Kontak", { email: "" })]));
    expect(rencana.ringkasan).toMatchObject({ ditambah: 2, diubah: 1, ditolak: 0 });
    const applied = await terapkan(token, rencana.sidik);
    expect(applied.status, JSON.stringify(applied.data)).toBe(302);
    expect((await flashOf(applied))?.message).toBe("Impor selesai: 2 ditambah, 1 diubah. Tautan buat password dikirim ke 1 akun baru; 1 akun tanpa e-mail/WhatsApp: salin tautannya di bawah.");

    const baru = userByNidn("0099887766")!;
    expect(baru).toMatchObject({ username: "0099887766", name: "Dosen Baru", email: "0099887766@kampus.example", id_prodi: prodiId, hak_akses: '["Pengusul"]', sinta_id: "6001234", jabatan_akademik: '["Lektor"]', password_hash: BELUM_ADA_PASSWORD });
    expect(baru.undangan_hash).toMatch(/^[a-f0-9]{64}$/);
    // The Operator role the file cannot give is not taken away either.
    expect(JSON.parse(userByNidn("0011223344")!.hak_akses).sort()).toEqual(["Operator", "Pengusul", "Reviewer-Internal"]);
    expect(db().select().from(schema.aktivitas).all().length - logBefore).toBe(1);

    const received = await waitMail("0099887766@kampus.example");
    expect(received.subject).toBe("Buat Password Akun");
    const link = linkIn(received.text);
    expect(link.startsWith(`${TEST_ORIGIN}/atur-password?token=`)).toBe(true);
    // The outbox keeps the message with the link masked, never the token.
    const stored = db().select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.user_id, baru.id)).all();
    expect(stored.map((r) => [r.channel, r.status, r.secret])).toEqual([["email", "sent", true]]);
    expect(stored[0]!.body).toContain(TAUTAN_DISEMBUNYIKAN);
    expect(stored[0]!.body).not.toContain(tokenIn(link));
    // A new account cannot sign in before it sets its password.
    expect((await login(db(), { username: "0099887766", password: BELUM_ADA_PASSWORD, ip: "198.51.100.70" })).ok).toBe(false);
  });

  it("reads an XLSX made by a spreadsheet library (NIDN kept as text, a number cell too); a broken XLSX, an empty file or only a header is refused with a message", async () => {
    const header = KOLOM_DOSEN.map((value) => ({ value }));
    const cells = (nidn: string | number, nama: string) => [nidn, nama, `${nama.replaceAll(" ", ".").toLowerCase()}@kampus.example`, "081234567890", "55201", "Lektor Kepala", "", "", ""].map((value) => ({ value }));
    const xlsx = await writeExcelFile([header, cells("0012345601", "Dosen Xlsx Satu"), cells(1234567802, "Dosen Xlsx Dua")]).toBuffer();
    const { token, rencana } = await dryRun(new File([new Uint8Array(xlsx)], "dosen.xlsx"));
    expect(rencana.ditambah.map((r) => [r.nidn, r.prodi])).toEqual([
      ["0012345601", "Teknik Informatika Uji"],
      ["1234567802", "Teknik Informatika Uji"],
    ]);
    expect((await terapkan(token, rencana.sidik)).status).toBe(302);
    expect(userByNidn("0012345601")).toMatchObject({ no_hp: "081234567890", jabatan_akademik: '["Lektor Kepala"]' });

    const broken = await unchanged(() => periksa(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])], "rusak.xlsx")));
    expect([broken.status, message(broken)]).toEqual([415, XLSX_RUSAK]);
    const onlyHeader = await unchanged(() => periksa(csvFile([HEADER])));
    expect([onlyHeader.status, message(onlyHeader)]).toEqual([422, TANPA_BARIS_DOSEN]);
    const none = await unchanged(() => areaRequest(imporDosen, PAGE, operator, { form: { intent: "periksa" } }));
    expect([none.status, message(none)]).toEqual([422, PILIH_BERKAS_DOSEN]);
    const badHeader = await unchanged(() => periksa(csvFile(["nidn,nama,gaji", "0012345699,Dosen,1"])));
    expect([badHeader.status, message(badHeader)]).toEqual([422, `Baris judul kolom ditolak. Kolom 'gaji' tidak dikenal. Kolom yang dikenal: ${KOLOM_DOSEN.join(", ")}. Kolom wajib tidak ada: prodi.`]);
    const brokenCsv = await unchanged(() => periksa(csvFile([HEADER, `0012345698,"Dosen tanpa tutup kutip,x`])));
    expect(brokenCsv.status).toBe(422);
    expect(message(brokenCsv)).toContain("Berkas CSV rusak");
  });

  it("a plan the data changed since the dry run is refused (409) and nothing is written", async () => {
    const { token, rencana } = await dryRun(csvFile([HEADER, row("0099887766", "Dosen Baru")]));
    await addUser(db(), ["Pengusul"], { name: "Penyela" }).then((u) => db().update(schema.users).set({ nidn: "0099887766" }).where(eq(schema.users.id, u.id)).run());
    const stale = await unchanged(() => terapkan(token, rencana.sidik));
    expect([stale.status, message(stale)]).toEqual([409, DATA_DOSEN_BERUBAH]);
  });

  it("1,000 lecturers go the whole way through the routes: dry run, then one 'Terapkan'", async () => {
    const lines = [HEADER, ...Array.from({ length: 1000 }, (_, i) => row(String(7000000000 + i), `Dosen Massal ${i + 1}`))];
    const { token, rencana } = await dryRun(csvFile(lines));
    expect(rencana.ringkasan).toMatchObject({ total: 1000, ditambah: 1000, ditolak: 0 });
    // Without SMTP the links are made but not mailed (the operator copies them).
    delete process.env.SMTP_URL;
    resetEnvCache();
    const applied = await terapkan(token, rencana.sidik);
    expect(applied.status).toBe(302);
    const made = db().select({ id: schema.users.id, hash: schema.users.undangan_hash }).from(schema.users).where(inArray(schema.users.nidn, lines.slice(1).map((l) => l.split(",")[0]!))).all();
    expect(made).toHaveLength(1000);
    expect(new Set(made.map((m) => m.hash)).size).toBe(1000);
    const page = pageData(await areaRequest(imporDosen, `${PAGE}?cari=Dosen Massal`, operator));
    expect(page.menunggu.total).toBe(1000);
    expect(page.menunggu.rows).toHaveLength(50);
  }, 60_000);

  it("the template downloads as XLSX and CSV, with the import's columns, and imports as one new lecturer", async () => {
    const download = (format: string) => areaRequest(templat, `${PAGE}/templat/${format}`, operator, { params: { format } });
    const xlsx = await download("xlsx");
    expect([xlsx.status, xlsx.headers.get("content-type"), xlsx.headers.get("content-disposition")]).toEqual([200, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", 'attachment; filename="templat-impor-dosen.xlsx"']);
    // The route answers the domain's bytes (the test helper reads a body as text).
    const bytes = Buffer.from(await templatImporDosen(db(), "xlsx"));
    const sheet = await readSheet(bytes);
    expect(sheet[0]).toEqual([...KOLOM_DOSEN]);
    expect(sheet[1]![0]).toBe("0012345678");
    const csv = await download("csv");
    expect(String(csv.data).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(HEADER);
    expect((await download("pdf")).status).toBe(404);
    // The template as downloaded (its example names a stored Program Studi) imports as one new lecturer.
    const { rencana } = await dryRun(new File([bytes], "templat.xlsx"));
    expect(rencana.ringkasan).toMatchObject({ total: 1, ditambah: 1, ditolak: 0 });
  });
});

describe("the one-time link", () => {
  async function imported(email: string) {
    const { token, rencana } = await dryRun(csvFile([HEADER, row("0055555555", "Dosen Tautan", { email })]));
    expect((await terapkan(token, rencana.sidik)).status).toBe(302);
    return userByNidn("0055555555")!;
  }
  const open = (link: string) => callLoader(aturPassword, link.replace(TEST_ORIGIN, ""));
  const set = (token: string, pass = "PasswordKu123", konfirmasi = pass) => callAction(aturPassword, "/atur-password", { intent: "atur-password", token, pass_baru: pass, konfirmasi_pass: konfirmasi }, { headers: { Origin: TEST_ORIGIN } });

  it("from the e-mail: sets the password once, then signs in; the same link again says it is used", async () => {
    await imported("dosen.tautan1@kampus.example");
    const link = linkIn((await waitMail("dosen.tautan1@kampus.example")).text);
    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ nama: "Dosen Tautan", username: "0055555555", error: null });
    const mismatch = await unchanged(() => set(tokenIn(link), "PasswordKu123", "PasswordLain123"));
    expect(mismatch.status).toBe(400);
    const weak = await unchanged(() => set(tokenIn(link), "lemah"));
    expect(weak.status).toBe(400);

    const done = await set(tokenIn(link));
    expect([done.status, done.location]).toEqual([302, "/login"]);
    expect((await flashOf(done))?.message).toBe(PASSWORD_TERSIMPAN);
    expect((await login(db(), { username: "0055555555", password: "PasswordKu123", ip: "198.51.100.71" })).ok).toBe(true);

    const again = await unchanged(() => set(tokenIn(link), "PasswordBaru456"));
    expect([again.status, message(again)]).toEqual([410, TAUTAN_TIDAK_BERLAKU]);
    const reopened = await open(link);
    expect([reopened.status, (reopened.data as { error: string }).error]).toEqual([410, TAUTAN_TIDAK_BERLAKU]);
    expect((await open(`${TEST_ORIGIN}/atur-password`)).status).toBe(404);
  });

  it("an expired link says so and sets nothing", async () => {
    const user = await imported("dosen.tautan2@kampus.example");
    const link = linkIn((await waitMail("dosen.tautan2@kampus.example")).text);
    db().update(schema.users).set({ undangan_expires_at: new Date(Date.now() - 1000) }).where(eq(schema.users.id, user.id)).run();
    expect((await open(link)).status).toBe(410);
    const expired = await unchanged(() => set(tokenIn(link)));
    expect([expired.status, message(expired)]).toEqual([410, TAUTAN_KEDALUWARSA]);
  });

  it("'Tautan baru' kills the old link; for someone with neither e-mail nor phone the operator gets the link to copy", async () => {
    const user = await imported("");
    expect(db().select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.user_id, user.id)).all()).toEqual([]);
    const listed = pageData(await areaRequest(imporDosen, PAGE, operator)).menunggu.rows.map((r) => r.nama);
    expect(listed).toContain("Dosen Tautan");

    const first = await areaRequest(imporDosen, PAGE, operator, { form: { intent: "tautan", id: String(user.id) } });
    expect(first.status).toBe(200);
    const firstLink = (first.data as { tautan: string }).tautan;
    const second = await areaRequest(imporDosen, PAGE, operator, { form: { intent: "tautan", id: String(user.id) } });
    const secondLink = (second.data as { tautan: string }).tautan;
    expect(secondLink).not.toBe(firstLink);
    expect((await set(tokenIn(firstLink))).status).toBe(410);
    expect((await set(tokenIn(secondLink))).status).toBe(302);

    // Once the password is set, no link is made for the account any more.
    const refused = await unchanged(() => areaRequest(imporDosen, PAGE, operator, { form: { intent: "tautan", id: String(user.id) } }));
    expect(refused.status).toBe(409);
  });

  it("a password the operator sets in Manajemen Pengguna ends the unused link", async () => {
    const user = await imported("dosen.tautan3@kampus.example");
    const link = linkIn((await waitMail("dosen.tautan3@kampus.example")).text);
    const operatorId = userIdByUsername(db(), TEST_OPERATOR_USERNAME);
    const saved = await updateUser(db(), user.id, { name: user.name, email: "dosen.tautan3@kampus.example", no_hp: "", status_aktif: "Aktif", hak_akses: ["Pengusul"], nidn: "0055555555", jabatan_akademik: null, password: "DariOperator123" }, operatorId);
    expect(saved.ok).toBe(true);
    const late = await unchanged(() => set(tokenIn(link), "PasswordKu123"));
    expect([late.status, message(late)]).toEqual([410, TAUTAN_TIDAK_BERLAKU]);
    expect((await login(db(), { username: "0055555555", password: "DariOperator123", ip: "198.51.100.72" })).ok).toBe(true);
  });

  it("the page and its actions are the operator's only: another role gets 404, anonymous goes to login", async () => {
    const dosen = await addUser(db(), ["Pengusul", "Kepala-LPPM"], { name: "Bukan Operator" });
    const who: Person = { id: dosen.id, name: dosen.name, roles: ["Pengusul"], cookie: await sessionCookie(dosen.id) };
    expect((await areaRequest(imporDosen, PAGE, who)).status).toBe(404);
    const posted = await unchanged(() => areaRequest(imporDosen, PAGE, who, { form: { intent: "tautan", id: String(dosen.id) } }));
    expect(posted.status).toBe(404);
    expect((await areaRequest(imporDosen, PAGE, null)).status).toBe(302);
  });
});

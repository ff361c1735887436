/**
 * An institute moves in: the operator imports 20 lecturers from an XLSX made by a spreadsheet
 * library (write-excel-file), one of them sets their password through the link the e-mail
 * brought (the stand-in SMTP server) and signs in, another signs in with the campus account
 * (the test OpenID provider beside the server), and the first completes their profile — an
 * ORCID with a wrong check digit refused first. The same steps with JavaScript on and off.
 */
import writeExcelFile from "write-excel-file/node";
import { addFakultas, addProdi } from "../setup/lppm";
import { expect, login, mailTo, uniqueNidn, type Db, type E2eServer } from "./fixtures";
import type { Page } from "@playwright/test";

const KOLOM = ["nidn", "nama", "email", "no_hp", "prodi", "jabatan_akademik", "bidang_keahlian", "sinta_id", "hak_akses"];

export async function imporDosenFlow(page: Page, db: Db, server: Pick<E2eServer, "dir">, { js }: { js: boolean }) {
  const tag = `${js ? "js" : "nojs"}${Date.now().toString(36)}`;
  const prodi = `Teknik Impor ${tag}`;
  addProdi(db, addFakultas(db, `Fakultas Impor ${tag}`).id, prodi);
  // The second one's e-mail is of the campus the test OpenID provider signs in (kampus.test).
  const people = Array.from({ length: 20 }, (_, i) => ({ nidn: uniqueNidn(), nama: `Dosen Impor ${i + 1} ${tag}`, email: `dosen${i + 1}.${tag}@${i === 1 ? "kampus.test" : "kampus.example"}` }));
  const rows = people.map((p) => [p.nidn, p.nama, p.email, "", prodi, "Lektor", "", "", "Pengusul"].map((value) => ({ value, type: String })));
  const xlsx = await writeExcelFile([KOLOM.map((value) => ({ value })), ...rows]).toBuffer();

  // The operator: Periksa shows 20 to add, Terapkan writes them.
  await page.goto("/operator/lppm/impor-dosen");
  await page.getByLabel("Berkas CSV/XLSX").setInputFiles({ name: "dosen.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: xlsx });
  await page.getByRole("button", { name: "Periksa" }).click();
  await expect(page.getByTestId("jumlah-ditambah")).toHaveText("20");
  await expect(page.getByTestId("jumlah-ditolak")).toHaveText("0");
  await page.getByRole("button", { name: "Terapkan" }).click();
  await page.getByLabel("Cari (nama, NIDN, e-mail, no HP)").fill(tag);
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Akun belum membuat password/ })).toBeVisible();
  await expect(page.getByRole("button", { name: `Tautan baru untuk ${people[0]!.nama}` })).toBeVisible();

  // The first lecturer: the link from the e-mail, a password, the login.
  const mail = await mailTo(server, people[0]!.email, "Buat Password Akun");
  const link = /http\S+\/atur-password\?token=[\w-]+/.exec(mail.text)![0];
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText(`Halo ${people[0]!.nama}.`)).toBeVisible();
  await page.getByLabel("Password baru").fill("DosenBaru123");
  await page.getByLabel("Konfirmasi password").fill("DosenBaru123");
  await page.getByRole("button", { name: "Simpan Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, people[0]!.nidn, "DosenBaru123");
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("Tautan ini tidak berlaku");

  // Another imported lecturer, still without a password, signs in with the campus account.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("link", { name: "Masuk dengan akun kampus" }).click();
  await page.getByLabel("E-mail").fill(people[1]!.email);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);
  await expect(page.getByRole("heading", { name: `Selamat datang, ${people[1]!.nama}!` })).toBeVisible();

  // The first one again. Profil Saya: a wrong ORCID is refused on its field, a right one is saved and linked.
  await page.context().clearCookies();
  await login(page, people[0]!.nidn, "DosenBaru123");
  await expect(page).toHaveURL(/\/pengusul\/dashboard$/);
  await page.goto("/pengusul/profil");
  await page.getByLabel("No HP (WhatsApp)").fill("081234567000");
  await page.getByLabel("ORCID").fill("0000-0002-1825-0098");
  await page.getByRole("button", { name: "Simpan Profil" }).click();
  await expect(page.getByText("ORCID tidak valid: angka pemeriksanya")).toBeVisible();
  await page.getByLabel("ORCID").fill("0000-0002-1825-0097");
  await page.getByRole("button", { name: "Simpan Profil" }).click();
  await expect(page.getByRole("link", { name: "ORCID" })).toHaveAttribute("href", "https://orcid.org/0000-0002-1825-0097");
  await expect(page.getByLabel("No HP (WhatsApp)")).toHaveValue("081234567000");
}

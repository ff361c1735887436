/**
 * The lecturer's proposal from start to submission.
 * - `submitProposal` is the lecturers' part, shared with the whole cycle (lppm-siklus.*.spec.ts):
 *   the ketua creates a proposal, invites the colleague by name search, fills identity, RAB,
 *   luaran and uploads a PDF; 'Ajukan' lists the unmet rules; the colleague accepts in their own
 *   area, reached from the invitation's notice (one unread in the header); the ketua, told of the
 *   answer, follows that notice back to the proposal, fixes the RAB and submits; the detail page
 *   shows 'Diajukan' in the timeline.
 * - `proposalFlow` (lppm-usulan.js.spec.ts and .nojs.spec.ts) first creates the two lecturers in
 *   user management and writes a faculty, study programme, skema and open periode into the e2e
 *   server's database (`openProposalCall`).
 * Every person signs in through the login form; every wait is on what the user sees.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { groupRupiah } from "../../app/lib/util/rupiah";
import { createUserViaUi, type Db, expect, followNotice, inboxLink, inboxName, openProposalCall, signInAs, uniqueNidn, unique } from "./fixtures";

const PASSWORD = "Rahasia123x";
/** Plain lecturers: they sign in and land in the proposer's area. */
const LECTURER_ROLES = ["Pengusul"];

function pdfSample(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "etalase-usulan-e2e-")), "proposal-kayu.pdf");
  fs.writeFileSync(file, `%PDF-1.4\n1 0 obj\n<<>>\nendobj\n${"isi usulan ".repeat(200)}\n%%EOF\n`);
  return file;
}

async function tab(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Bagian usulan" }).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`bagian=${name.toLowerCase()}`));
}

/** What the submitted proposal asks for: Bahan 3 × 3.000.000 and Honor 900.000 (under its 10 %). */
export const DANA_DIUSULKAN = 9_900_000;

export type Lecturer = { username: string; name: string; nidn: string | null };

export type ProposalInput = {
  ketua: Lecturer;
  /** Invited by name search; must accept before the proposal can be submitted. */
  anggota: Lecturer;
  password: string;
  /** The option of the open call, "<tahun> · <skema>". */
  periodeLabel: string;
  judul: string;
};

/** The ketua's and the colleague's steps; returns the proposal's detail path. */
export async function submitProposal(page: Page, { ketua, anggota, password, periodeLabel, judul }: ProposalInput): Promise<string> {
  // The ketua starts a proposal in the open call (nothing in their inbox yet).
  await signInAs(page, ketua.username, password);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(0));
  await page.goto("/pengusul/penelitian/usulan-baru");
  await page.getByRole("link", { name: "+ Usulan Baru" }).click();
  const dialog = page.getByRole("dialog", { name: "Usulan Baru Penelitian" });
  const periodeValue = await dialog.locator("option", { hasText: periodeLabel }).getAttribute("value");
  await dialog.getByLabel("Periode / Skema").selectOption(periodeValue!);
  await dialog.getByLabel("Judul").fill(judul);
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/pengusul\/usulan\/\d+\?bagian=identitas$/);
  const detailUrl = new URL(page.url()).pathname;

  // Identity.
  await page.getByLabel("Ringkasan").fill("Penelitian ini menguji pengering kayu jati bertenaga surya bagi pengrajin.");
  await page.getByLabel("Kata kunci").fill("kayu jati, tenaga surya, pengeringan");
  await page.getByLabel("Bidang fokus").fill("Energi terbarukan");
  await page.getByLabel("TKT").fill("2");
  await page.getByLabel("Lama kegiatan (bulan)").fill("12");
  await page.getByRole("button", { name: "Simpan" }).click();
  await expect(page.getByTestId("syarat")).not.toContainText("Identitas usulan belum lengkap");

  // Team: the colleague found by name, invited.
  await tab(page, "Tim");
  await page.getByLabel("Cari dosen (NIDN atau nama, semua fakultas)").fill(anggota.name);
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  const hit = page.getByTestId("hasil-dosen").getByRole("listitem").filter({ hasText: anggota.name });
  await hit.getByRole("button", { name: "Undang" }).click();
  await expect(page.getByTestId("anggota")).toContainText(`${anggota.name} · ${anggota.nidn}`);
  await expect(page.getByTestId("anggota")).toContainText("Menunggu jawaban");

  // RAB: Honor over its 10 % share on purpose.
  await tab(page, "RAB");
  for (const line of [
    { kelompok: "Honor", item: "Honor peneliti", satuan: "OB", volume: "1", harga: "5.000.000" },
    { kelompok: "Bahan", item: "Kolektor surya", satuan: "unit", volume: "3", harga: "3.000.000" },
  ]) {
    await page.getByLabel(/^Kelompok( \*)?$/).selectOption(line.kelompok);
    await page.getByLabel(/^Item( \*)?$/).fill(line.item);
    await page.getByLabel(/^Satuan( \*)?$/).fill(line.satuan);
    await page.getByLabel(/^Volume( \*)?$/).fill(line.volume);
    await page.getByLabel("Harga satuan (Rp)").fill(line.harga);
    await page.getByRole("button", { name: "Tambah Baris" }).click();
    await expect(page.getByRole("cell", { name: line.item, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("rab-total")).toContainText("Rp. 14.000.000");

  // Luaran and the PDF.
  await tab(page, "Luaran");
  await page.getByLabel(/^Jenis luaran( \*)?$/).selectOption("Jurnal nasional terakreditasi");
  await page.getByLabel("Target status").selectOption("Submitted");
  await page.getByRole("button", { name: "Tambah Luaran" }).click();
  await expect(page.getByRole("cell", { name: "Jurnal nasional terakreditasi", exact: true })).toBeVisible();
  await tab(page, "Dokumen");
  await page.getByLabel("Berkas usulan (PDF)").setInputFiles(pdfSample());
  await page.getByRole("button", { name: "Unggah" }).click();
  await expect(page.getByTestId("dokumen")).toContainText("versi 1 · proposal-kayu.pdf");

  // 'Ajukan' too early: every unmet rule at once, nothing submitted.
  await page.getByRole("button", { name: "Ajukan" }).click();
  const refusal = page.getByTestId("ajukan-ditolak");
  await expect(refusal).toContainText("Semua anggota harus menyetujui undangan sebelum usulan diajukan.");
  await expect(refusal).toContainText("Honor melebihi 10% dari total RAB.");

  // The colleague, told of the invitation, follows its notice to their own area and accepts.
  // (The steps after a notice here are plain form posts, hydrated or not: no wait for hydration.)
  await signInAs(page, anggota.username, password);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(1));
  await followNotice(page, "Undangan anggota usulan", judul, false);
  await expect(page).toHaveURL(/\/pengusul\/penelitian\/usulan-baru$/);
  const invitation = page.getByRole("region", { name: "Undangan Menjadi Anggota" });
  await expect(invitation).toContainText(judul);
  await invitation.getByRole("button", { name: "Terima" }).click();
  await expect(page.getByRole("region", { name: "Undangan Menjadi Anggota" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: judul })).toBeVisible();

  // The ketua, told of the answer, follows its notice to the proposal, fixes the Honor line and submits.
  await signInAs(page, ketua.username, password);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(1));
  await followNotice(page, "Undangan diterima", judul, false);
  await expect(page).toHaveURL(new RegExp(`${detailUrl}$`));
  await tab(page, "RAB");
  await page.getByRole("button", { name: "Hapus Honor peneliti" }).click();
  await expect(page.getByRole("cell", { name: "Honor peneliti", exact: true })).toHaveCount(0);
  await page.getByLabel(/^Kelompok( \*)?$/).selectOption("Honor");
  await page.getByLabel(/^Item( \*)?$/).fill("Honor pembantu peneliti");
  await page.getByLabel(/^Satuan( \*)?$/).fill("OB");
  await page.getByLabel(/^Volume( \*)?$/).fill("1");
  await page.getByLabel("Harga satuan (Rp)").fill("900.000");
  await page.getByRole("button", { name: "Tambah Baris" }).click();
  await expect(page.getByRole("cell", { name: "Honor pembantu peneliti", exact: true })).toBeVisible();
  await expect(page.getByTestId("rab-total")).toContainText(`Rp. ${groupRupiah(DANA_DIUSULKAN)}`);
  await expect(page.getByText("Semua syarat pengajuan terpenuhi.")).toBeVisible();
  await page.getByRole("button", { name: "Ajukan" }).click();
  await expect(page).toHaveURL(new RegExp(`${detailUrl}$`));
  const timeline = page.getByTestId("timeline");
  await expect(timeline.locator("[data-status]")).toHaveText(["Draf", "Diajukan"]);
  await expect(page.locator("header [data-status]")).toHaveText("Diajukan");
  return detailUrl;
}

export async function proposalFlow(page: Page, db: Db) {
  const ketua = { username: `ketua${unique()}`, name: `Dr. Ketua ${unique()}`, nidn: uniqueNidn() };
  const anggota = { username: `anggota${unique()}`, name: `Dr. Sahabat ${unique()}`, nidn: uniqueNidn() };
  for (const user of [ketua, anggota]) {
    await createUserViaUi(page, { ...user, password: PASSWORD, no_hp: "081355556666", roles: LECTURER_ROLES, jabatan: "Lektor" });
  }
  const { periodeLabel } = openProposalCall(db, { tag: unique(), usernames: [ketua.username, anggota.username] });
  await submitProposal(page, { ketua, anggota, password: PASSWORD, periodeLabel, judul: "Pengering Kayu Jati Tenaga Surya" });
}

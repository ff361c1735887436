/**
 * DINILAI → BERJALAN, the end of the whole cycle (lppm-siklus.*.spec.ts): the secretary's
 * 'Setujui' and the head's 'Setujui', each over the whole proposal (team, RAB, documents, the
 * reviewers' scores by name), the head opening a proposal from the ranking board and downloading
 * its PDF, 'Tetapkan' with an SK (and the winners' XLSX), the proposer's perbaikan beside the
 * reviewers' scores and comments without their names ('Unggah', a RAB line, 'Ajukan') and the
 * operator's 'Terima' → 'Berjalan'. Whoever must act next sees the notice in the header's count
 * when they sign in; the proposer reads 'Didanai' in their inbox, the operator follows the
 * revision's notice to Perbaikan Usulan. Every person signs in through the login form; only
 * what a user sees is waited on.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { groupRupiah } from "../../app/lib/util/rupiah";
import {
  dialog,
  expect,
  followNotice,
  inboxLink,
  inboxName,
  openPage,
  row,
  signInAs,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  unreadItem,
} from "./fixtures";

/** One DINILAI proposal and what its people should see. */
export type PenetapanRun = {
  periodeId: number;
  judul: string;
  /** Who signs in, each with `password`. */
  users: { sekretaris: string; kepala: string; pengusul: string };
  /** The ketua's name, as the deciders read it on the team. */
  ketua: string;
  password: string;
  /** The first reviewer as the secretary's detail shows them; the two totals must be > 20 % apart (the flag). */
  reviewer1: { name: string; total: number; justifikasi: string };
  /** The second reviewer's name (the proposer never reads either). */
  reviewer2: string;
  /** The proposer's unread notices when they come to revise: every change since they last read their inbox. */
  pengusulUnread: number;
  totals: readonly [number, number];
  /** The funding the board proposes: the reviewers' mean recommendation, within the request. */
  dana: number;
  kuota: number;
  /** The amount of the one perbaikan RAB line (within `dana`). */
  rabPerbaikan: number;
};

function samplePdf(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-penetapan-"));
  const file = path.join(dir, "perbaikan.pdf");
  fs.writeFileSync(file, "%PDF-1.4\n% Perbaikan usulan\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  return file;
}

/** The proposal's whole record in a decider's dialog: team, RAB with its total, documents, the timeline. */
async function expectWholeProposal(detail: Locator, ketua: string) {
  await expect(detail.getByRole("region", { name: "Tim Pengusul" })).toContainText(ketua);
  await expect(detail.getByRole("region", { name: "Rencana Anggaran Biaya (RAB)" }).getByTestId("rab-total")).toContainText("Total RAB");
  await expect(detail.getByRole("region", { name: "Target Luaran" })).toBeVisible();
  await expect(detail.getByRole("link", { name: "Unduh Usulan versi 1" })).toBeVisible();
  await expect(detail.getByTestId("timeline")).toContainText("Dinilai");
}

/** The reviews as the proposer reads them: scores, justifications and totals, reviewers unnamed. */
async function expectAnonymousReviews(section: Locator, run: PenetapanRun) {
  await expect(section.getByRole("heading", { name: "Hasil Penilaian Reviewer" })).toBeVisible();
  await expect(section.getByRole("heading", { name: /^Reviewer \d+$/ })).toHaveText(["Reviewer 1", "Reviewer 2"]);
  await expect(section.getByText(`Total nilai: ${run.reviewer1.total}`)).toBeVisible();
  await expect(section.getByText(run.reviewer1.justifikasi).first()).toBeVisible();
  await expect(section).not.toContainText(run.reviewer1.name);
  await expect(section).not.toContainText(run.reviewer2);
}

/** Picks a status in the list's filter and applies it with 'Cari' (works with and without JS). */
async function filterStatus(page: Page, label: string) {
  await page.getByLabel("Status").selectOption({ label });
  await page.getByRole("button", { name: "Cari" }).click();
  await expect(page).toHaveURL(/[?&]status=/);
}

export async function penetapanFlow(page: Page, run: PenetapanRun, { js }: { js: boolean }) {
  const { judul, password, users, ketua } = run;
  const dana = groupRupiah(run.dana);

  // Sekretaris: the flag on the list, the scores in the detail, 'Setujui'.
  await signInAs(page, users.sekretaris, password);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(1));
  await openPage(page, "/sekretarislppm/persetujuan-usulan/usulan-reguler", js);
  await expect(row(page, judul)).toContainText("Selisih nilai reviewer > 20%");
  await page.getByRole("link", { name: `Detail ${judul}` }).click();
  const detail = dialog(page, "Detail Usulan");
  await expect(detail.getByRole("heading", { level: 1, name: judul })).toBeVisible();
  await expectWholeProposal(detail, ketua);
  await expect(detail.getByRole("heading", { name: `Reviewer 1: ${run.reviewer1.name}` })).toBeVisible();
  await expect(detail.getByText(`Total nilai: ${run.reviewer1.total}`)).toBeVisible();
  await expect(detail.getByText(run.reviewer1.justifikasi).first()).toBeVisible();
  // 'Kembalikan' without a note: refused in the dialog, nothing changes.
  await detail.getByRole("button", { name: "Kembalikan" }).click();
  await expect(dialog(page, "Detail Usulan").getByRole("alert")).toHaveText("Catatan wajib diisi.");
  await dialog(page, "Detail Usulan").getByRole("button", { name: "Setujui" }).click();
  await expect(dialog(page, "Detail Usulan")).toHaveCount(0);
  await expect(row(page, judul)).toHaveCount(0);

  // Kepala: 'Setujui' over the whole proposal → Direkomendasikan.
  await signInAs(page, users.kepala, password);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(1));
  await openPage(page, "/kepalalppm/persetujuan-usulan/usulan-reguler", js);
  await page.getByRole("link", { name: `Detail ${judul}` }).click();
  await expectWholeProposal(dialog(page, "Detail Usulan"), ketua);
  await dialog(page, "Detail Usulan").getByRole("button", { name: "Setujui" }).click();
  await expect(row(page, judul)).toHaveCount(0);
  await filterStatus(page, "Direkomendasikan");
  await expect(row(page, judul)).toContainText("Direkomendasikan");

  // Kepala: the ranking board; its row opens the whole proposal and its PDF.
  await openPage(page, `/kepalalppm/penetapan-pemenang/usulan-reguler?periode=${run.periodeId}`, js);
  await row(page, judul).getByRole("link", { name: `Detail ${judul}` }).click();
  const fromBoard = dialog(page, "Detail Usulan");
  await expect(fromBoard.getByRole("heading", { level: 1, name: judul })).toBeVisible();
  await expectWholeProposal(fromBoard, ketua);
  await expect(fromBoard.getByRole("heading", { name: `Reviewer 1: ${run.reviewer1.name}` })).toBeVisible();
  const [proposal] = await Promise.all([page.waitForEvent("download"), fromBoard.getByRole("link", { name: "Unduh Usulan versi 1" }).click()]);
  expect(fs.readFileSync(await proposal.path()).subarray(0, 5).toString()).toBe("%PDF-");
  await fromBoard.getByRole("link", { name: "Tutup" }).click();
  await expect(dialog(page, "Detail Usulan")).toHaveCount(0);

  // Kepala: 'Tetapkan' with an SK, the winners' XLSX.
  const boardRow = row(page, judul);
  await expect(boardRow).toContainText(run.totals.join(" · "));
  await expect(page.getByText("Sisa kuota judul")).toBeVisible();
  await expect(boardRow.getByRole("radio", { name: "Ya" })).toBeChecked();
  await expect(boardRow.getByRole("textbox")).toHaveValue(dana);
  await expect(page.getByText(`Dipilih 1 judul, Rp. ${dana} (sisa kuota ${run.kuota},`, { exact: false })).toBeVisible();
  if (js) {
    // The batch's sum follows the form as the head changes it.
    await boardRow.getByRole("radio", { name: "Tidak" }).check();
    await expect(page.getByText(/^Dipilih 0 judul, Rp\. 0 /)).toBeVisible();
    await boardRow.getByRole("radio", { name: "Ya" }).check();
    const less = groupRupiah(run.dana - 500_000);
    await boardRow.getByRole("textbox").fill(less);
    await expect(page.getByText(`Dipilih 1 judul, Rp. ${less} (`, { exact: false })).toBeVisible();
    await boardRow.getByRole("textbox").fill(dana);
  }
  const sk = `SK/${run.periodeId}/LPPM/2026`;
  await page.getByLabel("Nomor SK").fill(sk);
  await page.getByRole("button", { name: "Tetapkan" }).click();
  await expect(page.getByText(`SK ${sk} tanggal`)).toBeVisible();
  await expect(page.getByText("Tidak ada usulan direkomendasikan pada periode ini.")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Unduh Daftar pemenang (SK) (XLSX)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pemenang-2026-penelitian-dasar-.+\.xlsx$/);
  const saved = await download.path();
  expect(fs.readFileSync(saved).subarray(0, 2).toString()).toBe("PK");

  // Pengusul: told of every change, reads 'Didanai' in the inbox and marks all read; then the
  // revised PDF, a RAB line within the approved funding, 'Ajukan'.
  await signInAs(page, users.pengusul, password);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(run.pengusulUnread));
  const didanai = await unreadItem(page, "Usulan: Didanai", judul);
  await expect(didanai).toContainText(`Usulan "${judul}" kini berstatus Didanai.`);
  await page.getByRole("button", { name: "Tandai semua dibaca" }).click();
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(0));
  await openPage(page, "/pengusul/penelitian/perbaikan-usulan", js);
  await expect(row(page, judul)).toContainText("Didanai");
  await expect(row(page, judul)).toContainText(dana);
  await page.getByRole("link", { name: `Perbaikan ${judul}` }).click();
  const perbaikan = dialog(page, judul);
  // The reviews to revise against: every score and comment, nobody named.
  await expectAnonymousReviews(perbaikan, run);
  await perbaikan.locator('input[name="dokumen"]').setInputFiles(samplePdf());
  await perbaikan.getByRole("button", { name: "Unggah" }).click();
  await expect(dialog(page, judul).getByRole("link", { name: "Unduh versi 1: perbaikan.pdf" })).toBeVisible();
  await dialog(page, judul).getByLabel("Kelompok").selectOption("Bahan");
  await dialog(page, judul).getByLabel("Item", { exact: true }).fill("Semen dan abu sekam");
  await dialog(page, judul).getByLabel("Satuan", { exact: true }).fill("paket");
  await dialog(page, judul).getByLabel("Volume").fill("1");
  await dialog(page, judul).getByLabel("Harga satuan").fill(groupRupiah(run.rabPerbaikan));
  await dialog(page, judul).getByRole("button", { name: "Tambah baris RAB" }).click();
  await expect(dialog(page, judul).getByRole("cell", { name: "Semen dan abu sekam", exact: true })).toBeVisible();
  await dialog(page, judul).getByRole("button", { name: "Ajukan" }).click();
  await expect(dialog(page, judul)).toHaveCount(0);
  await expect(row(page, judul)).toContainText("Perbaikan Diajukan");

  // Operator: follows the revision's notice to Perbaikan Usulan; 'Terima' → Berjalan.
  await signInAs(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName("some"));
  await followNotice(page, "Usulan: Perbaikan Diajukan", judul, js);
  await expect(page).toHaveURL(/\/operator\/lppm\/perbaikan-usulan$/);
  await page.getByRole("link", { name: `Detail ${judul}` }).click();
  await expect(dialog(page, judul).getByRole("link", { name: "Unduh versi 1: perbaikan.pdf" })).toBeVisible();
  await dialog(page, judul).getByRole("button", { name: "Terima" }).click();
  await expect(row(page, judul)).toHaveCount(0);
  await filterStatus(page, "Berjalan");
  await expect(row(page, judul)).toContainText("Berjalan");
}

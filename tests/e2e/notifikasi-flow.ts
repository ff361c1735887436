/**
 * A transition reaches the next person's inbox (notifikasi.js.spec.ts and .nojs.spec.ts): the
 * faculty verifier approves a submitted proposal; its proposer then sees 'Notifikasi' with one
 * unread in the header, finds the message in their inbox, opens it ('Buka') and lands on the
 * proposal, and the count is gone. Everyone signs in through the login form; every wait is on
 * what the user sees.
 */
import type { Page } from "@playwright/test";
import { type Db, dialog, expect, inboxLink as header, openPage, row, seedReviewScenario, signInAs, TEST_OPERATOR_PASSWORD, unique } from "./fixtures";

/** The scenario's people share the seeded operator's password. */
const PASSWORD = TEST_OPERATOR_PASSWORD;

export async function inboxFlow(page: Page, db: Db, { js }: { js: boolean }) {
  const s = seedReviewScenario(db, { tag: `Notif ${unique()}` });

  // Nothing yet for the proposer: the header link says only 'Notifikasi'.
  await signInAs(page, s.users.ketua.username, PASSWORD);
  await expect(header(page)).toHaveAccessibleName("Notifikasi");

  // The verifier of the ketua's faculty approves the proposal.
  await signInAs(page, s.users.verifikatorA.username, PASSWORD);
  await openPage(page, "/operatorfakultas/persetujuan-usulan/usulan-reguler", js);
  await page.getByRole("link", { name: `Lihat ${s.judul}` }).click();
  await dialog(page, "Detail Usulan").getByRole("button", { name: "Setujui" }).click();
  await expect(dialog(page, "Detail Usulan")).toHaveCount(0);
  await expect(row(page, s.judul)).toHaveCount(0);
  // The one who acted is not told of their own move.
  await expect(header(page)).toHaveAccessibleName("Notifikasi");

  // The proposer: one unread in the header, and the message in the inbox.
  await signInAs(page, s.users.ketua.username, PASSWORD);
  await expect(header(page)).toHaveAccessibleName("Notifikasi, 1 belum dibaca");
  await expect(header(page)).toContainText("1");
  await header(page).click();
  await expect(page).toHaveURL(/\/pengusul\/kotak-masuk$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifikasi" })).toBeVisible();
  const item = row(page, "Usulan: Disetujui Fakultas");
  await expect(item).toContainText(`Usulan "${s.judul}" kini berstatus Disetujui Fakultas.`);
  await expect(item).toContainText("Baru");

  // 'Buka' marks it read and goes where the proposer follows it: the proposal.
  await item.getByRole("button", { name: "Buka: Usulan: Disetujui Fakultas" }).click();
  await expect(page).toHaveURL(new RegExp(`/pengusul/usulan/${s.usulan}$`));
  await expect(header(page)).toHaveAccessibleName("Notifikasi");

  // Back in the inbox the message is read.
  await header(page).click();
  await expect(row(page, "Usulan: Disetujui Fakultas")).not.toContainText("Baru");
  await page.getByRole("button", { name: "Tandai semua dibaca" }).click();
  await expect(page).toHaveURL(/\/pengusul\/kotak-masuk/);
  await expect(header(page)).toHaveAccessibleName("Notifikasi");
}

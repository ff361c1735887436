/**
 * 's whole cycle: one penelitian proposal from DRAF to BERJALAN through every role, the
 * same steps with JavaScript on (lppm-siklus.js.spec.ts) and off (lppm-siklus.nojs.spec.ts).
 * Only the master data and the people are written into the worker server's database first
 * (`seedReviewScenario`, no proposal, every stage window open); the proposal itself is made on
 * the screens:
 * 1. ketua and anggota (./lppm-usulan-flow.ts): draft, invitation, RAB, luaran, PDF, refusals,
 *    acceptance, 'Ajukan' → Diajukan;
 * 2. verifier, operator, two reviewers (./lppm-review-flow.ts) → Dinilai;
 * 3. secretary, head (ranking board, SK, XLSX), the ketua's perbaikan, the operator's 'Terima'
 *    (./lppm-penetapan-flow.ts) → Berjalan;
 * 4. the ketua reads the whole status timeline on the proposal's page, and the reviewers'
 *    scores and comments without their names.
 * Every person signs in through the login form.
 */
import type { Page } from "@playwright/test";
import { type Db, expect, periodeOption, seedReviewScenario, signInAs, TEST_OPERATOR_PASSWORD, unique } from "./fixtures";
import { penetapanFlow } from "./lppm-penetapan-flow";
import { justifikasi, reviewFlow, SKOR_REVIEWER } from "./lppm-review-flow";
import { DANA_DIUSULKAN, submitProposal } from "./lppm-usulan-flow";

/** The scenario's people sign in with the seeded operator's password (tests/setup/lppm-review.ts). */
const PASSWORD = TEST_OPERATOR_PASSWORD;

/** The timeline the ketua reads at the end, oldest first. */
const TIMELINE = ["Draf", "Diajukan", "Disetujui Fakultas", "Review", "Dinilai", "Diverifikasi", "Direkomendasikan", "Didanai", "Perbaikan Diajukan", "Berjalan"];

export async function cycleFlow(page: Page, db: Db, { js }: { js: boolean }) {
  const tag = unique();
  const s = seedReviewScenario(db, { tag, usulan: false, semuaTahap: true });
  const { label: periodeLabel, kuota } = periodeOption(db, s.periode);
  const judul = `Pengering Kayu Jati Tenaga Surya ${tag}`;

  const detailUrl = await submitProposal(page, { ketua: s.users.ketua, anggota: s.users.anggota, password: PASSWORD, periodeLabel, judul });
  await reviewFlow(page, db, { ...s, judul }, { js });
  await penetapanFlow(
    page,
    {
      periodeId: s.periode,
      judul,
      users: { sekretaris: s.users.sekretaris.username, kepala: s.users.kepala.username, pengusul: s.users.ketua.username },
      ketua: s.users.ketua.name,
      password: PASSWORD,
      reviewer1: { name: s.users.reviewer1.name, total: SKOR_REVIEWER[0] * 100, justifikasi: justifikasi(SKOR_REVIEWER[0]) },
      reviewer2: s.users.reviewer2.name,
      totals: [SKOR_REVIEWER[0] * 100, SKOR_REVIEWER[1] * 100],
      // Both reviewers keep the form's proposal: the request itself.
      dana: DANA_DIUSULKAN,
      kuota,
      rabPerbaikan: DANA_DIUSULKAN - 900_000,
    },
    { js },
  );

  await signInAs(page, s.users.ketua.username, PASSWORD);
  await page.goto(detailUrl);
  await expect(page.getByTestId("timeline").locator("[data-status]")).toHaveText(TIMELINE);
  await expect(page.locator("header [data-status]")).toHaveText("Berjalan");
  const reviews = page.getByRole("region", { name: "Hasil Penilaian Reviewer" });
  await expect(reviews.getByRole("heading", { name: "Reviewer 2", exact: true })).toBeVisible();
  await expect(reviews.getByText(`Total nilai: ${SKOR_REVIEWER[1] * 100}`)).toBeVisible();
  await expect(reviews.getByText(justifikasi(SKOR_REVIEWER[1])).first()).toBeVisible();
  await expect(reviews).not.toContainText(s.users.reviewer1.name);
  await expect(reviews).not.toContainText(s.users.reviewer2.name);
}

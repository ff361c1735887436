/**
 * The LPPM's whole cycle: one penelitian proposal from DRAF to BERJALAN through every role, the
 * same steps with JavaScript on (lppm-siklus.js.spec.ts) and off (lppm-siklus.nojs.spec.ts).
 * Only the master data and the people are written into the worker server's database first
 * (`seedReviewScenario`, no proposal, every stage window open); the proposal itself is made on
 * the screens:
 * 1. ketua and anggota (./lppm-usulan-flow.ts): draft, invitation, RAB, luaran, PDF, refusals,
 *    acceptance, 'Ajukan' → Diajukan;
 * 2. verifier, operator, two reviewers — the second lets the deadline pass and is replaced by a
 *    further reviewer (./lppm-review-flow.ts) → Dinilai;
 * 3. secretary, head (ranking board, SK, XLSX), the ketua's perbaikan, the operator's 'Terima'
 *    (./lppm-penetapan-flow.ts) → Berjalan;
 * 4. the ketua reads the whole status timeline on the proposal's page, and the reviewers'
 *    scores and comments without their names.
 * Who is told: after each change, whoever must act next sees the count in the header when they
 * sign in, several follow the notice from their inbox to where they act (LPPM.md; workflow.ts
 * `notify`); and at the end, every person's e-mails about the proposal, as the server's stand-in
 * SMTP server received them (./support/mail.ts): one per change that concerned them, the
 * proposer's on every change of their proposal, each greeting them by name, naming the
 * proposal and linking to the page where they act.
 * Every person signs in through the login form.
 */
import type { Page } from "@playwright/test";
import {
  contactOf,
  type Db,
  E2E_MAIL_FROM,
  type E2eServer,
  expect,
  inboxLink,
  inboxName,
  mailsTo,
  mailTo,
  namaLppm,
  periodeOption,
  seedReviewScenario,
  signInAs,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  unique,
} from "./fixtures";
import { penetapanFlow } from "./lppm-penetapan-flow";
import { CATATAN_GANTI, justifikasi, reviewFlow, SKOR_REVIEWER } from "./lppm-review-flow";
import { DANA_DIUSULKAN, submitProposal } from "./lppm-usulan-flow";

/** The scenario's people sign in with the seeded operator's password (tests/setup/lppm-review.ts). */
const PASSWORD = TEST_OPERATOR_PASSWORD;

/** The timeline the ketua reads at the end, oldest first. */
const TIMELINE = ["Draf", "Diajukan", "Disetujui Fakultas", "Review", "Dinilai", "Diverifikasi", "Direkomendasikan", "Didanai", "Perbaikan Diajukan", "Berjalan"];

/**
 * The proposer's notices between their reading of the invitation's answer and their perbaikan:
 * Disetujui Fakultas, Review, Dinilai, Diverifikasi, Direkomendasikan, Didanai.
 */
const UNREAD_AT_PERBAIKAN = 6;

/** One e-mail a person must have had: its subject (without the sender), what it says, the page it links to. */
type Told = { username: string; subject: string; says: string; link: string | null };

/**
 * The e-mail `told` describes reached the person: from the server's sender, the subject signed
 * with the institute's name, greeting them by name, saying `says`, and with SITE_URL (the e2e
 * servers set their own address) the page's full address, as text and as an HTML link.
 */
async function expectMail(server: E2eServer, db: Db, judul: string, told: Told) {
  const { name, email } = contactOf(db, told.username);
  const mail = await mailTo(server, email, `${told.subject} — ${namaLppm(db)}`, judul);
  expect(mail.from).toBe(E2E_MAIL_FROM);
  expect(mail.text).toContain(`Yth. ${name},`);
  expect(mail.text).toContain(told.says);
  if (told.link) {
    expect(mail.text).toContain(`Buka halaman: ${server.url}${told.link}`);
    expect(mail.html).toContain(`<a href="${server.url}${told.link}">`);
  } else {
    expect(mail.text).not.toContain("Buka halaman:");
  }
}

/** The subjects of the e-mails `username` received about the proposal `judul`, oldest first, without the sender. */
function subjectsAbout(server: E2eServer, db: Db, username: string, judul: string): string[] {
  const suffix = ` — ${namaLppm(db)}`;
  return mailsTo(server, contactOf(db, username).email)
    .filter((mail) => mail.text.includes(`"${judul}"`))
    .map((mail) => mail.subject.replace(suffix, ""));
}

export async function cycleFlow(page: Page, db: Db, server: E2eServer, { js }: { js: boolean }) {
  const tag = unique();
  const s = seedReviewScenario(db, { tag, usulan: false, semuaTahap: true });
  const { label: periodeLabel, kuota } = periodeOption(db, s.periode);
  const judul = `Pengering Kayu Jati Tenaga Surya ${tag}`;

  const detailUrl = await submitProposal(page, { ketua: s.users.ketua, anggota: s.users.anggota, password: PASSWORD, periodeLabel, judul });
  const usulan = Number(detailUrl.split("/").at(-1));
  const { pengganti } = await reviewFlow(page, db, { ...s, usulan, judul }, { js });
  await penetapanFlow(
    page,
    {
      periodeId: s.periode,
      judul,
      users: { sekretaris: s.users.sekretaris.username, kepala: s.users.kepala.username, pengusul: s.users.ketua.username },
      ketua: s.users.ketua.name,
      password: PASSWORD,
      reviewer1: { name: s.users.reviewer1.name, total: SKOR_REVIEWER[0] * 100, justifikasi: justifikasi(SKOR_REVIEWER[0]) },
      reviewer2: pengganti.name,
      pengusulUnread: UNREAD_AT_PERBAIKAN,
      totals: [SKOR_REVIEWER[0] * 100, SKOR_REVIEWER[1] * 100],
      // Both reviewers keep the form's proposal: the request itself.
      dana: DANA_DIUSULKAN,
      kuota,
      rabPerbaikan: DANA_DIUSULKAN - 900_000,
    },
    { js },
  );

  // The proposer, told it runs, reads the timeline and the reviews: scores and comments, nobody named.
  await signInAs(page, s.users.ketua.username, PASSWORD);
  await expect(inboxLink(page)).toHaveAccessibleName(inboxName(1));
  await page.goto(detailUrl);
  await expect(page.getByTestId("timeline").locator("[data-status]")).toHaveText(TIMELINE);
  await expect(page.locator("header [data-status]")).toHaveText("Berjalan");
  const reviews = page.getByRole("region", { name: "Hasil Penilaian Reviewer" });
  await expect(reviews.getByRole("heading", { name: /^Reviewer \d+$/ })).toHaveText(["Reviewer 1", "Reviewer 2"]);
  await expect(reviews.getByText(`Total nilai: ${SKOR_REVIEWER[1] * 100}`)).toBeVisible();
  await expect(reviews.getByText(justifikasi(SKOR_REVIEWER[1])).first()).toBeVisible();
  for (const reviewer of [s.users.reviewer1.name, pengganti.name, s.users.reviewer2.name]) await expect(reviews).not.toContainText(reviewer);

  // Who was told by e-mail: the one who must act next, after each change (read from the files
  // the stand-in SMTP server keeps, not through a browser).
  const status = (label: string) => `Usulan "${judul}" kini berstatus ${label}.`;
  const u = s.users;
  for (const told of [
    { username: u.anggota.username, subject: "Undangan anggota usulan", says: `mengundang Anda menjadi anggota usulan penelitian "${judul}"`, link: "/pengusul/penelitian/usulan-baru" },
    { username: u.ketua.username, subject: "Undangan diterima", says: `${u.anggota.name} menerima undangan menjadi anggota usulan "${judul}".`, link: detailUrl },
    { username: u.verifikatorA.username, subject: "Usulan: Diajukan", says: status("Diajukan"), link: `/operatorfakultas/persetujuan-usulan/usulan-reguler?lihat=${usulan}` },
    { username: TEST_OPERATOR_USERNAME, subject: "Usulan: Disetujui Fakultas", says: status("Disetujui Fakultas"), link: `/operator/lppm/penugasan-reviewer?lihat=${usulan}` },
    { username: u.reviewer1.username, subject: "Usulan: Review", says: status("Review"), link: "/reviewer/evaluasi-administrasi" },
    { username: pengganti.username, subject: "Usulan: Penugasan review", says: `Anda ditugaskan mereview usulan "${judul}" (putaran 1) menggantikan reviewer sebelumnya`, link: "/reviewer/evaluasi-administrasi" },
    { username: u.reviewer2.username, subject: "Usulan: Penugasan review dialihkan", says: `dialihkan ke reviewer lain.\n\nCatatan: ${CATATAN_GANTI}`, link: null },
    { username: u.sekretaris.username, subject: "Usulan: Dinilai", says: status("Dinilai"), link: `/sekretarislppm/persetujuan-usulan/usulan-reguler?lihat=${usulan}` },
    { username: u.kepala.username, subject: "Usulan: Diverifikasi", says: status("Diverifikasi"), link: `/kepalalppm/persetujuan-usulan/usulan-reguler?lihat=${usulan}` },
    { username: u.ketua.username, subject: "Usulan: Didanai", says: status("Didanai"), link: detailUrl },
    { username: TEST_OPERATOR_USERNAME, subject: "Usulan: Perbaikan Diajukan", says: status("Perbaikan Diajukan"), link: "/operator/lppm/perbaikan-usulan" },
    { username: u.ketua.username, subject: "Usulan: Berjalan", says: status("Berjalan"), link: detailUrl },
  ] satisfies Told[]) {
    await expectMail(server, db, judul, told);
  }

  // Each person's e-mails about the proposal, in order: the proposer's on every change of it,
  // nobody's twice, nobody told of their own step.
  const about = (username: string) => subjectsAbout(server, db, username, judul);
  await expect.poll(() => about(u.ketua.username)).toEqual([
    "Undangan diterima",
    "Usulan: Disetujui Fakultas",
    "Usulan: Review",
    "Usulan: Dinilai",
    "Usulan: Diverifikasi",
    "Usulan: Direkomendasikan",
    "Usulan: Didanai",
    "Usulan: Berjalan",
  ]);
  await expect.poll(() => about(u.anggota.username)).toEqual(["Undangan anggota usulan", "Usulan: Diajukan", "Usulan: Didanai", "Usulan: Berjalan"]);
  expect(about(u.verifikatorA.username)).toEqual(["Usulan: Diajukan"]);
  expect(about(u.reviewer1.username)).toEqual(["Usulan: Review"]);
  expect(about(u.reviewer2.username)).toEqual(["Usulan: Review", "Usulan: Penugasan review dialihkan"]);
  expect(about(pengganti.username)).toEqual(["Usulan: Penugasan review"]);
  expect(about(u.sekretaris.username)).toEqual(["Usulan: Dinilai"]);
  expect(about(u.kepala.username)).toEqual(["Usulan: Diverifikasi"]);
  // The daily overdue report (its first run a minute after the server started) may also have
  // named the proposal to the operator: it is not a step of the proposal.
  expect(about(TEST_OPERATOR_USERNAME).filter((subject) => subject !== "Penugasan review lewat tenggat")).toEqual([
    "Usulan: Disetujui Fakultas",
    "Usulan: Didanai",
    "Usulan: Perbaikan Diajukan",
  ]);
}

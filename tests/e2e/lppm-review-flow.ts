/**
 * One proposal from DIAJUKAN to DINILAI through the browser (lppm-review.js.spec.ts and
 * lppm-review.nojs.spec.ts): the faculty verifier approves it, the operator assigns two
 * reviewers, both check the administrasi and score the substansi, and the proposal shows
 * 'Dinilai'. The scenario is written into the worker's server database first
 * (./lppm-review-seed.ts). The operator signs in through the login form; the LPPM-only people
 * get their session row written beside the scenario (the login of users without the Operator
 * role is another part of issue 12), with the cookie signed as the server signs it.
 */
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { createCookie } from "react-router";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, TEST_SESSION_SECRET } from "../setup/constants";
import { dialog, expect, login, row, toast, unique } from "./operator-fixtures";
import { seedReviewScenario, type ReviewScenario } from "./lppm-review-seed";

function withDb<T>(serverDir: string, run: (db: Database.Database) => T): T {
  const db = new Database(path.join(serverDir, "etalase.db"));
  try {
    db.pragma("busy_timeout = 5000");
    return run(db);
  } finally {
    db.close();
  }
}

export function seedInto(serverDir: string): ReviewScenario {
  return withDb(serverDir, (db) => seedReviewScenario(db, { tag: unique() }));
}

const sessionCookie = createCookie("etalase_sid", { httpOnly: true, sameSite: "lax", path: "/", secrets: [TEST_SESSION_SECRET] });

/** A session for `userId` as sessions.server.ts writes one (only its hash is stored). */
async function signInAsUser(page: Page, serverDir: string, userId: number) {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  withDb(serverDir, (db) =>
    db
      .prepare("insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)")
      .run(crypto.createHash("sha256").update(id).digest("hex"), userId, now, now, now + 24 * 60 * 60 * 1000),
  );
  const value = (await sessionCookie.serialize(id)).split(";")[0]!.slice("etalase_sid=".length);
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "etalase_sid", value, url: SERVER_URL.current }]);
}

/** The worker server's address (for cookies before the first navigation). */
const SERVER_URL = { current: "" };

async function operatorLogin(page: Page) {
  await page.context().clearCookies();
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
}

/** A save went through: the dialog is closed, and with JavaScript the toast says so. */
async function saved(page: Page, title: string, js: boolean) {
  if (js) await expect(toast(page, "Data berhasil disimpan")).toBeVisible();
  await expect(dialog(page, title)).toHaveCount(0);
}

/**
 * The penelitian substansi criteria as the server has them now: another spec on the same worker
 * server may have edited the seeded rubric (the master-data flow renames one), so never assume
 * the defaults' names.
 */
function kriteriaSubstansi(serverDir: string): string[] {
  return withDb(serverDir, (db) =>
    (
      db
        .prepare(
          "select k.kriteria from rubrik_kriteria k join rubrik r on r.id = k.id_rubrik where r.jenis = 'penelitian' and r.tahap = 'substansi' order by k.urutan",
        )
        .all() as { kriteria: string }[]
    ).map((r) => r.kriteria),
  );
}

export async function reviewFlow(page: Page, server: { url: string; dir: string }, s: ReviewScenario, { js }: { js: boolean }) {
  SERVER_URL.current = server.url;
  const signInAs = (p: Page, userId: number) => signInAsUser(p, server.dir, userId);
  // 1. The verifier of the ketua's faculty approves.
  await signInAs(page, s.users.verifikatorA.id);
  await page.goto("/operatorfakultas/persetujuan-usulan/usulan-reguler");
  await page.getByRole("link", { name: `Lihat ${s.judul}` }).click();
  const detail = dialog(page, "Detail Usulan");
  await expect(detail.getByRole("region", { name: "Tim Pengusul" })).toContainText(s.users.ketua.name);
  // 'Tolak' needs a note: refused, the dialog stays with the message.
  await detail.getByRole("button", { name: "Tolak" }).click();
  await expect(dialog(page, "Detail Usulan").getByText("Catatan wajib diisi.")).toBeVisible();
  await dialog(page, "Detail Usulan").getByRole("button", { name: "Setujui" }).click();
  await saved(page, "Detail Usulan", js);
  await expect(row(page, s.judul)).toHaveCount(0);

  // 2. The operator assigns two reviewers with the proposed deadline.
  await operatorLogin(page);
  await page.goto("/operator/lppm/penugasan-reviewer?status=DISETUJUI_FAKULTAS");
  await expect(row(page, s.judul)).toContainText("Disetujui Fakultas");
  await page.getByRole("link", { name: `Lihat ${s.judul}` }).click();
  const assign = dialog(page, "Tugaskan Reviewer");
  await assign.getByLabel("Reviewer 1").selectOption({ label: `${s.users.reviewer1.name} — Manajemen ${s.tag}` });
  await assign.getByLabel("Reviewer 2").selectOption({ label: s.users.reviewer2.name });
  await expect(assign.getByLabel("Tenggat (WIB)")).not.toHaveValue("");
  await assign.getByRole("button", { name: "Tugaskan" }).click();
  await saved(page, "Tugaskan Reviewer", js);
  await page.goto("/operator/lppm/penugasan-reviewer?status=REVIEW");
  await expect(row(page, s.judul)).toContainText(`${s.users.reviewer1.name}, ${s.users.reviewer2.name}`);

  // 3. Each reviewer: administrasi (every item Lolos), then substansi.
  for (const [reviewer, skor] of [[s.users.reviewer1, "6"], [s.users.reviewer2, "5"]] as const) {
    await signInAs(page, reviewer.id);
    await page.goto("/reviewer/evaluasi-administrasi");
    await page.getByRole("link", { name: `Nilai ${s.judul}` }).click();
    const adm = dialog(page, "Evaluasi Administrasi");
    await expect(adm.getByRole("heading", { level: 1, name: s.judul })).toBeVisible();
    const lolos = adm.getByRole("radio", { name: "Lolos", exact: true });
    await expect(adm.getByRole("radiogroup", { name: "Hasil administrasi" })).toBeVisible();
    for (let i = 0; i < (await lolos.count()); i++) await lolos.nth(i).check();
    await adm.getByRole("button", { name: "Simpan Penilaian" }).click();
    await saved(page, "Evaluasi Administrasi", js);

    await page.goto("/reviewer/evaluasi-substansi");
    await page.getByRole("link", { name: `Nilai ${s.judul}` }).click();
    const sub = dialog(page, "Evaluasi Substansi");
    for (const kriteria of kriteriaSubstansi(server.dir)) {
      await sub.getByLabel(`Skor ${kriteria}`, { exact: true }).selectOption(skor);
      await sub.getByLabel(`Justifikasi ${kriteria}`, { exact: true }).fill(`Skor ${skor}: sesuai panduan.`);
    }
    await sub.getByRole("combobox", { name: /^Rekomendasi/ }).selectOption("Layak didanai");
    await sub.getByRole("button", { name: "Simpan Penilaian" }).click();
    await saved(page, "Evaluasi Substansi", js);
  }

  // 4. The round is complete: the proposal is 'Dinilai'.
  await page.goto("/reviewer/evaluasi-substansi?status=sudah");
  await expect(row(page, s.judul)).toContainText("Dinilai");
  await expect(row(page, s.judul)).toContainText(`Nilai ${5 * 100}`);
  await signInAs(page, s.users.verifikatorA.id);
  await page.goto("/operatorfakultas/persetujuan-usulan/usulan-reguler?status=semua");
  await expect(row(page, s.judul)).toContainText("Dinilai");
}

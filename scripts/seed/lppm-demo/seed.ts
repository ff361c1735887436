/**
 * The LPPM part of the demo (SEED_DEMO=1; LPPM.md, "Demo data"): 2 fakultas, 4 prodi, one open
 * periode per jenis, dosen, reviewers, a verifier per faculty, a secretary and a head, and
 * proposals in every status from DRAF to BERJALAN — each with its team, RAB, luaran, proposal
 * PDF, status timeline, reviewer assignments and scores, and the SK of the winners — so every
 * screen has something to show and to act on. Last year's call (its report and monev windows
 * open now) holds running and finished projects with their reports and monev in every status.
 * The publication incentives: a tariff table, this year's incentive call
 * (open) and last year's, and lecturers' claims in every status of the incentive workflow, each
 * with its evidence PDF and timeline, two SKs, and one claim prefilled from the finished project's
 * published article.
 *
 * The demo LPPM accounts share one generated password, handed over like the first operator's:
 * a file beside the database readable by its owner only (lppm-demo-password.txt), never the log
 * and never a fixed password in the code. Runs once: only while no fakultas exists.
 *
 * The async work (password hashes, PDFs) comes first; then every row in one transaction, step by
 * step, each step handed what the earlier ones made.
 */
import path from "node:path";
import { count } from "drizzle-orm";
import { catatDataDemo, LPPM_DEMO_PASSWORD_FILE } from "../../../app/domain/demo/demo.server";
import type { Db } from "../../../app/lib/server/db.server";
import type { Env } from "../../../app/lib/server/env.server";
import { generatePassword, hashPassword } from "../../../app/lib/server/password.server";
import { stagePrivateFile } from "../../../app/lib/server/private-files.server";
import * as schema from "../../../db/schema";
import { LPPM_DEMO_PEOPLE } from "./tables/people";
import { removeDemoDocuments, storeDemoDocuments } from "./documents";
import { seedInsentif } from "./insentif";
import { seedAccounts, seedCalls, seedFakultas } from "./masters";
import { seedUsulan } from "./usulan";

type Log = (message: string) => void;

/** Where the shared demo password goes (beside the database), or null for an in-memory one. */
export function lppmDemoPasswordFile(env: Pick<Env, "DATABASE_URL">): string | null {
  if (env.DATABASE_URL === ":memory:" || env.DATABASE_URL.startsWith("file:")) return null;
  return path.join(path.dirname(path.resolve(env.DATABASE_URL)), LPPM_DEMO_PASSWORD_FILE);
}

function isEmpty(db: Db): boolean {
  return (db.select({ n: count() }).from(schema.fakultas).get()?.n ?? 0) === 0;
}

export async function seedLppmDemo(db: Db, env: Env, log: Log): Promise<void> {
  if (!(env.SEED_DEMO_LPPM ?? env.SEED_DEMO) || !isEmpty(db)) return;
  const started = Date.now();
  const now = Date.now();

  // 1. Async work first: password hashes and the PDFs.
  const password = generatePassword();
  const hashes = await Promise.all(LPPM_DEMO_PEOPLE.map(() => hashPassword(password)));
  const documents = await storeDemoDocuments();

  const file = lppmDemoPasswordFile(env);
  const staged = file
    ? stagePrivateFile(
        file,
        [
          "Etalase: akun demo LPPM (semua memakai password yang sama)",
          `password: ${password}`,
          `akun: ${LPPM_DEMO_PEOPLE.map((p) => p.username).join(", ")}`,
          "",
          `Dibuat ${new Date().toISOString()}. Hanya untuk demo; hapus berkas ini setelah dicatat.`,
          "",
        ].join("\n"),
      )
    : null;

  // 2. Every row in one transaction.
  try {
    db.transaction((tx) =>
      // Marked as the demo's, so that removing the demo finds every row of it.
      catatDataDemo(tx, () => {
        const faculties = seedFakultas(tx);
        const accounts = seedAccounts(tx, hashes, faculties);
        const calls = seedCalls(tx, now);
        const capaian = seedUsulan(tx, { now, accounts, calls, documents: documents.usulan });
        seedInsentif(tx, { now, tahun: calls.tahun, accounts, capaian, bukti: documents.klaim });
      }),
    );
  } catch (error) {
    staged?.discard();
    await removeDemoDocuments(documents);
    throw error;
  }
  staged?.commit();
  const where = file ? `password-nya ada di ${path.basename(file)} di folder database (hanya bisa dibaca pemilik berkas)` : `password "${password}" (database sementara di memori)`;
  log(`[etalase] Demo LPPM dibuat dalam ${Date.now() - started} ms: ${LPPM_DEMO_PEOPLE.length} akun (${LPPM_DEMO_PEOPLE.map((p) => p.username).join(", ")}); ${where}.`);
}

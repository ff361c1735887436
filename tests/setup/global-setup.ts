/**
 * Vitest global setup: builds ONE seeded template (SQLite file + uploads folder) under
 * .tmp/template/<hash>/ and hands its path to the test files (`inject("templateDir")`).
 * Each test copies it with createTestDb(), so seeding (image rendering included) runs once.
 * The hash covers everything the seed depends on, so an unchanged seed is reused between runs.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { getEnv, resetEnvCache } from "../../app/lib/server/env.server";
import { migrateDb, openDb } from "../../app/lib/server/db.server";
import {
  TEMPLATE_DB_FILE,
  TEMPLATE_UPLOADS_DIR,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  TEST_SESSION_SECRET,
} from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder holding the seeded template database and uploads. */
    templateDir: string;
  }
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TEMPLATE_ROOT = path.join(ROOT, ".tmp/template");
/** What the seeded content depends on. */
const INPUTS = ["db", "app/domain", "app/lib", "tests/setup/constants.ts", "package-lock.json"];

function listFiles(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (fs.statSync(target).isFile()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(target, entry.name);
      if (entry.isDirectory()) return listFiles(full);
      return entry.name.includes(".test.") ? [] : [full];
    });
}

function inputsHash(): string {
  const hash = crypto.createHash("sha256");
  for (const file of INPUTS.flatMap((p) => listFiles(path.join(ROOT, p)))) {
    hash.update(path.relative(ROOT, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Size and mtime of every template upload: tests hard-link them, so a change must be noticed. */
function uploadsManifest(dir: string): string {
  const base = path.join(dir, TEMPLATE_UPLOADS_DIR);
  return listFiles(base)
    .map((file) => {
      const stat = fs.statSync(file);
      return `${path.relative(base, file)} ${stat.size} ${stat.mtimeMs}`;
    })
    .join("\n");
}

function templateIntact(dir: string): boolean {
  const marker = path.join(dir, ".complete");
  return fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === uploadsManifest(dir);
}

async function buildTemplate(target: string) {
  const building = `${target}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(path.join(building, TEMPLATE_UPLOADS_DIR), { recursive: true });

  const saved = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: "test",
    DATABASE_URL: path.join(building, TEMPLATE_DB_FILE),
    UPLOADS_DIR: path.join(building, TEMPLATE_UPLOADS_DIR),
    SEED_DEMO: "1",
    // The LPPM demo has its own test (scripts/seed/seed.test.ts); tests add the LPPM rows they need.
    SEED_DEMO_LPPM: "0",
    OPERATOR_USERNAME: TEST_OPERATOR_USERNAME,
    OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
    SESSION_SECRET: TEST_SESSION_SECRET,
  });
  resetEnvCache();
  try {
    const env = getEnv();
    const db = openDb(env.DATABASE_URL);
    try {
      migrateDb(db);
      const { seedDatabase } = await import("../../scripts/seed/seed");
      await seedDatabase(db, env);
      // Fold the WAL into the main file so one copied file is the whole database.
      db.$client.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      db.$client.close();
    }
  } finally {
    process.env = saved;
    resetEnvCache();
  }
  for (const suffix of ["-wal", "-shm"]) {
    fs.rmSync(path.join(building, TEMPLATE_DB_FILE + suffix), { force: true });
  }
  fs.writeFileSync(path.join(building, ".complete"), uploadsManifest(building));
  // Rename is atomic: a concurrent run sees either no template or a complete one.
  try {
    fs.renameSync(building, target);
  } catch (error) {
    if (!fs.existsSync(path.join(target, ".complete"))) throw error;
    fs.rmSync(building, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  const hash = inputsHash();
  const target = path.join(TEMPLATE_ROOT, hash);
  if (!templateIntact(target)) {
    fs.rmSync(target, { recursive: true, force: true });
    const started = Date.now();
    await buildTemplate(target);
    console.log(`[test] template database seeded in ${Date.now() - started} ms: ${path.relative(ROOT, target)}`);
  }
  // Keep only the current template (and builds of other runs younger than an hour).
  for (const entry of fs.readdirSync(TEMPLATE_ROOT)) {
    const full = path.join(TEMPLATE_ROOT, entry);
    const stale = !entry.includes(".building-") || Date.now() - fs.statSync(full).mtimeMs > 3_600_000;
    if (entry !== hash && stale) fs.rmSync(full, { recursive: true, force: true });
  }
  project.provide("templateDir", target);
}

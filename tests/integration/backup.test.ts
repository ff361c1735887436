/**
 * `npm run backup` (scripts/backup.mjs): a readable copy of the database and the uploads, in
 * folders only the owner can open (0700) and files only the owner can read (0600), whatever
 * the umask (issue 10, section 3).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../../bench/lib.mjs";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

function walk(dir: string): { dirs: string[]; files: string[] } {
  const out = { dirs: [dir], files: [] as string[] };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = walk(full);
      out.dirs.push(...inner.dirs);
      out.files.push(...inner.files);
    } else out.files.push(full);
  }
  return out;
}

describe("npm run backup", () => {
  it("copies the database and uploads into 0700 folders and 0600 files, even with a permissive umask", () => {
    const target = path.join(t.dir, "cadangan", "hari-ini");
    // umask 000 through the shell: nothing may depend on the caller's umask.
    const run = spawnSync(
      "sh",
      ["-c", `umask 000 && exec "${process.execPath}" scripts/backup.mjs "${target}"`],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.dbFile, UPLOADS_DIR: t.uploadsDir }, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Cadangan selesai: ${target}`);

    const { dirs, files } = walk(path.join(t.dir, "cadangan"));
    expect(files.length).toBeGreaterThan(10);
    for (const dir of dirs) expect((fs.statSync(dir).mode & 0o777).toString(8), dir).toBe("700");
    for (const file of files) expect((fs.statSync(file).mode & 0o777).toString(8), file).toBe("600");

    const copy = new Database(path.join(target, path.basename(t.dbFile)), { readonly: true });
    const original = t.db.$client.prepare("select count(*) as n from produk").get();
    expect(copy.prepare("select count(*) as n from produk").get()).toEqual(original);
    copy.close();
    expect(fs.readdirSync(path.join(target, "uploads")).sort()).toEqual(fs.readdirSync(t.uploadsDir).sort());
  });
});

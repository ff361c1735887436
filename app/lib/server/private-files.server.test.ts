import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDb } from "~/lib/server/db.server";
import { ensurePrivateDir, protectDatabaseFiles, stagePrivateFile } from "~/lib/server/private-files.server";

let tmp: string;
const mode = (file: string) => fs.statSync(file).mode & 0o777;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-private-"));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("protectDatabaseFiles", () => {
  it("creates the folder 0700 and the database 0600, and SQLite gives -wal/-shm the same mode", () => {
    const file = path.join(tmp, "a", "b", "etalase.db");
    const warnings: string[] = [];
    protectDatabaseFiles(file, (m) => warnings.push(m));
    expect(mode(path.join(tmp, "a", "b"))).toBe(0o700);
    expect(mode(path.join(tmp, "a"))).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    const db = openDb(file);
    db.$client.exec("create table t (x); insert into t values (1);");
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
    db.$client.close();
    expect(warnings).toEqual([]);
  });

  it("tightens an existing database's files to 0600 and warns about a folder others can open", () => {
    fs.chmodSync(tmp, 0o755);
    const file = path.join(tmp, "etalase.db");
    for (const suffix of ["", "-wal", "-shm"]) fs.writeFileSync(file + suffix, "", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const warnings: string[] = [];
    protectDatabaseFiles(file, (m) => warnings.push(m));
    for (const suffix of ["", "-wal", "-shm"]) expect(mode(file + suffix)).toBe(0o600);
    // An existing folder may hold more than the shop: it is named, not changed.
    expect(mode(tmp)).toBe(0o755);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`chmod 700 "${tmp}"`);
  });

  it("leaves an in-memory database alone", () => {
    expect(() => protectDatabaseFiles(":memory:")).not.toThrow();
  });
});

describe("stagePrivateFile", () => {
  it("writes 0600 under a temporary name; commit() renames it, discard() removes it", () => {
    const file = path.join(tmp, "rahasia", "operator-password.txt");
    const staged = stagePrivateFile(file, "password: x\n");
    expect(fs.existsSync(file)).toBe(false);
    staged.commit();
    expect(fs.readFileSync(file, "utf8")).toBe("password: x\n");
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);

    const other = stagePrivateFile(path.join(tmp, "lain.txt"), "y");
    other.discard();
    expect(fs.readdirSync(tmp).sort()).toEqual(["rahasia"]);
  });

  it("never reuses a leftover temporary file with looser permissions", () => {
    const file = path.join(tmp, "p.txt");
    ensurePrivateDir(tmp);
    fs.writeFileSync(`${file}.${process.pid}.tmp`, "lama", { mode: 0o644 });
    stagePrivateFile(file, "baru").commit();
    expect(fs.readFileSync(file, "utf8")).toBe("baru");
    expect(mode(file)).toBe(0o600);
  });
});

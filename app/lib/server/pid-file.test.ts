import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseHolder, pidFileOf, readHolder, releaseHolder, writeHolder } from "~/lib/server/pid-file.mjs";

describe("<database>.pid", () => {
  let dir: string;
  let dbFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-pid-"));
    dbFile = path.join(dir, "etalase.db");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is beside a file database, and none for an in-memory one", () => {
    expect(pidFileOf(dbFile)).toBe(`${dbFile}.pid`);
    expect(pidFileOf(":memory:")).toBeNull();
    expect(pidFileOf("file:x?mode=memory")).toBeNull();
  });

  it("names a live holder, owner-only; this process's own claim and a dead pid's are nobody", () => {
    writeHolder(dbFile, { pid: process.pid, peran: "server" });
    expect((fs.statSync(`${dbFile}.pid`).mode & 0o777).toString(8)).toBe("600");
    expect(readHolder(dbFile)).toMatchObject({ pid: process.pid, peran: "server" });
    expect(databaseHolder(dbFile)).toBeNull();
    // The parent (the test runner's Node) is alive: a holder.
    writeHolder(dbFile, { pid: process.ppid, peran: "pulihkan" });
    expect(databaseHolder(dbFile)).toMatchObject({ pid: process.ppid, peran: "pulihkan" });
    // A pid that is gone (kill -9, a power cut): stale.
    writeHolder(dbFile, { pid: 2 ** 22 + 7, peran: "server" });
    expect(databaseHolder(dbFile)).toBeNull();
  });

  it("an exclusive claim never overwrites one that is there; a release removes only its own", () => {
    writeHolder(dbFile, { pid: process.ppid, peran: "server" });
    expect(() => writeHolder(dbFile, { pid: process.pid, peran: "pulihkan" }, { exclusive: true })).toThrow(/EEXIST/);
    releaseHolder(dbFile, process.pid);
    expect(readHolder(dbFile)?.pid).toBe(process.ppid);
    releaseHolder(dbFile, process.ppid);
    expect(fs.existsSync(`${dbFile}.pid`)).toBe(false);
  });

  it("reads a broken or foreign file as nobody", () => {
    fs.writeFileSync(`${dbFile}.pid`, "not json");
    expect(readHolder(dbFile)).toBeNull();
    fs.writeFileSync(`${dbFile}.pid`, JSON.stringify({ pid: process.ppid, peran: "lain" }));
    expect(databaseHolder(dbFile)).toBeNull();
  });
});

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseTooNewError, keepStatementsPrepared, migrateDb, openDb, preparedQuery, readThrough, withStablePlans } from "~/lib/server/db.server";
import { sql } from "drizzle-orm";

describe("statements prepared once per SQL text", () => {
  it("hands out the same statement again, back in its default mode", () => {
    const sqlite = new Database(":memory:");
    keepStatementsPrepared(sqlite, 2);
    sqlite.prepare("create table t (id integer primary key, nama text)").run();
    sqlite.prepare("insert into t (nama) values (?)").run("kursi");
    const first = sqlite.prepare("select id, nama from t");
    expect(first.raw().all()).toEqual([[1, "kursi"]]);
    const again = sqlite.prepare("select id, nama from t");
    expect(again).toBe(first);
    expect(again.all()).toEqual([{ id: 1, nama: "kursi" }]);
    // Past the bound the least recently used is dropped (and prepared anew when asked for).
    sqlite.prepare("select 1");
    sqlite.prepare("select 2");
    expect(sqlite.prepare("select id, nama from t")).not.toBe(first);
    sqlite.close();
  });
});

describe("parameters written so that a plan is made once", () => {
  it("puts a unary plus before every ? outside quotes, identifiers and comments", () => {
    expect(withStablePlans('select "a?" from t where x = ? and y like ? limit ? offset ?')).toBe('select "a?" from t where x = +? and y like +? limit +? offset +?');
    expect(withStablePlans("select 'it''s ?', [b?], `c?` from t -- why?\nwhere z in (?, ?) /* ? */")).toBe(
      "select 'it''s ?', [b?], `c?` from t -- why?\nwhere z in (+?, +?) /* ? */",
    );
    expect(withStablePlans("select 1")).toBe("select 1");
  });

  it("reads and stores the same values as plain ? does, and still uses the indexes", () => {
    const open = (stable: boolean) => {
      const sqlite = new Database(":memory:");
      if (stable) keepStatementsPrepared(sqlite);
      sqlite.prepare("create table t (id integer primary key, kode text, n integer, b blob)").run();
      sqlite.prepare("create index t_kode on t (kode)").run();
      const insert = sqlite.prepare("insert into t (kode, n, b) values (?, ?, ?)");
      for (const row of [["07", 7, Buffer.from([1, 2])], ["8", "8", null], [9, 9.5, "x"]]) insert.run(...row);
      return sqlite;
    };
    const plain = open(false);
    const stable = open(true);
    expect(stable.prepare("select 1 where 1 = ?").source).toBe("select 1 where 1 = +?");
    const cases: [string, unknown[]][] = [
      ["select id, typeof(kode) k, typeof(n) n, b from t order by id", []],
      ["select id from t where kode = ?", ["8"]],
      ["select id from t where kode = ?", [8]],
      ["select id from t where kode = ?", ["7"]],
      ["select id from t where n = ?", ["8"]],
      ["select id from t where n = ?", [8]],
      ["select id from t where id = ?", ["2"]],
      ["select id from t where kode in (?, ?)", ["07", 9]],
      ["select kode from t where kode like ? order by id", ["0%"]],
      ["select id from t order by id limit ? offset ?", [1, 1]],
      ["select ? || kode as s from t order by id", ["#"]],
    ];
    for (const [query, args] of cases) expect(stable.prepare(query).all(...args), query).toEqual(plain.prepare(query).all(...args));
    const plan = (q: string) => stable.prepare(`explain query plan ${q}`).all(1).map((r) => (r as { detail: string }).detail).join(" ");
    expect(plan("select * from t where kode = ?")).toMatch(/USING INDEX t_kode/);
    expect(plan("select * from t where id = ?")).toMatch(/INTEGER PRIMARY KEY/);
    plain.close();
    stable.close();
  });
});

describe("a drizzle query built once per database handle", () => {
  it("is built on first use, reused after, and separate per handle", () => {
    const a = openDb(":memory:");
    const b = openDb(":memory:");
    let builds = 0;
    const query = (db: typeof a) =>
      preparedQuery(db, "satu", (d) => {
        builds++;
        return d.select({ n: sql<number>`${sql.placeholder("n")} + 1` }).from(sql`(select 1)`).prepare();
      });
    expect(query(a).get({ n: 1 })).toEqual({ n: 2 });
    expect(query(a).get({ n: 41 })).toEqual({ n: 42 });
    expect(builds).toBe(1);
    expect(query(b)).not.toBe(query(a));
    expect(builds).toBe(2);
    a.$client.close();
    b.$client.close();
  });
});

describe("a read kept until the database changes", () => {
  it("answers again without reading until any row changes, by this connection or another", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-readthrough-"));
    try {
      const db = openDb(path.join(dir, "t.db"));
      db.$client.exec("create table t (id integer primary key, nama text); create table other (x)");
      db.$client.prepare("insert into t (nama) values ('kursi')").run();
      let reads = 0;
      const names = () =>
        readThrough(db, "names", () => {
          reads++;
          return { rows: db.$client.prepare("select nama from t order by id").pluck().all() as string[] };
        });
      expect(names()).toEqual({ rows: ["kursi"] });
      expect(names()).toBe(names());
      expect(reads).toBe(1);
      // The answer is shared, so it cannot be changed by whoever gets it.
      expect(() => names().rows.push("meja")).toThrow(TypeError);

      // A write by this connection, to any table, is seen.
      db.$client.prepare("insert into t (nama) values ('meja')").run();
      expect(names()).toEqual({ rows: ["kursi", "meja"] });
      db.$client.prepare("insert into other values (1)").run();
      names();
      expect(reads).toBe(3);

      // So is a commit of another connection (a CLI script next to the server).
      const script = new Database(path.join(dir, "t.db"));
      script.prepare("update t set nama = 'lemari' where id = 1").run();
      script.close();
      expect(names()).toEqual({ rows: ["lemari", "meja"] });
      expect(reads).toBe(4);

      // Inside a transaction the read runs each time (it may see its own uncommitted rows).
      db.transaction((tx) => {
        readThrough(tx, "names", () => reads++);
        readThrough(tx, "names", () => reads++);
      });
      expect(reads).toBe(6);
      db.$client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a database from a newer version", () => {
  it("is refused with a clear message and left as it is; a database of this version migrates", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-newer-"));
    try {
      const file = path.join(dir, "etalase.db");
      const db = openDb(file);
      migrateDb(db);
      // Migrating again is a no-op for a database of this version.
      expect(() => migrateDb(db)).not.toThrow();
      // A newer Etalase applied one more migration than this code knows.
      const last = (db.$client.prepare("select max(created_at) as at from __drizzle_migrations").get() as { at: number }).at;
      db.$client.prepare("insert into __drizzle_migrations (hash, created_at) values ('dari-versi-baru', ?)").run(last + 86_400_000);
      const tables = () => (db.$client.prepare("select count(*) as n from sqlite_master").get() as { n: number }).n;
      const before = tables();
      expect(() => migrateDb(db)).toThrow(DatabaseTooNewError);
      expect(() => migrateDb(db)).toThrow(/^Database ini sudah diperbarui oleh versi Etalase yang lebih baru \(perubahan data terakhirnya \d{4}-\d{2}-\d{2}, sedangkan versi ini hanya mengenal sampai \d{4}-\d{2}-\d{2}\)\. Database tidak diubah\./);
      expect(tables()).toBe(before);
      db.$client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

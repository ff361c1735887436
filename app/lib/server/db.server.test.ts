import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { keepStatementsPrepared, openDb, preparedQuery } from "~/lib/server/db.server";
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

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { keepStatementsPrepared } from "~/lib/server/db.server";

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

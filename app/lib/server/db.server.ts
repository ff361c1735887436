/**
 * One SQLite connection per process (better-sqlite3 is synchronous and fast in-process).
 * WAL + synchronous=FULL for durability, foreign keys on, a busy timeout for the rare
 * concurrent writer (a CLI script next to the server).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../../db/schema";
import { getEnv } from "~/lib/server/env.server";

/** What domain functions take: the database or a transaction of it. */
export type Db = BaseSQLiteDatabase<"sync", Database.RunResult, typeof schema>;
/** The process-wide connection (with the raw better-sqlite3 client). */
export type RootDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Distinct SQL texts kept prepared per connection (the app has a few hundred). */
const PREPARED_MAX = 1000;

/**
 * Every distinct SQL text is prepared once per connection (preparing each query per
 * request was ~7 % of a logged-in page). better-sqlite3 statements are reusable and run
 * synchronously, so one statement never serves two queries at once (nothing here iterates).
 * A cached statement is handed out in its default mode: drizzle switches raw mode per call.
 */
export function keepStatementsPrepared(sqlite: Database.Database, max = PREPARED_MAX) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const kept = cache.get(source);
    if (kept) {
      // Most recently used last: the oldest is dropped first.
      cache.delete(source);
      cache.set(source, kept);
      if (kept.reader) kept.raw(false);
      return kept;
    }
    const statement = prepare(withStablePlans(source));
    cache.set(source, statement);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * The SQL with every `?` parameter (the ones drizzle writes) as `+?`: a no-op (unary plus
 * returns its operand unchanged, affinity included, and indexes are still used). Why: this SQLite
 * build lets the planner peek at bound values (no SQLITE_ENABLE_QPSG), and marks a statement
 * whose plan looked at one — a join's filter, `LIMIT ?`, an equality beside an ORDER BY, a
 * LIKE — to be compiled again when that parameter is bound anew. better-sqlite3 clears the
 * bindings after every run, so such a statement was compiled again on every run: 7–10 µs
 * each, a quarter of a proposal page's queries. The planner does not look through
 * `+`, so plans are made once, the way SQLite's query-planner stability guarantee makes them.
 * Text in quotes, identifiers and comments is left alone.
 */
export function withStablePlans(sql: string): string {
  let out = "";
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    let end = i + 1;
    if (c === "'" || c === '"' || c === "`" || c === "[") {
      const close = c === "[" ? "]" : c;
      end = sql.indexOf(close, i + 1);
      // A doubled quote inside a string or identifier is the quote itself.
      while (end !== -1 && close !== "]" && sql[end + 1] === close) end = sql.indexOf(close, end + 2);
      end = end === -1 ? sql.length : end + 1;
    } else if (c === "-" && sql[i + 1] === "-") {
      end = sql.indexOf("\n", i);
      end = end === -1 ? sql.length : end;
    } else if (c === "/" && sql[i + 1] === "*") {
      end = sql.indexOf("*/", i + 2);
      end = end === -1 ? sql.length : end + 2;
    } else if (c === "?") {
      out += "+";
    }
    out += sql.slice(i, end);
    i = end;
  }
  return out;
}

const preparedQueries = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built by drizzle once per database handle and kept (its placeholders filled per
 * call): for the hottest reads (the session on every logged-in page, a proposal's periode),
 * where building the SQL of a wide select cost more than running it. `key` names the query;
 * a transaction handle gets its own.
 */
export function preparedQuery<T>(db: Db, key: string, build: (db: Db) => T): T {
  let perDb = preparedQueries.get(db);
  if (!perDb) preparedQueries.set(db, (perDb = new Map()));
  let query = perDb.get(key) as T | undefined;
  if (query === undefined) perDb.set(key, (query = build(db)));
  return query;
}

/** json_each over a JSON list: any number of values in one statement, `x in ${inJson(ids)}`. */
export const inJson = (values: readonly unknown[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;

/** Answers kept per connection by readThrough; the oldest goes first beyond this. */
const READ_THROUGH_MAX = 256;

type ReadThroughState = {
  changes: number;
  dataVersion: number;
  answers: Map<string, unknown>;
  totalChanges: Database.Statement<[], number>;
  pragmaDataVersion: Database.Statement<[], number>;
};
const readThroughStates = new WeakMap<object, ReadThroughState>();

/**
 * The answer of a read, kept until any row of the database changes (the public
 * pages' data — header, footer, product lists — was read and mapped again for every logged-in
 * request). "Changes" is SQLite's own count, not a convention: `total_changes()` counts every
 * row this connection wrote (domain writes, sessions, anything), `PRAGMA data_version` every
 * commit of another connection (a CLI script, a test's seed), so nothing can be missed. Only
 * data that is the same for every visitor may be read this way; the answer is frozen, as it is
 * shared. Inside a transaction the read simply runs. The two counts are two statements: one
 * that joined them through the `pragma_data_version` table function cost ~9 µs a call under
 * load, four times a page.
 */
export function readThrough<T>(db: Db, key: string, read: () => T): T {
  const sqlite = "$client" in db ? (db.$client as Database.Database) : undefined;
  if (!sqlite) return read();
  let state = readThroughStates.get(sqlite);
  if (!state) {
    state = {
      changes: -1,
      dataVersion: -1,
      answers: new Map(),
      totalChanges: sqlite.prepare<[], number>("SELECT total_changes()"),
      pragmaDataVersion: sqlite.prepare<[], number>("PRAGMA data_version"),
    };
    readThroughStates.set(sqlite, state);
  }
  // pluck() on each use: the statement cache hands a statement out again in its default mode.
  const changes = state.totalChanges.pluck().get()!;
  const dataVersion = state.pragmaDataVersion.pluck().get()!;
  if (changes !== state.changes || dataVersion !== state.dataVersion) {
    state.changes = changes;
    state.dataVersion = dataVersion;
    state.answers.clear();
  }
  if (state.answers.has(key)) return state.answers.get(key) as T;
  const answer = deepFreeze(read());
  state.answers.set(key, answer);
  if (state.answers.size > READ_THROUGH_MAX) state.answers.delete(state.answers.keys().next().value!);
  return answer;
}

/** Freezes an answer kept for every later caller, nested objects included. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function openDb(file: string): RootDb {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  keepStatementsPrepared(sqlite);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return drizzle(sqlite, { schema }) as RootDb;
}

/** Finds db/migrations both from the source tree and from build/server. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(process.cwd(), "db/migrations"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../db/migrations"),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new Error(`Folder migrasi tidak ditemukan (dicari: ${candidates.join(", ")})`);
  return found;
}

/** A database that a newer Etalase has migrated past what this code knows. */
export class DatabaseTooNewError extends Error {
  constructor(dbLast: Date, codeLast: Date) {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    super(
      `Database ini sudah diperbarui oleh versi Etalase yang lebih baru (perubahan data terakhirnya ${day(dbLast)}, ` +
        `sedangkan versi ini hanya mengenal sampai ${day(codeLast)}). Database tidak diubah. ` +
        "Jalankan versi Etalase yang lebih baru, atau pulihkan cadangan yang dibuat untuk versi ini.",
    );
    this.name = "DatabaseTooNewError";
  }
}

/**
 * Refuses a database a newer version has migrated: Drizzle's migrator only applies what is newer
 * than the database's last migration, so older code would otherwise run, silently, on a schema
 * it does not know — and could lose data writing rows without the new columns.
 */
function refuseNewerDatabase(db: RootDb, folder: string) {
  const table = db.$client.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  if (!table) return;
  const dbLast = (db.$client.prepare("select max(created_at) as at from __drizzle_migrations").get() as { at: number | null }).at;
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  const codeLast = Math.max(...journal.entries.map((e) => e.when));
  if (dbLast !== null && Number(dbLast) > codeLast) throw new DatabaseTooNewError(new Date(Number(dbLast)), new Date(codeLast));
}

export function migrateDb(db: RootDb) {
  const folder = migrationsFolder();
  refuseNewerDatabase(db, folder);
  migrate(db, { migrationsFolder: folder });
}

let instance: RootDb | undefined;

/** The process-wide database, migrated on first use. */
export function getDb(): RootDb {
  if (!instance) {
    instance = openDb(getEnv().DATABASE_URL);
    migrateDb(instance);
  }
  return instance;
}

/** Tests point the process at a throw-away database file. */
export function setDb(db: RootDb | undefined) {
  instance = db;
}

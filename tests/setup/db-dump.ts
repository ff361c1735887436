/**
 * A database file read whole, for tests that compare a shop before and after (a restore, a
 * refused restore): every row of every table as sorted JSON lines per table.
 */
import Database from "better-sqlite3";

/** Opens `file` (it must exist), runs `work` on it and closes it. */
export function withDb<T>(file: string, work: (db: Database.Database) => T): T {
  const db = new Database(file, { fileMustExist: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Every row of every table, as sorted JSON lines per table. */
export function dumpDatabase(file: string): Record<string, string[]> {
  return withDb(file, (db) => {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`select * from "${name}"`).all().map((row) => JSON.stringify(row)).sort()]));
  });
}

/**
 * A test's own connection to its server's throw-away database, for seeding rows no screen of
 * the test writes and for reading what the server stored: the app's Drizzle schema and domain
 * functions over better-sqlite3, as tests/setup/ does for the integration tests. The server
 * keeps running meanwhile (SQLite in WAL mode takes a second connection; the app's busy
 * timeout waits out its writes), so seeds write in one short transaction.
 */
import fs from "node:fs";
import path from "node:path";
import { openDb, type RootDb } from "../../../app/lib/server/db.server";
import { DB_FILE, type E2eServer } from "./servers";

export function openServerDb(server: Pick<E2eServer, "dir">): RootDb {
  const file = path.join(server.dir, DB_FILE);
  if (!fs.existsSync(file)) throw new Error(`No e2e database at ${file}: is the server running?`);
  return openDb(file);
}

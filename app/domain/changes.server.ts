/**
 * The one hook every domain write calls, inside the write's transaction when it has one:
 * it appends the activity log's entry (who, when, what record, which fields) and
 * tells the listeners (the public page cache), so no route ever has to remember either.
 */
import { recordActivity, type DomainChange } from "~/domain/aktivitas/aktivitas.server";
import type { Db } from "~/lib/server/db.server";

export type { DomainChange };
type Listener = (change: DomainChange) => void;
const listeners = new Set<Listener>();

export function onDomainChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Actions that change no data a page shows (the page cache keeps its pages). */
const SESSION_ONLY = new Set<DomainChange["action"]>(["masuk", "keluar"]);

export function domainChanged(db: Db, change: DomainChange) {
  recordActivity(db, change);
  if (SESSION_ONLY.has(change.action)) return;
  for (const listener of listeners) listener(change);
}

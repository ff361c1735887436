/**
 * The loader of a stored-file route (a proposal's document, a note's or a claim's evidence, a
 * monev's berita acara, a template): the signed-in user and the route's ids go to `find`, the
 * domain's check that this user may read this file, which answers the file (or its response)
 * or nothing. Nothing, or an id that is not a whole number, answers the same 404 — never a hint
 * that the file exists. The area's layout has already checked the session and the role.
 */
import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "~/domain/users/session-user";
import { parseId } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { getDb, type Db } from "~/lib/server/db.server";
import { documentResponse, fileNotFound } from "~/lib/server/documents.server";

type Args = { params: Readonly<Record<string, string | undefined>>; context: Readonly<RouterContextProvider> };

export function storedFile<K extends string>(
  { params, context }: Args,
  keys: readonly K[],
  find: (db: Db, user: SessionUser, ids: Record<K, number>) => { file: string; nama_file: string } | Response | Promise<Response> | null | undefined,
  options: { inline?: boolean; missing?: string } = {},
): Response | Promise<Response> {
  const user = requireUser(context);
  const ids = {} as Record<K, number>;
  for (const key of keys) {
    const id = parseId(params[key]);
    if (!id) return fileNotFound(options.missing);
    ids[key] = id;
  }
  const found = find(getDb(), user, ids);
  if (!found) return fileNotFound(options.missing);
  // A Response (or one being made: a blind reviewer's stripped copy) is the domain's own answer.
  return found instanceof Response || found instanceof Promise ? found : documentResponse(found.file, found.nama_file, { inline: options.inline });
}

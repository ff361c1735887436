/**
 * The action of an LPPM decision screen (secretary, head, perbaikan check): the posted `intent`
 * names the decision (a button of the DecisionForm), `id` the proposal and `catatan` the note.
 * Success goes back to the list (without the ?lihat= detail) with 'Data berhasil disimpan'; a
 * refusal answers its status with its Indonesian message, shown over the form that posted it.
 */
import { data, type RouterContextProvider } from "react-router";
import type { SessionUser } from "~/domain/users/session-user";
import { parseId, readForm, redirectWithToast, SAVED } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { UNKNOWN_INTENT } from "~/http/crud-screen.server";
import { getDb, type Db } from "~/lib/server/db.server";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";

export type DecisionReply = { intent: string; message: string; id?: number };
export type DecisionOutcome = { ok: true } | { ok: false; status: number; message: string };

export const CATATAN_MAKS = 2000;
export const CATATAN_TERLALU_PANJANG = `Catatan maksimal ${CATATAN_MAKS} karakter.`;
export const ID_TIDAK_VALID = "Usulan tidak valid.";

/** The list URL a decision returns to: the page's own URL without the detail's param. */
export function backUrl(url: URL, ...drop: string[]): string {
  const params = new URLSearchParams(url.searchParams);
  for (const key of ["lihat", ...drop]) params.delete(key);
  const search = params.toString();
  return url.pathname + (search ? `?${search}` : "");
}

export type Decision = (ctx: { db: Db; user: SessionUser; id: number; note: string | null; form: FormData }) => DecisionOutcome | Promise<DecisionOutcome>;

export async function decisionAction(
  { request, url, context }: { request: Request; url: URL; context: Readonly<RouterContextProvider> },
  decisions: Record<string, Decision>,
  {
    idTidakValid = ID_TIDAK_VALID,
    readOnly = false,
  }: {
    /** What the decided record is called when its id is missing ("Usulan tidak valid." by default). */
    idTidakValid?: string;
    /** A page that only reads (the Kepala's monitoring copy of the Operator's list): every post is refused 403. */
    readOnly?: boolean;
  } = {},
) {
  const user = requireUser(context);
  // The body is read even when refused (an oversized one answers 413, as on every route).
  const form = await readForm(request);
  if (readOnly) return data<DecisionReply>({ intent: "", message: NOT_PERMITTED }, { status: 403 });
  const intent = String(form.get("intent") ?? "");
  const run = Object.hasOwn(decisions, intent) ? decisions[intent] : undefined;
  if (!run) return data<DecisionReply>({ intent, message: UNKNOWN_INTENT }, { status: 400 });
  const id = parseId(form.get("id"));
  if (!id) return data<DecisionReply>({ intent, message: idTidakValid }, { status: 400 });
  const note = String(form.get("catatan") ?? "").trim();
  if (note.length > CATATAN_MAKS) return data<DecisionReply>({ intent, id, message: CATATAN_TERLALU_PANJANG }, { status: 400 });
  const outcome = await run({ db: getDb(), user, id, note: note || null, form });
  if (outcome.ok) return redirectWithToast(backUrl(url), "success", SAVED);
  return data<DecisionReply>({ intent, id, message: outcome.message }, { status: outcome.status });
}

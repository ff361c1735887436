/**
 * The one way an HTML screen's action is written (DESIGN.md conventions 4–5): `runAction`
 * reads the body once, switches on the posted `intent` — any other value answers 400
 * 'Permintaan tidak dikenal.' and changes nothing; there is no default branch — and hands the
 * intent's handler one context: the request's data, the form parsed with the zod schema the
 * browser uses, the files of an upload field, and the ways a post ends:
 *
 *   done(message)       success: back to the list (`back`) with the flash toast;
 *   refuse(refusal)     a domain refusal: its status and message, on its field or over the form;
 *   reply(status, msg)  the form again with a message of the screen's own;
 *   missing()           the record is gone: back to the list with 'Gagal menyimpan data' (or 404);
 *   settle(outcome)     a domain call's result read as one of the three above.
 *
 * Every answer that is not a redirect is one Reply: Conform's SubmissionResult (`result`, the
 * messages by field, "" for the form's) with the intent it answers, the `message` the page
 * toasts (and shows without JavaScript), the `id` of the record a list's reply is about, and a
 * screen's extras. The client reads it with useReply (components/ui/use-reply.ts).
 *
 *   export const action = (args: Route.ActionArgs) =>
 *     runAction(args, { simpan: (ctx) => ctx.settle(saveThing(ctx.db, ctx.parse(thingSchema))) });
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";
import type { Refusal } from "~/domain/refusal";
import type { SessionUser } from "~/domain/users/session-user";
import { BodyError, readFormData } from "~/http/body.server";
import { requireUser } from "~/http/guard.server";
import { flashHeader, type Flash } from "~/http/session.server";
import { getDb, type Db } from "~/lib/server/db.server";
import { UploadError } from "~/lib/server/uploads.server";
import { LOAD_FAILED, NOT_FOUND, SAVE_FAILED, SAVED } from "~/lib/util/messages";
import { DETAIL_PARAMS, MODAL_PARAMS, OVERRIDE_PARAMS, withoutParams } from "~/lib/util/modal-params";

export { DELETE_FAILED, DELETED, LOAD_FAILED, SAVE_FAILED, SAVED } from "~/lib/util/messages";
export type { Refusal } from "~/domain/refusal";

export const UNKNOWN_INTENT = "Permintaan tidak dikenal.";

/** What a screen's action answers when it does not redirect (see the top of this file). */
export type Reply<X extends object = object> = {
  intent: string;
  result: SubmissionResult<string[]>;
  /** What the page toasts and shows over the form; none on a reply that only shows the form again. */
  message?: string;
  id?: number;
} & X;

export type Answer<X extends object = object> = ReturnType<typeof data<Reply<X>>>;

/** Where a reply's message goes besides the toast: on a field, on several, or over the form. */
type Where = { field?: string | undefined; fieldErrors?: Record<string, string[]> | undefined };

/** A domain call's result as settle reads it: nothing, `true`, a record or `{ ok: true }` is done; `false` or `null` is a record gone. */
export type Outcome = void | boolean | null | Refusal | object;

export type ActionContext<U = SessionUser> = {
  db: Db;
  user: U;
  form: FormData;
  intent: string;
  /** The posted `id`, or null when it is missing or not a positive whole number. */
  id: number | null;
  /** The route's URL (normalized: no `.data`, no `index`). */
  url: URL;
  /** The list the post came from: `url` without its modal and detail params. */
  back: string;
  /**
   * The form parsed with `schema`; a refused form ends the post: 400 with zod's messages on their
   * fields, under `message` ('Gagal menyimpan data'; "" for none). `hideFields` are not sent back.
   */
  parse: <S extends z.ZodType>(schema: S, options?: { hideFields?: string[]; message?: string }) => z.output<S>;
  /**
   * The files chosen under `field`, handed to `store`. None chosen while `required` ends the
   * post with that message on the field (400); a file `store` refuses, with its message there
   * (413 too big, 415 otherwise).
   */
  upload: <T>(field: string, store: (files: File[]) => T | Promise<T>, options?: { required?: string }) => Promise<T>;
  /** Extras every reply of this post carries (what was typed into rich text, the row it is about). */
  echo: (extra: object) => void;
  /** The form again with `message`: on `more.field`/`more.fieldErrors`, or over the form; `more`'s other keys are extras. */
  reply: <X extends object>(status: number, message: string, more?: Where & X, headers?: HeadersInit) => Answer<X>;
  refuse: <X extends object>(refusal: Pick<Refusal, "status" | "message" | "field" | "fieldErrors" | "problems">, extra?: X) => Answer<X>;
  missing: () => Promise<Response | Answer>;
  done: (message?: string, options?: { to?: string; kind?: Flash["kind"] }) => Promise<Response>;
  /** `outcome` done (`message`, default 'Data berhasil disimpan'), gone (missing), or refused. */
  settle: (outcome: Outcome, message?: string, options?: { to?: string }) => Promise<Response | Answer>;
};

export type Handler<U = SessionUser> = (ctx: ActionContext<U>) => Promise<Response | Answer> | Response | Answer;

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

export type ActionOptions<U> = {
  /** Who posts: the signed-in user of the area (default), or the screen's own (null for a public form). */
  user?: (args: Args) => U | Promise<U>;
  /** A page that only reads (the Kepala's monitoring copy of the Operator's list): every post is refused 403. */
  readOnly?: boolean;
  /** How the screen answers a record that does not exist: back to the list with a toast (default), or 404. */
  missing?: "toast" | "404";
  /**
   * The screen's file field: a body over the cap (a file far too big, possible without
   * JavaScript, where the browser's checks do not run) is refused on that field, not on an
   * error page. `intent` names the form that was open (its body was never read); `message` is
   * said on the field (default: the body's own refusal) and `summary` is the reply's message
   * (default: the same).
   */
  upload?: { field: string; intent: string | ((url: URL) => string); message?: string; summary?: string };
  /** The list a post goes back to (default: listUrl). */
  back?: (url: URL) => string;
};

/** A reply thrown out of a handler by parse or upload, answered by runAction. */
class Ended {
  constructor(readonly answer: Answer) {}
}

/** A SubmissionResult that is only messages: on their fields, or over the form (""). */
function errorResult(error: Record<string, string[]>): SubmissionResult<string[]> {
  return Object.keys(error).length ? { status: "error", error } : {};
}

/** The messages of a reply by field: on `field`, on several, over the form (""), or none for a reply without a message. */
function errorsOf(message: string, where: Where): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  if (where.fieldErrors) return { fieldErrors: where.fieldErrors };
  if (where.field) return { fieldErrors: { [where.field]: [message] } };
  return message ? { formErrors: [message] } : {};
}

function errorMap({ fieldErrors, formErrors }: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): Record<string, string[]> {
  return fieldErrors ?? (formErrors ? { "": formErrors } : {});
}

/** A reply made without a parsed form (an intent the screen does not know, a body too large). */
export function replyOf<X extends object>(intent: string, status: number, message: string, more: Where & X = {} as Where & X, headers?: HeadersInit): Answer<X> {
  const { field, fieldErrors, ...extra } = more;
  const errors = errorsOf(message, { field, fieldErrors });
  return data({ intent, result: errorResult(errorMap(errors)), ...(message ? { message } : {}), ...extra } as Reply<X>, { status, headers });
}

/** Redirect with a toast (a flash cookie read once by the root loader). */
export async function redirectWithToast(to: string, kind: Flash["kind"], message: string) {
  return redirect(to, { headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
}

/**
 * The URL of the list the post came from, without the modal and detail params (where a save
 * returns). Takes the route's normalized `url` (no `.data` suffix, no `index`/`_routes` params).
 */
export function listUrl(url: URL, ...drop: string[]): string {
  return withoutParams(url.pathname + url.search, ...MODAL_PARAMS, ...DETAIL_PARAMS, ...OVERRIDE_PARAMS, ...drop);
}

export function parseId(value: FormDataEntryValue | string | null | undefined): number | null {
  const n = Number(typeof value === "string" ? value : "");
  return Number.isInteger(n) && n > 0 ? n : null;
}

function isRefusal(outcome: Outcome): outcome is Refusal {
  return typeof outcome === "object" && outcome !== null && "ok" in outcome && outcome.ok === false;
}

/**
 * Runs the handler of the posted intent (see the top of this file). The body is read once,
 * after the guard and before anything else, so an oversized one is a 413 wherever it is sent.
 */
export async function runAction(args: Args, intents: Record<string, Handler>, options?: ActionOptions<SessionUser>): Promise<Response | Answer>;
export async function runAction<U>(args: Args, intents: Record<string, Handler<U>>, options: ActionOptions<U> & { user: (args: Args) => U | Promise<U> }): Promise<Response | Answer>;
export async function runAction<U>(args: Args, intents: Record<string, Handler<U>>, options: ActionOptions<U> = {}): Promise<Response | Answer> {
  const { request, url } = args;
  const user = options.user ? await options.user(args) : (requireUser(args.context) as U);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    const { upload } = options;
    if (upload && error.status === 413) {
      const intent = typeof upload.intent === "string" ? upload.intent : upload.intent(url);
      const message = upload.message ?? error.message;
      return replyOf(intent, 413, upload.summary ?? message, { fieldErrors: { [upload.field]: [message] } });
    }
    throw data({ message: error.message }, { status: error.status });
  }
  const intent = String(form.get("intent") ?? "");
  if (options.readOnly) return replyOf(intent, 403, NOT_PERMITTED);
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) return replyOf(intent, 400, UNKNOWN_INTENT);

  const id = parseId(form.get("id"));
  const back = (options.back ?? listUrl)(url);
  let echoed: object = {};
  let submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]> } | null = null;
  let hidden: string[] | undefined;

  const answer = <X extends object>(status: number, message: string, more: Where & X = {} as Where & X, headers?: HeadersInit): Answer<X> => {
    const { field, fieldErrors, ...extra } = more;
    const errors = errorsOf(message, { field, fieldErrors });
    const result = submission ? submission.reply({ ...errors, hideFields: hidden }) : errorResult(errorMap(errors));
    return data({ intent, result, ...(message ? { message } : {}), ...(id ? { id } : {}), ...echoed, ...extra } as Reply<X>, { status, headers });
  };
  const refuse = <X extends object>(refusal: Pick<Refusal, "status" | "message" | "field" | "fieldErrors" | "problems">, extra?: X): Answer<X> =>
    answer(refusal.status, refusal.message, {
      field: refusal.field,
      fieldErrors: refusal.fieldErrors,
      ...(refusal.problems ? { problems: refusal.problems } : {}),
      ...(extra ?? ({} as X)),
    });
  const done = (message = SAVED, { to = back, kind = "success" }: { to?: string; kind?: Flash["kind"] } = {}) => redirectWithToast(to, kind, message);
  const missing = async (): Promise<Response | Answer> =>
    options.missing === "404" ? answer(404, NOT_FOUND) : redirectWithToast(back, "error", SAVE_FAILED);

  const ctx: ActionContext<U> = {
    db: getDb(),
    user,
    form,
    intent,
    id,
    url,
    back,
    parse: (schema, parseOptions = {}) => {
      const parsed = parseWithZod(form, { schema });
      submission = parsed;
      hidden = parseOptions.hideFields;
      if (parsed.status !== "success") {
        const message = parseOptions.message ?? SAVE_FAILED;
        throw new Ended(data({ intent, result: parsed.reply({ hideFields: hidden }), ...(message ? { message } : {}), ...(id ? { id } : {}), ...echoed } as Reply, { status: 400 }));
      }
      return parsed.value as z.output<typeof schema>;
    },
    upload: async (field, store, { required } = {}) => {
      const files = form.getAll(field).filter((f): f is File => f instanceof File && f.size > 0);
      if (required && files.length === 0) throw new Ended(answer(400, required, { field }));
      try {
        return await store(files);
      } catch (error) {
        if (!(error instanceof UploadError)) throw error;
        throw new Ended(answer(error.status === 413 ? 413 : 415, error.message, { field }));
      }
    },
    echo: (extra) => {
      echoed = { ...echoed, ...extra };
    },
    reply: answer,
    refuse,
    missing,
    done,
    settle: async (outcome, message = SAVED, settleOptions = {}) => {
      if (outcome === false || outcome === null) return missing();
      if (!isRefusal(outcome)) return done(message, settleOptions);
      if (outcome.status === 404 && options.missing !== "404") return missing();
      return refuse(outcome);
    },
  };
  try {
    return await handler(ctx);
  } catch (error) {
    if (error instanceof Ended) return error.answer;
    throw error;
  }
}

/**
 * A handler about the record the form posts (`id`): without a valid one the post is answered
 * 400 with `message` ("Usulan tidak valid.").
 */
export function withId<U = SessionUser>(message: string, run: (ctx: ActionContext<U> & { id: number }) => ReturnType<Handler<U>>): Handler<U> {
  return (ctx) => (ctx.id ? run(ctx as ActionContext<U> & { id: number }) : ctx.reply(400, message));
}

/** The page the post came from, as it was (its open detail too): where a part's save returns. */
export function here(url: URL): string {
  return url.pathname + url.search;
}

/**
 * What a screen's URL-driven modals need: ?tambah=1, and the records named by ?ubah=ID and
 * ?hapus=ID. An unknown id goes back to the list with the 'Gagal menampilkan data' toast.
 */
export async function modalRecords<U, H = U>(
  url: URL,
  getUbah: (id: number) => U | null | undefined,
  getHapus: (id: number) => H | null | undefined = getUbah as unknown as (id: number) => H | null | undefined,
): Promise<{ tambah: boolean; ubah: U | null; hapus: H | null }> {
  const back = listUrl(url);
  const ubah = await openRecord(url, "ubah", getUbah, back);
  const hapus = await openRecord(url, "hapus", getHapus, back);
  return { tambah: url.searchParams.has("tambah"), ubah, hapus };
}

/**
 * The record `?<param>=ID` names (null without one). An id that names nothing the screen may
 * open goes back to `back` with the 'Gagal menampilkan data' toast, never an error page; with
 * `back` null (the review screens), any value that opens nothing, a non-number too, is a 404.
 */
export async function openRecord<R>(url: URL, param: string, get: (id: number) => R | null | undefined, back: string | null): Promise<R | null> {
  const raw = url.searchParams.get(param);
  const id = parseId(raw);
  const record = id ? (get(id) ?? null) : null;
  if (back === null && raw !== null && !record) throw data(null, { status: 404 });
  if (back !== null && id && !record) throw await redirectWithToast(back, "error", LOAD_FAILED);
  return record;
}

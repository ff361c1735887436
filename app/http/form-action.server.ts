/**
 * The action of a screen whose forms answer `{ intent, message, fieldErrors? }` (the LPPM
 * screens with forms of their own, beside the decisions of decision.server.ts): the body read
 * once — with files, a body over the cap answered 413 on the upload field —, the posted
 * `intent` checked against the screen's list (any other answers 400 and changes nothing), and
 * the screen's `run` called with the ways every refusal is answered:
 *
 *   refuse(message, status, extra)  the message over the form (and `extra`, e.g. fieldErrors);
 *   invalid(error)                  'Gagal menyimpan data' with zod's messages on their fields;
 *   refused(result)                 a domain refusal: its status and message, on its field;
 *   upload(field, store)            the files chosen under `field` handed to `store`: none chosen
 *                                   when `required` answers that message on the field (400); a
 *                                   file `store` refuses, on the field (413 too big, 415 otherwise).
 */
import { data, type RouterContextProvider } from "react-router";
import type { SessionUser } from "~/domain/users/session-user";
import { fieldErrorsOf, parseId, readForm, readFormWithFiles, SAVE_FAILED } from "~/http/action.server";
import { UNKNOWN_INTENT } from "~/http/crud-screen.server";
import { requireUser } from "~/http/guard.server";
import { getDb, type Db } from "~/lib/server/db.server";
import { UploadError } from "~/lib/server/uploads.server";

export type FormReply = { intent: string; message: string; fieldErrors?: Record<string, string[]> };

/** What a domain function answers when it refuses. */
export type DomainRefusal = { ok: false; status: number; message: string; field?: string; problems?: string[] };

type Answer<R> = ReturnType<typeof data<R>>;

export type FormActionContext<I extends string, R extends FormReply> = {
  db: Db;
  user: SessionUser;
  form: FormData;
  intent: I;
  /** The posted `id`, or null when it is missing or not a positive whole number. */
  id: number | null;
  refuse: (message: string, status: number, extra?: Partial<R>) => Answer<R>;
  invalid: (error: Record<string, string[] | null | undefined> | null | undefined, extra?: Partial<R>) => Answer<R>;
  refused: (result: DomainRefusal, extra?: Partial<R>) => Answer<R>;
  upload: <T>(field: string, store: (files: File[]) => Promise<T>, options?: { required?: string; extra?: Partial<R> }) => Promise<T>;
};

/** A refusal `upload` answers with, thrown out of the screen's `run` to formAction. */
class Refusal {
  constructor(readonly answer: unknown) {}
}

export async function formAction<I extends string, R extends FormReply = FormReply>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  intents: readonly I[],
  run: (ctx: FormActionContext<I, R>) => Promise<Response | Answer<R>> | Response | Answer<R>,
  /** For a form with files: the form, field and message a body over the cap is answered on. */
  options: { upload?: { intent: string; field: string; message: string } } = {},
) {
  const user = requireUser(context);
  let form: FormData;
  if (options.upload) {
    const read = await readFormWithFiles(request, options.upload);
    if (!(read instanceof FormData)) return read;
    form = read;
  } else {
    form = await readForm(request);
  }
  const posted = String(form.get("intent") ?? "");
  const refuse = (message: string, status: number, extra: Partial<R> = {}) => data<R>({ intent: posted, message, ...extra } as R, { status });
  const intent = intents.find((i) => i === posted);
  if (intent === undefined) return refuse(UNKNOWN_INTENT, 400);
  const refused = (result: DomainRefusal, extra: Partial<R> = {}) =>
    refuse(result.message, result.status, {
      ...extra,
      ...(result.field ? { fieldErrors: { [result.field]: [result.message] } } : {}),
      ...(result.problems ? { problems: result.problems } : {}),
    });
  const upload = async <T>(field: string, store: (files: File[]) => Promise<T>, { required, extra = {} }: { required?: string; extra?: Partial<R> } = {}) => {
    const files = form.getAll(field).filter((f): f is File => f instanceof File && f.size > 0);
    if (required && files.length === 0) throw new Refusal(refuse(required, 400, { ...extra, fieldErrors: { [field]: [required] } }));
    try {
      return await store(files);
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      throw new Refusal(refuse(error.message, error.status === 413 ? 413 : 415, { ...extra, fieldErrors: { [field]: [error.message] } }));
    }
  };
  try {
    return await run({
      db: getDb(),
      user,
      form,
      intent,
      id: parseId(form.get("id")),
      refuse,
      invalid: (error, extra = {}) => refuse(SAVE_FAILED, 400, { ...extra, fieldErrors: fieldErrorsOf(error) }),
      refused,
      upload,
    });
  } catch (error) {
    if (error instanceof Refusal) return error.answer as Answer<R>;
    throw error;
  }
}

/**
 * The server half of every list-and-dialog screen of the back office (DESIGN.md conventions 5–7):
 * the table's state from the URL (remembered in a cookie), the records the URL's modals name
 * (?tambah=1, ?ubah=ID, ?hapus=ID), and one action that switches on the posted `intent` —
 * `create`, `update`, `delete` or the screen's own — answering 400 for any other. Each intent
 * validates with the form's zod schema, calls the domain, and answers the way every screen
 * does: back to the list with a toast, or the form again with the messages.
 *
 *   const screen = crudScreen({ table: "kategori", list: listKategoriPage, get: getKategori,
 *     intents: { create: saveIntent(kategoriSchema, (v, { db }) => createKategori(db, v)), … } });
 *   export const loader = screen.loader;  export const action = screen.action;
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "~/domain/users/session-user";
import type { Page } from "~/lib/server/paging.server";
import {
  DELETE_FAILED,
  DELETED,
  listUrl,
  modalRecords,
  parseId,
  readForm,
  readFormOrTooLarge,
  redirectWithToast,
  SAVE_FAILED,
  SAVED,
} from "~/http/action.server";
import { getDb, type Db } from "~/lib/server/db.server";
import { requireUser } from "~/http/guard.server";
import type { TableState } from "~/lib/util/table-state";
import { readTableState } from "~/http/table-state.server";
import { UPLOAD_TOO_BIG } from "~/lib/util/upload-rules";
import { UploadError } from "~/lib/server/uploads.server";

export const UNKNOWN_INTENT = "Permintaan tidak dikenal.";

/** A domain refusal, with its message, status and field when it gives them. */
export type Refusal = { ok: false; message?: string; status?: number; field?: string; fieldErrors?: Record<string, string[]> };

/**
 * What a domain call answers, as the screens read it: nothing, `true`, the saved record or
 * `{ ok: true }` is done; `false`, `null` (the record no longer exists) or a Refusal failed.
 */
export type Outcome = void | boolean | null | Refusal | object;

export type IntentContext = {
  db: Db;
  user: SessionUser;
  form: FormData;
  /** The posted `id`. */
  id: number;
  /** How the screen answers a record that does not exist (CrudScreenSpec.missing). */
  missing: "toast" | "404";
};

/**
 * What a refused form answers (the screens' ActionReply); `keterangan` is rich text echoed as
 * typed (saveIntent's `echo`), for the page re-rendered without JavaScript.
 */
export type Reply = { intent: string; result?: SubmissionResult<string[]>; message: string; keterangan?: string };

export type Intent = (ctx: IntentContext & { back: string }) => Promise<Response | ReturnType<typeof data<Reply>>>;

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

function failed(outcome: Outcome): Refusal | null {
  if (outcome === false || outcome === null) return { ok: false };
  if (typeof outcome === "object" && "ok" in outcome && outcome.ok === false) return outcome as Refusal;
  return null;
}

/** A refused upload, on the form's file field: 413 for a file too big, 422 for anything else. */
function fileRefused(intent: string, field: string, error: UploadError, echo: Pick<Reply, "keterangan"> = {}) {
  return data<Reply>(
    { intent, result: { status: "error", error: { [field]: [error.message] } } as SubmissionResult<string[]>, message: SAVE_FAILED, ...echo },
    { status: error.status === 413 ? 413 : 422 },
  );
}

/**
 * An intent that saves a form: validated with `schema` (the same the browser uses), then `run`.
 * A refused form answers 400 with its messages; a domain refusal answers its status with its
 * message on the form; a missing record goes back to the list with 'Gagal menyimpan data'.
 */
export function saveIntent<S extends z.ZodType>(
  schema: S | ((form: FormData) => S),
  run: (value: z.output<S>, ctx: IntentContext) => Outcome | Promise<Outcome>,
  options: {
    hideFields?: string[];
    /** The form's file field: a refused upload (413, 415) shows its message there. */
    fileField?: string;
    /** More of the refused form to send back (the rich text as typed, for a page without JS). */
    echo?: (form: FormData) => Pick<Reply, "keterangan">;
  } = {},
): Intent {
  return async (ctx) => {
    const intent = String(ctx.form.get("intent"));
    const echo = options.echo?.(ctx.form) ?? {};
    const submission = parseWithZod(ctx.form, { schema: typeof schema === "function" ? schema(ctx.form) : schema });
    if (submission.status !== "success") {
      return data<Reply>(
        { intent, result: submission.reply({ hideFields: options.hideFields }), message: SAVE_FAILED, ...echo },
        { status: 400 },
      );
    }
    let outcome: Outcome;
    try {
      outcome = await run(submission.value as z.output<S>, ctx);
    } catch (error) {
      if (!options.fileField || !(error instanceof UploadError)) throw error;
      return fileRefused(intent, options.fileField, error, echo);
    }
    const refusal = failed(outcome);
    if (!refusal) return redirectWithToast(ctx.back, "success", SAVED);
    // The record is gone (`false`, `null`, a 404): back to the list with the toast — or, on a
    // screen that answers a missing record with 404, that status and the domain's message.
    const gone = refusal.status === undefined || refusal.status === 404;
    if (gone && ctx.missing === "toast") return redirectWithToast(ctx.back, "error", SAVE_FAILED);
    // Otherwise the form again: several fields under 'Gagal menyimpan data', or the domain's own
    // message (on its field, or over the form), which is also the toast.
    const errors = refusal.fieldErrors
      ? { fieldErrors: refusal.fieldErrors }
      : refusal.field
        ? { fieldErrors: { [refusal.field]: [refusal.message ?? SAVE_FAILED] } }
        : { formErrors: [refusal.message ?? SAVE_FAILED] };
    const message = refusal.fieldErrors ? SAVE_FAILED : (refusal.message ?? SAVE_FAILED);
    return data<Reply>(
      { intent, result: submission.reply({ ...errors, hideFields: options.hideFields }), message, ...echo },
      { status: refusal.status ?? 404 },
    );
  };
}

/**
 * An intent that deletes the posted `id`: back to the list with 'Data berhasil dihapus' or the
 * refusal. With `{ refusal: "status" }` a refusal the domain gives a status (409: still in use)
 * answers that status with its message, the question still open (the confirm dialog shows it);
 * a record already gone still goes back to the list with the toast.
 */
export function deleteIntent(
  run: (ctx: IntentContext) => Outcome | Promise<Outcome>,
  options: { refusal?: "toast" | "status" } = {},
): Intent {
  return async (ctx) => {
    const refusal = failed(await run(ctx));
    if (!refusal) return redirectWithToast(ctx.back, "success", DELETED);
    if (options.refusal === "status" && refusal.status && refusal.status !== 404) {
      return data<Reply>({ intent: "delete", message: refusal.message ?? DELETE_FAILED }, { status: refusal.status });
    }
    return redirectWithToast(ctx.back, "error", refusal.message ?? DELETE_FAILED);
  };
}

/**
 * The action of a screen with forms: the body read once, the posted `intent` looked up in
 * `intents` — never a default branch: an intent the screen does not know answers 400 and
 * changes nothing — and run with the signed-in user.
 */
export async function intentAction(
  { request, url, context }: Args,
  intents: Record<string, Intent>,
  options: {
    missing?: "toast" | "404";
    /**
     * The screen's file field: a body over the cap (a file far over 2 MB, possible without
     * JavaScript) is refused on that field, not on an error page. `intent` names the form
     * that was open (its body was never read).
     */
    upload?: { field: string; intent: (url: URL) => string; message?: string };
  } = {},
) {
  const user = requireUser(context);
  const { upload } = options;
  let form: FormData | null;
  if (upload) {
    form = await readFormOrTooLarge(request);
    if (!form) return fileRefused(upload.intent(url), upload.field, new UploadError(upload.message ?? UPLOAD_TOO_BIG, 413));
  } else {
    form = await readForm(request);
  }
  const name = String(form.get("intent") ?? "");
  const intent = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!intent) return data<Reply>({ intent: name, message: UNKNOWN_INTENT }, { status: 400 });
  return intent({ db: getDb(), user, form, id: parseId(form.get("id")) ?? 0, missing: options.missing ?? "toast", back: listUrl(url) });
}

export type CrudScreenSpec<Row, U, H, X extends object> = {
  /** The table's cookie name (its remembered search, page and size). */
  table: string;
  list: (db: Db, state: TableState) => Page<Row>;
  /** The record ?ubah=ID opens. */
  get: (db: Db, id: number) => U | null | undefined;
  /** The record ?hapus=ID asks about (default: the same as `get`). */
  getHapus?: (db: Db, id: number) => H | null | undefined;
  /** An unknown ?ubah=/?hapus= id: back to the list with 'Gagal menampilkan data' (default), or the not-found page. */
  missing?: "toast" | "404";
  /** More loader data, e.g. the choices a form needs while it is open. */
  extra?: (db: Db, modals: { tambah: boolean; ubah: U | null; hapus: H | null }, user: SessionUser) => X;
  intents: Record<string, Intent>;
  /** The file field (and, for documents, the too-big message) of a screen that uploads. */
  upload?: { field: string; intent: (url: URL) => string; message?: string };
};

export function crudScreen<Row, U, H = U, X extends object = object>(spec: CrudScreenSpec<Row, U, H, X>) {
  async function loader({ request, url, context }: Args) {
    const user = requireUser(context);
    const db = getDb();
    const { state, headers } = await readTableState(request, spec.table);
    const getHapus = (spec.getHapus ?? spec.get) as (db: Db, id: number) => H | null | undefined;
    let modals: { tambah: boolean; ubah: U | null; hapus: H | null };
    if (spec.missing === "404") {
      const ubahId = parseId(url.searchParams.get("ubah"));
      const hapusId = parseId(url.searchParams.get("hapus"));
      const ubah = ubahId ? (spec.get(db, ubahId) ?? null) : null;
      const hapus = hapusId ? (getHapus(db, hapusId) ?? null) : null;
      if ((ubahId && !ubah) || (hapusId && !hapus)) throw data(null, { status: 404 });
      modals = { tambah: url.searchParams.has("tambah"), ubah, hapus };
    } else {
      modals = await modalRecords(url, (id) => spec.get(db, id), (id) => getHapus(db, id));
    }
    const extra = spec.extra ? spec.extra(db, modals, user) : ({} as X);
    return data({ list: spec.list(db, state), ...modals, ...extra }, { headers });
  }

  const action = (args: Args) => intentAction(args, spec.intents, { missing: spec.missing, upload: spec.upload });

  return { loader, action };
}

/**
 * The screen of one kind of master data (fakultas, prodi, skema, periode, the incentives'
 * kinds and calls): saved by one domain function (without an id: a new record), deleted by
 * another that refuses a record still in use (409, its message in the open question), and the
 * delete question telling beforehand what still uses it (`dipakai`, null when nothing does).
 */
export function masterScreen<Row, U extends object, S extends z.ZodType, X extends object = object>(spec: {
  table: string;
  list: (db: Db, state: TableState) => Page<Row>;
  get: (db: Db, id: number) => U | null | undefined;
  dipakai: (db: Db, id: number) => string | null;
  schema: S;
  save: (db: Db, value: z.output<S>, id?: number) => Outcome;
  remove: (db: Db, id: number) => Outcome | Promise<Outcome>;
  extra?: CrudScreenSpec<Row, U, U & { dipakai: string | null }, X>["extra"];
}) {
  const { table, list, get, dipakai, schema, save, remove, extra } = spec;
  return crudScreen<Row, U, U & { dipakai: string | null }, X>({
    table,
    list,
    get,
    getHapus: (db, id) => {
      const hapus = get(db, id);
      return hapus ? { ...hapus, dipakai: dipakai(db, id) } : null;
    },
    ...(extra ? { extra } : {}),
    intents: {
      create: saveIntent(schema, (value, { db }) => save(db, value)),
      update: saveIntent(schema, (value, { db, id }) => save(db, value, id)),
      delete: deleteIntent(({ db, id }) => remove(db, id), { refusal: "status" }),
    },
  });
}

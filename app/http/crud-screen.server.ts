/**
 * The server half of every list-and-dialog screen of the back office (DESIGN.md conventions 5–7):
 * the table's state from the URL (remembered in a cookie), the records the URL's modals name
 * (?tambah=1, ?ubah=ID, ?hapus=ID), and the action — runAction (http/action.server.ts) with the
 * intents `tambah`, `ubah`, `hapus` or the screen's own. saveIntent and deleteIntent are the
 * handlers most of them are: validate with the form's zod schema, call the domain, and answer
 * the way every screen does — back to the list with a toast, or the form again with the messages.
 *
 *   const screen = crudScreen({ table: "kategori", list: listKategoriPage, get: getKategori,
 *     intents: { tambah: saveIntent(kategoriSchema, (v, { db }) => createKategori(db, v)), … } });
 *   export const loader = screen.loader;  export const action = screen.action;
 */
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "~/domain/users/session-user";
import type { Page } from "~/lib/server/paging.server";
import {
  DELETE_FAILED,
  DELETED,
  modalRecords,
  parseId,
  runAction,
  SAVE_FAILED,
  type ActionContext,
  type ActionOptions,
  type Answer,
  type Handler,
  type Outcome,
  type Refusal,
} from "~/http/action.server";
import { getDb, type Db } from "~/lib/server/db.server";
import { requireUser } from "~/http/guard.server";
import type { TableState } from "~/lib/util/table-state";
import { readTableState } from "~/http/table-state.server";
import { UploadError } from "~/lib/server/uploads.server";

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

function refusalOf(outcome: Outcome): Refusal | null {
  return typeof outcome === "object" && outcome !== null && "ok" in outcome && outcome.ok === false ? (outcome as Refusal) : null;
}

/**
 * A handler that saves a form: validated with `schema` (the same the browser uses), then `run`.
 * A refused form answers 400 with its messages; a domain refusal answers its status with its
 * message on its field or over the form (several fields: under 'Gagal menyimpan data'); a
 * missing record goes back to the list with 'Gagal menyimpan data' (or 404 where the screen says).
 */
export function saveIntent<S extends z.ZodType>(
  schema: S | ((form: FormData) => S),
  /** `ctx.id` is the posted id, 0 when there is none (the domain answers: no such record). */
  run: (value: z.output<S>, ctx: ActionContext & { id: number }) => Outcome | Promise<Outcome>,
  options: {
    hideFields?: string[];
    /** The form's file field: a refused upload shows its message there (413 too big, 422 otherwise) under 'Gagal menyimpan data'. */
    fileField?: string;
    /** More of the refused form to send back (the rich text as typed, for a page without JS). */
    echo?: (form: FormData) => object;
    /**
     * A screen's own answer to a save that went through, instead of back to the list (null: back
     * to the list as usual) — the product form whose photos the browser sends next needs the id.
     */
    saved?: (outcome: Outcome, ctx: ActionContext) => Answer | null;
  } = {},
): Handler {
  return async (ctx) => {
    if (options.echo) ctx.echo(options.echo(ctx.form));
    const value = ctx.parse(typeof schema === "function" ? schema(ctx.form) : schema, { hideFields: options.hideFields });
    let outcome: Outcome;
    try {
      outcome = await run(value as z.output<S>, { ...ctx, id: ctx.id ?? 0 });
    } catch (error) {
      if (!options.fileField || !(error instanceof UploadError)) throw error;
      return ctx.reply(error.status === 413 ? 413 : 422, SAVE_FAILED, { fieldErrors: { [options.fileField]: [error.message] } });
    }
    const refusal = refusalOf(outcome);
    if (refusal?.fieldErrors) return ctx.refuse({ ...refusal, message: SAVE_FAILED });
    const answer = !refusal && outcome !== null && outcome !== false ? options.saved?.(outcome, ctx) : null;
    return answer ?? ctx.settle(outcome);
  };
}

/**
 * A handler that deletes the posted `id`: back to the list with 'Data berhasil dihapus' or the
 * refusal. With `{ refusal: "status" }` a refusal the domain gives a status (409: still in use)
 * answers that status with its message, the question still open (the confirm dialog shows it);
 * a record already gone still goes back to the list with the toast.
 */
export function deleteIntent(run: (ctx: ActionContext & { id: number }) => Outcome | Promise<Outcome>, options: { refusal?: "toast" | "status" } = {}): Handler {
  return async (ctx) => {
    const outcome = await run({ ...ctx, id: ctx.id ?? 0 });
    const refusal = outcome === false || outcome === null ? ({ ok: false } as Partial<Refusal>) : refusalOf(outcome);
    if (!refusal) return ctx.done(DELETED);
    if (options.refusal === "status" && refusal.status && refusal.status !== 404) {
      return ctx.refuse({ status: refusal.status, message: refusal.message ?? DELETE_FAILED });
    }
    return ctx.done(refusal.message ?? DELETE_FAILED, { kind: "error" });
  };
}

/** The runAction of a list screen: its intents, with the screen's missing-record and upload rules. */
export function screenAction(intents: Record<string, Handler>, options: ActionOptions<SessionUser> = {}) {
  return (args: Args) => runAction(args, intents, options);
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
  intents: Record<string, Handler>;
  /** The file field of a screen that uploads (a body over the cap is said there: ActionOptions.upload). */
  upload?: ActionOptions<SessionUser>["upload"];
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

  const action = screenAction(spec.intents, { missing: spec.missing, upload: spec.upload });

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
      tambah: saveIntent(schema, (value, { db }) => save(db, value)),
      ubah: saveIntent(schema, (value, { db, id }) => save(db, value, id)),
      hapus: deleteIntent(({ db, id }) => remove(db, id), { refusal: "status" }),
    },
  });
}

/**
 * The intents of an LPPM decision screen (secretary, head, perbaikan and report checks): the
 * posted `intent` names the decision (a button of the DecisionForm: `setujui`, `kembalikan`,
 * `tolak`, `terima`), `id` the record and `catatan` the note. Each is a handler of runAction:
 * success goes back to the list (without the ?lihat= detail) with 'Data berhasil disimpan'; a
 * refusal answers its status with its Indonesian message, shown over the form that posted it.
 */
import type { Refusal } from "~/domain/refusal";
import type { Handler } from "~/http/action.server";
import type { SessionUser } from "~/domain/users/session-user";
import type { Db } from "~/lib/server/db.server";

export const CATATAN_MAKS = 2000;
export const CATATAN_TERLALU_PANJANG = `Catatan maksimal ${CATATAN_MAKS} karakter.`;
export const ID_TIDAK_VALID = "Usulan tidak valid.";

export type Decision = (ctx: { db: Db; user: SessionUser; id: number; note: string | null; form: FormData }) => { ok: true } | Refusal | Promise<{ ok: true } | Refusal>;

/** The note of a decision, trimmed (null when empty), or the refusal of one too long. */
export function noteOf(form: FormData): { note: string | null } | { tooLong: true } {
  const note = String(form.get("catatan") ?? "").trim();
  return note.length > CATATAN_MAKS ? { tooLong: true } : { note: note || null };
}

/**
 * runAction's handlers for these decisions. `idTidakValid` is what a post without the record's
 * id is told ("Usulan tidak valid." by default).
 */
export function decisionIntents(decisions: Record<string, Decision>, { idTidakValid = ID_TIDAK_VALID }: { idTidakValid?: string } = {}): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(decisions).map(([name, run]): [string, Handler] => [
      name,
      async (ctx) => {
        const { db, user, id, form } = ctx;
        if (!id) return ctx.reply(400, idTidakValid);
        const read = noteOf(form);
        if ("tooLong" in read) return ctx.reply(400, CATATAN_TERLALU_PANJANG);
        const outcome = await run({ db, user, id, note: read.note, form });
        return outcome.ok ? ctx.done() : ctx.refuse(outcome);
      },
    ]),
  );
}

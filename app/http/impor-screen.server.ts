/**
 * The steps every import screen takes (Impor Produk, Impor Dosen), without JavaScript as with it:
 * 1. 'periksa' reads and checks the chosen file, keeps it aside under a random token (a private
 *    folder beside the database, at most an hour) and redirects to ?token=…, the dry run;
 * 2. the page's loader reads the kept file again and shows its plan (periksaImpor);
 * 3. 'terapkan' re-reads it and applies the plan checked against the data of that moment — or
 *    refuses, keeping the file for the next try; 'batal' drops it.
 * A file that cannot be read is refused with its message (CsvFileError) at every step.
 */
import { redirect } from "react-router";
import type { Db } from "~/lib/server/db.server";
import { CsvFileError, type CsvTable } from "~/domain/impor/baca.server";
import { BERKAS_TIDAK_ADA, berkasImpor, hapusBerkasImpor, simpanBerkasImpor, type JenisImpor } from "~/domain/impor/berkas.server";
import type { Refusal } from "~/domain/refusal";
import type { ActionContext, Handler } from "~/http/action.server";

/** What applying a plan gave: refused, or done with the toast and where to go. */
export type Diterapkan = (Pick<Refusal, "status" | "message"> & { ok: false }) | { ok: true; pesan: string; to: string; setelah?: () => void };

export type AlurImpor = {
  jenis: JenisImpor;
  baca: (input: Blob | string) => Promise<CsvTable>;
  /** Builds the plan (for 'periksa', only to refuse a file whose rows cannot be read). */
  periksa: (db: Db, table: CsvTable) => unknown;
  terapkan: (ctx: ActionContext, table: CsvTable) => Diterapkan;
  /** Said when 'Periksa' is posted without a file. */
  pilihBerkas: string;
  /** The toast of 'Batal'. */
  batal: string;
};

/** The dry run of ?token= as the page shows it (`tampilan`), or null without a token; refused with its status. */
export async function periksaImpor<P, T>(db: Db, url: URL, alur: Pick<AlurImpor, "jenis" | "baca">, rencana: (db: Db, table: CsvTable) => P, tampilan: (rencana: P, params: URLSearchParams) => T) {
  const token = url.searchParams.get("token");
  if (!token) return { periksa: null, status: 200 };
  const file = berkasImpor(token, Date.now(), alur.jenis);
  if (!file) return { periksa: { token: null, error: BERKAS_TIDAK_ADA, rencana: null }, status: 410 };
  try {
    return { periksa: { token, error: null, rencana: tampilan(rencana(db, await alur.baca(file)), url.searchParams) }, status: 200 };
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    // The file was fine at upload; the data changed since (e.g. a branch or prodi renamed).
    return { periksa: { token, error: error.message, rencana: null }, status: error.status };
  }
}

/** The intents 'periksa', 'terapkan' and 'batal' of an import screen. */
export function aksiImpor(alur: AlurImpor): Record<string, Handler> {
  const fileRefused = (run: Handler): Handler => async (ctx) => {
    try {
      return await run(ctx);
    } catch (error) {
      if (error instanceof CsvFileError) return ctx.reply(error.status, error.message);
      throw error;
    }
  };
  return {
    periksa: fileRefused(async ({ db, form, url, reply }) => {
      const berkas = form.get("berkas");
      if (!(berkas instanceof File) || (berkas.size === 0 && berkas.name === "")) return reply(422, alur.pilihBerkas);
      // Checked before it is kept: a file that cannot be read is refused at once.
      alur.periksa(db, await alur.baca(berkas));
      const kept = await simpanBerkasImpor(berkas, alur.jenis);
      // A fixed file uploaded from a refused plan replaces that plan's file.
      hapusBerkasImpor(String(form.get("token") ?? ""), alur.jenis);
      return redirect(`${url.pathname}?token=${kept}`, 303);
    }),
    terapkan: fileRefused(async (ctx) => {
      const token = String(ctx.form.get("token") ?? "");
      const file = berkasImpor(token, Date.now(), alur.jenis);
      if (!file) return ctx.reply(410, BERKAS_TIDAK_ADA);
      const hasil = alur.terapkan(ctx, await alur.baca(file));
      if (!hasil.ok) return ctx.refuse(hasil);
      hapusBerkasImpor(token, alur.jenis);
      hasil.setelah?.();
      return ctx.done(hasil.pesan, { to: hasil.to });
    }),
    batal: async ({ form, url, done }) => {
      hapusBerkasImpor(String(form.get("token") ?? ""), alur.jenis);
      return done(alur.batal, { to: url.pathname });
    },
  };
}

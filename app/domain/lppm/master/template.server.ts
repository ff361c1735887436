/**
 * Template Unduhan (Operator → LPPM; listed at /pengusul/download): PDF or DOCX files kept with
 * the private documents (documents.server.ts), never under /uploads. A replaced or deleted
 * template's file is removed only after the database no longer points at it.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { templateUnduhan } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { domainChanged } from "~/domain/changes.server";
import { type Page, searchIn, pageOfTable } from "~/lib/server/paging.server";
import { removeDocument, storeDocument } from "~/lib/server/documents.server";
import { TEMPLATE_TYPES, type TemplateInput } from "~/domain/lppm/master/template.schema";
import { notFound, type Deleted, type Saved } from "~/domain/lppm/master/master.server";

export type Template = Omit<typeof templateUnduhan.$inferSelect, "file" | "created_at">;

/** Everything but the stored path (which never leaves the server). */
const columns = {
  id: templateUnduhan.id,
  judul: templateUnduhan.judul,
  keterangan: templateUnduhan.keterangan,
  aktif: templateUnduhan.aktif,
  nama_file: templateUnduhan.nama_file,
  ukuran: templateUnduhan.ukuran,
  tanggal_versi: templateUnduhan.tanggal_versi,
  updated_at: templateUnduhan.updated_at,
};

export function listTemplatePage(db: Db, state: TableState): Page<Template> {
  const where = searchIn(state, templateUnduhan.judul, templateUnduhan.keterangan);
  return pageOfTable(db, state, templateUnduhan, where, db.select(columns).from(templateUnduhan).$dynamic(), asc(templateUnduhan.judul), asc(templateUnduhan.id));
}

export function getTemplate(db: Db, id: number): Template | null {
  return db.select(columns).from(templateUnduhan).where(eq(templateUnduhan.id, id)).get() ?? null;
}

/** The active templates, newest version first (/pengusul/download). */
export function listTemplateAktif(db: Db): Template[] {
  return db
    .select(columns)
    .from(templateUnduhan)
    .where(eq(templateUnduhan.aktif, true))
    .orderBy(desc(templateUnduhan.tanggal_versi), asc(templateUnduhan.judul))
    .all();
}

/** A template's file to serve: any for the operator, only an active one for proposers. */
export function templateFile(db: Db, id: number, { aktifSaja }: { aktifSaja: boolean }): { file: string; nama_file: string } | null {
  return (
    db
      .select({ file: templateUnduhan.file, nama_file: templateUnduhan.nama_file })
      .from(templateUnduhan)
      .where(and(eq(templateUnduhan.id, id), aktifSaja ? eq(templateUnduhan.aktif, true) : undefined))
      .get() ?? null
  );
}

/** Adds a template, or changes one (its file only when a new one is sent). Throws UploadError for a refused file. */
export async function saveTemplate(db: Db, input: TemplateInput, id?: number): Promise<Saved<{ id: number }>> {
  const old = id ? db.select({ file: templateUnduhan.file }).from(templateUnduhan).where(eq(templateUnduhan.id, id)).get() : null;
  if (id && !old) return notFound();
  const stored = input.file ? await storeDocument(input.file, "template", TEMPLATE_TYPES) : null;
  const values = {
    judul: input.judul,
    keterangan: input.keterangan,
    aktif: input.aktif,
    tanggal_versi: input.tanggal_versi,
    ...(stored ? { file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran } : {}),
  };
  let saved: { id: number } | undefined;
  try {
    // The log keeps the file's name and size, never its stored path.
    saved = db.transaction((tx) => {
      if (id) {
        const before = getTemplate(tx, id);
        const after = tx.update(templateUnduhan).set({ ...values, updated_at: new Date() }).where(eq(templateUnduhan.id, id)).returning(columns).get();
        if (after) domainChanged(tx, { entity: "template_unduhan", action: "ubah", id, before, after });
        return after;
      }
      if (!stored) return undefined;
      const row = tx.insert(templateUnduhan).values({ ...values, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran }).returning(columns).get();
      domainChanged(tx, { entity: "template_unduhan", action: "tambah", id: row.id, before: null, after: row });
      return row;
    });
  } catch (error) {
    await removeDocument(stored?.file);
    throw error;
  }
  if (!saved) {
    await removeDocument(stored?.file);
    return notFound();
  }
  if (stored && old) await removeDocument(old.file);
  return { id: saved.id };
}

export async function deleteTemplate(db: Db, id: number): Promise<Deleted> {
  const row = db.transaction((tx) => {
    const before = getTemplate(tx, id);
    const deleted = tx.delete(templateUnduhan).where(eq(templateUnduhan.id, id)).returning({ file: templateUnduhan.file }).get();
    if (deleted) domainChanged(tx, { entity: "template_unduhan", action: "hapus", id, before, after: null });
    return deleted;
  });
  if (!row) return notFound();
  await removeDocument(row.file);
  return { ok: true };
}

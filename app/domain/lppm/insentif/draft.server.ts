/**
 * The lecturer's changes to their claim: a new DRAF in the open incentive call (optionally
 * prefilled from an output recorded on one of their own projects), their changes while it is
 * DRAF or DIKEMBALIKAN, deleting a draft, adding and removing evidence files, and submitting it
 * ('Ajukan' → DIAJUKAN) when every rule of submit.server.ts holds.
 */
import { and, eq, sql } from "drizzle-orm";
import { insentif, insentifBukti, jenisInsentif } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { dokumenLog } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import { logCreated, transition, type Actor, type TransitionResult, Incomplete, submitChecked } from "~/domain/lppm/workflow.server";
import { periodeInsentifTerbuka } from "~/domain/lppm/insentif/master.server";
import { BUKTI_INSENTIF_TYPES, doiKunci, judulKunci, MAKS_BUKTI_INSENTIF, type KlaimInput } from "~/domain/lppm/insentif/insentif.schema";
import { duplicateOf, JENIS_INSENTIF_TIDAK_DIKENAL, KLAIM_GANDA_DOI } from "~/domain/lppm/insentif/submit.server";
import { getKlaim, luaranPilihan } from "~/domain/lppm/insentif/read.server";
import { insentifAdapter, type InsentifRefusal, type InsentifResult } from "~/domain/lppm/insentif/transition.server";
import { removeDocument, storeDocument, type StoredDocument } from "~/lib/server/documents.server";
import { MAX_DOCUMENT_BYTES } from "~/lib/util/document-rules";

export const PENGAJUAN_INSENTIF_BELUM_DIBUKA = "Belum ada periode insentif yang dibuka untuk pengajuan.";
export const KLAIM_TIDAK_DAPAT_DIUBAH = "Klaim hanya dapat diubah selama berstatus Draf atau Dikembalikan.";
export const LUARAN_BUKAN_MILIK = "Luaran tidak ditemukan pada kegiatan Anda.";
export const BUKTI_INSENTIF_TERLALU_BANYAK = `Bukti maksimal ${MAKS_BUKTI_INSENTIF} file.`;
export const BUKTI_INSENTIF_TERLALU_BESAR = "Ukuran semua bukti sekaligus maksimal 10 MB.";

/** "klaim insentif #7": how a summary names the claim a file belongs to. */
const klaimRef = (id: number) => `klaim insentif #${id}`;

/** The claim when `actor` may change it (its claimant, while DRAF or DIKEMBALIKAN), or why not. */
function editable(db: Db, actor: Actor, id: number): typeof insentif.$inferSelect | InsentifRefusal {
  const row = db.select().from(insentif).where(eq(insentif.id, id)).get();
  if (!row || row.id_pengusul !== actor.id) return { ok: false, status: 404, message: NOT_FOUND };
  if (row.status !== "DRAF" && row.status !== "DIKEMBALIKAN") return { ok: false, status: 409, message: KLAIM_TIDAK_DAPAT_DIUBAH };
  return row;
}
const refused = (value: unknown): value is InsentifRefusal => typeof value === "object" && value !== null && "ok" in value;

/**
 * Saves a claim: a new DRAF in the open call, or the claimant's changes to their draft or
 * returned claim. The kind must be active; a prefill source must be one of their own outputs;
 * no other claim may hold the same publication.
 */
export function simpanKlaim(db: Db, actor: Actor, input: KlaimInput, id?: number, now = new Date()): InsentifResult<{ id: number }> {
  const result = db.transaction((tx): InsentifResult<{ id: number }> => {
    const current = id ? editable(tx, actor, id) : null;
    if (refused(current)) return current;
    const jenis = tx.select().from(jenisInsentif).where(eq(jenisInsentif.id, input.id_jenis)).get();
    if (!jenis || (!jenis.aktif && jenis.id !== current?.id_jenis)) return { ok: false, status: 422, field: "id_jenis", message: JENIS_INSENTIF_TIDAK_DIKENAL };
    if (input.id_luaran && !luaranPilihan(tx, actor.id).some((l) => l.id === input.id_luaran)) {
      return { ok: false, status: 422, field: "id_luaran", message: LUARAN_BUKAN_MILIK };
    }
    const keys = { doi: doiKunci(input.doi_url), judul: judulKunci(input.issn_isbn, input.judul) };
    const duplicate = duplicateOf(tx, keys, id);
    if (duplicate) return { ok: false, status: 409, field: duplicate === KLAIM_GANDA_DOI ? "doi_url" : "judul", message: duplicate };
    const values = { ...input, doi_kunci: keys.doi, judul_kunci: keys.judul, updated_at: now };
    if (current) {
      const after = tx.update(insentif).set(values).where(eq(insentif.id, current.id)).returning().get();
      domainChanged(tx, { entity: "insentif", action: "ubah", id: current.id, before: current, after });
      return { ok: true, id: current.id };
    }
    const periode = periodeInsentifTerbuka(tx, now);
    if (!periode) return { ok: false, status: 409, message: PENGAJUAN_INSENTIF_BELUM_DIBUKA };
    const created = tx
      .insert(insentif)
      .values({ ...values, id_periode: periode.id, id_pengusul: actor.id, created_at: now })
      .returning()
      .get();
    logCreated(tx, INSENTIF_WORKFLOW, created.id, actor, now);
    domainChanged(tx, { entity: "insentif", action: "tambah", id: created.id, before: null, after: created });
    return { ok: true, id: created.id };
  });
  return result;
}

/** Deletes the claimant's DRAF claim and its evidence files. */
export async function hapusKlaim(db: Db, actor: Actor, id: number): Promise<InsentifResult> {
  const row = editable(db, actor, id);
  if (refused(row)) return row;
  if (row.status !== "DRAF") return { ok: false, status: 409, message: "Hanya klaim berstatus Draf yang dapat dihapus." };
  const files = db.transaction((tx) => {
    const stored = tx.select({ file: insentifBukti.file }).from(insentifBukti).where(eq(insentifBukti.id_insentif, id)).all();
    // Its status_log rows stay: the log is append-only (a trigger refuses deletes), an audit trail.
    const before = tx.delete(insentif).where(eq(insentif.id, id)).returning().get();
    if (before) domainChanged(tx, { entity: "insentif", action: "hapus", id, before, after: null });
    return stored;
  });
  await Promise.all(files.map((f) => removeDocument(f.file)));
  return { ok: true };
}

/** Adds evidence files (PDF/JPEG/PNG, checked by content; at most five on a claim, 10 MB a post). */
export async function tambahBuktiKlaim(db: Db, actor: Actor, id: number, files: File[]): Promise<InsentifResult> {
  const row = editable(db, actor, id);
  if (refused(row)) return row;
  const existing = db.select({ n: sql<number>`count(*)` }).from(insentifBukti).where(eq(insentifBukti.id_insentif, id)).get()?.n ?? 0;
  if (existing + files.length > MAKS_BUKTI_INSENTIF) return { ok: false, status: 422, field: "bukti", message: BUKTI_INSENTIF_TERLALU_BANYAK };
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_DOCUMENT_BYTES) return { ok: false, status: 422, field: "bukti", message: BUKTI_INSENTIF_TERLALU_BESAR };
  const stored: StoredDocument[] = [];
  try {
    for (const file of files) stored.push(await storeDocument(file, "insentif", BUKTI_INSENTIF_TYPES));
    const again = db.transaction((tx) => {
      const later = editable(tx, actor, id);
      if (refused(later)) return later;
      for (const doc of stored) {
        const bukti = tx.insert(insentifBukti).values({ id_insentif: id, file: doc.file, nama_file: doc.nama_file, ukuran: doc.ukuran }).returning().get();
        domainChanged(tx, { entity: "insentif_bukti", action: "tambah", id: bukti.id, before: null, after: dokumenLog(bukti), summary: `Bukti diunggah ke ${klaimRef(id)}` });
      }
      tx.update(insentif).set({ updated_at: new Date() }).where(eq(insentif.id, id)).run();
      return null;
    });
    if (again) {
      await Promise.all(stored.map((d) => removeDocument(d.file)));
      return again;
    }
  } catch (error) {
    await Promise.all(stored.map((d) => removeDocument(d.file)));
    throw error;
  }
  return { ok: true };
}

export async function hapusBuktiKlaim(db: Db, actor: Actor, id: number, buktiId: number): Promise<InsentifResult> {
  const row = editable(db, actor, id);
  if (refused(row)) return row;
  const bukti = db.select().from(insentifBukti).where(and(eq(insentifBukti.id, buktiId), eq(insentifBukti.id_insentif, id))).get();
  if (!bukti) return { ok: false, status: 404, message: NOT_FOUND };
  db.transaction((tx) => {
    tx.delete(insentifBukti).where(eq(insentifBukti.id, buktiId)).run();
    domainChanged(tx, { entity: "insentif_bukti", action: "hapus", id: buktiId, before: dokumenLog(bukti), after: null, summary: `Bukti dihapus dari ${klaimRef(id)}` });
  });
  await removeDocument(bukti.file);
  return { ok: true };
}

/** 'Ajukan': DRAF or DIKEMBALIKAN → DIAJUKAN when every rule holds; checks and move in one transaction. */
export function ajukanKlaim(db: Db, actor: Actor, id: number, now = new Date()): TransitionResult<InsentifStatus> | InsentifRefusal {
  const row = editable(db, actor, id);
  if (refused(row)) return row;
  return submitChecked(db, "Klaim", (tx) => {
    const detail = getKlaim(tx, actor, id, now);
    if (!detail) return { ok: false as const, status: 404 as const, message: NOT_FOUND };
    if (detail.problems.length) throw new Incomplete(detail.problems);
    return transition(tx, insentifAdapter, actor, id, "DIAJUKAN", { now });
  });
}

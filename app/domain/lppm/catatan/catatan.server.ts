/**
 * Catatan Harian (LPPM.md "Execution"): while a project is BERJALAN its team — the
 * ketua and the dosen who accepted the invitation — logs each day's activity, the progress
 * reached and what it cost from one RAB group, with up to five evidence files (PDF, JPEG, PNG;
 * private documents, checked by content). The team sees spending against the budget per group
 * (the final RAB, tahap 'perbaikan', or the proposal's when there is none); the LPPM office
 * (Operator, and the Kepala under Monitoring) lists every running project with its last note.
 * Who may read a project's notes and files is the proposal's own rule (usulanAccess).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { catatanHarian, catatanHarianBukti, RAB_KELOMPOK, usulan, usulanRab, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { usulanRef } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { extendRows, type Page } from "~/lib/server/paging.server";
import { usulanListPage, type UsulanListBase } from "~/domain/lppm/penetapan/usulan-list.server";
import { readsProjectWork, usulanAccess, type UsulanAccessResult, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import type { TableState } from "~/lib/util/table-state";
import { removeDocument, storeDocument, type StoredDocument } from "~/lib/server/documents.server";
import { BUKTI_MAKS, BUKTI_TERLALU_BANYAK, BUKTI_TERLALU_BESAR, BUKTI_TYPES, type CatatanInput } from "~/domain/lppm/catatan/catatan.schema";
import { MAX_DOCUMENT_BYTES } from "~/lib/util/document-rules";
import { formatWibDate, toWibDateInput } from "~/lib/util/wib";
import type { WorkflowRefusal } from "~/domain/refusal";

export { RAB_KELOMPOK };

export type CatatanRefusal = WorkflowRefusal;
export type CatatanResult<T extends object = object> = ({ ok: true } & T) | CatatanRefusal;

export const HANYA_TIM = "Hanya ketua dan anggota tim yang dapat menulis catatan harian.";
export const BUKAN_BERJALAN = "Catatan harian hanya dapat diubah selama kegiatan berjalan.";
export const HANYA_PENULIS = "Catatan ini hanya dapat dihapus oleh penulisnya atau ketua.";

/** A project on a list: its last note's day and progress, what was spent and how many notes. */
export type ProyekRow = UsulanListBase & {
  terakhir: string | null;
  capaian: number | null;
  terpakai: number;
  catatan: number;
};

const lastNote = (column: "tanggal" | "capaian") =>
  sql.raw(`(select c.${column} from catatan_harian c where c.id_usulan = "usulan"."id" order by c.tanggal desc, c.id desc limit 1)`);

/**
 * A page of projects with their notes' figures. The page is chosen first and the figures are
 * read for its rows only: read in the list's own query, SQLite computed them for every running
 * project before sorting, and the office's list cost grew with the number of projects (1.5 ×
 * at 400 running projects in the bench's scaled data).
 */
function withNotes(db: Db, page: Page<UsulanListBase>): Page<ProyekRow> {
  return extendRows(
    page,
    (ids) =>
      new Map(
        db
          .select({
            id: usulan.id,
            terakhir: sql<string | null>`${lastNote("tanggal")}`,
            capaian: sql<number | null>`${lastNote("capaian")}`,
            terpakai: sql<number>`(select coalesce(sum(c.biaya), 0) from catatan_harian c where c.id_usulan = "usulan"."id")`,
            catatan: sql<number>`(select count(*) from catatan_harian c where c.id_usulan = "usulan"."id")`,
          })
          .from(usulan)
          .where(inArray(usulan.id, ids))
          .all()
          .map(({ id, ...f }) => [id, f]),
      ),
    (row, byId) => byId.get(row.id) ?? { terakhir: null, capaian: null, terpakai: 0, catatan: 0 },
  );
}

/** The progress a project's last daily note reached, or null before its first note. */
export function lastProgress(db: Db, id: number): number | null {
  return db.get<{ capaian: number | null }>(sql`select ${lastNote("capaian")} as capaian from usulan where "usulan"."id" = ${id}`)?.capaian ?? null;
}

/** The team member's running projects of one kind (as ketua or accepted member). */
export function listProyekPengusul(db: Db, userId: number, jenis: "penelitian" | "pengabdian", state: TableState): Page<ProyekRow> {
  const member = sql`exists (select 1 from usulan_anggota a where a.id_usulan = "usulan"."id" and a.id_user = ${userId} and a.status_undangan = 'DITERIMA')`;
  const where = and(eq(usulan.jenis, jenis), eq(usulan.status, "BERJALAN"), sql`(${usulan.id_ketua} = ${userId} or ${member})`);
  return withNotes(db, usulanListPage(db, state, where, {}));
}

export type MonitoringFilter = { periode: number | null; fakultas: number | null };

/** The office's list: every running project, optionally of one periode or the ketua's fakultas. */
export function listProyekMonitoring(db: Db, state: TableState, filter: MonitoringFilter): Page<ProyekRow> {
  const conditions: SQL[] = [eq(usulan.status, "BERJALAN")];
  if (filter.periode) conditions.push(eq(usulan.id_periode, filter.periode));
  if (filter.fakultas) {
    conditions.push(sql`${usulan.id_ketua} in (select u.id from users u join prodi p on p.id = u.id_prodi where p.id_fakultas = ${filter.fakultas})`);
  }
  return withNotes(db, usulanListPage(db, state, and(...conditions), {}));
}

export type CatatanEntry = {
  id: number;
  tanggal: string;
  kegiatan: string;
  capaian: number;
  kelompok: (typeof RAB_KELOMPOK)[number];
  biaya: number;
  id_penulis: number;
  penulis: string;
  bukti: { id: number; nama_file: string; ukuran: number }[];
};

export type AnggaranKelompok = { kelompok: string; anggaran: number; terpakai: number; sisa: number };

export type ProyekCatatan = {
  id: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  status: string;
  ketua: string;
  id_ketua: number;
  periode: number;
  /** The viewer may add notes (team member, project running). */
  canWrite: boolean;
  catatan: CatatanEntry[];
  /** Per RAB group: the budget, what the notes spent, what is left (negative: over budget). */
  anggaran: AnggaranKelompok[];
  total: { anggaran: number; terpakai: number };
  /** The last note's progress, or null before the first note. */
  capaian: number | null;
};

/** The project's team: its ketua and the dosen who accepted the invitation. */
function onTeam(access: UsulanAccessResult): boolean {
  return access.relations.includes("ketua") || access.relations.includes("anggota");
}


/** A project's notes for a viewer who may read them, or null (missing or not theirs). */
export function getProyekCatatan(db: Db, viewer: UsulanViewer, id: number): ProyekCatatan | null {
  const access = usulanAccess(db, viewer, id);
  if (!readsProjectWork(access)) return null;
  const ketua = db.select({ name: users.name }).from(users).where(eq(users.id, access.usulan.id_ketua)).get();
  const rows = db
    .select({
      id: catatanHarian.id,
      tanggal: catatanHarian.tanggal,
      kegiatan: catatanHarian.kegiatan,
      capaian: catatanHarian.capaian,
      kelompok: catatanHarian.kelompok,
      biaya: catatanHarian.biaya,
      id_penulis: catatanHarian.id_penulis,
      penulis: users.name,
    })
    .from(catatanHarian)
    .innerJoin(users, eq(users.id, catatanHarian.id_penulis))
    .where(eq(catatanHarian.id_usulan, id))
    .orderBy(desc(catatanHarian.tanggal), desc(catatanHarian.id))
    .all();
  const bukti = rows.length
    ? db
        .select({ id: catatanHarianBukti.id, id_catatan: catatanHarianBukti.id_catatan, nama_file: catatanHarianBukti.nama_file, ukuran: catatanHarianBukti.ukuran })
        .from(catatanHarianBukti)
        .where(inArray(catatanHarianBukti.id_catatan, rows.map((r) => r.id)))
        .orderBy(asc(catatanHarianBukti.id))
        .all()
    : [];
  const catatan: CatatanEntry[] = rows.map((row) => ({
    ...row,
    bukti: bukti.filter((b) => b.id_catatan === row.id).map(({ id_catatan: _c, ...b }) => b),
  }));
  const anggaran = budgetOf(db, id);
  return {
    id,
    judul: access.usulan.judul,
    jenis: access.usulan.jenis,
    status: access.usulan.status,
    ketua: ketua?.name ?? "",
    id_ketua: access.usulan.id_ketua,
    periode: access.usulan.id_periode,
    canWrite: access.usulan.status === "BERJALAN" && onTeam(access),
    catatan,
    anggaran,
    total: { anggaran: anggaran.reduce((s, k) => s + k.anggaran, 0), terpakai: anggaran.reduce((s, k) => s + k.terpakai, 0) },
    capaian: catatan[0]?.capaian ?? null,
  };
}

/** Budget per RAB group — the final RAB when there is one, else the proposal's — against what the notes spent per group. */
export function budgetOf(db: Db, id: number): AnggaranKelompok[] {
  const lines = db
    .select({ tahap: usulanRab.tahap, kelompok: usulanRab.kelompok, jumlah: sql<number>`sum(${usulanRab.jumlah})` })
    .from(usulanRab)
    .where(eq(usulanRab.id_usulan, id))
    .groupBy(usulanRab.tahap, usulanRab.kelompok)
    .all();
  const spent = db
    .select({ kelompok: catatanHarian.kelompok, biaya: sql<number>`sum(${catatanHarian.biaya})` })
    .from(catatanHarian)
    .where(eq(catatanHarian.id_usulan, id))
    .groupBy(catatanHarian.kelompok)
    .all();
  const tahap = lines.some((l) => l.tahap === "perbaikan") ? "perbaikan" : "usulan";
  return RAB_KELOMPOK.map((kelompok) => {
    const anggaran = lines.find((l) => l.tahap === tahap && l.kelompok === kelompok)?.jumlah ?? 0;
    const terpakai = spent.find((row) => row.kelompok === kelompok)?.biaya ?? 0;
    return { kelompok, anggaran, terpakai, sisa: anggaran - terpakai };
  });
}

/**
 * A running (or finished) project's budget against its notes' spending, for its team on the
 * proposal's own page; null for anyone else or a proposal that never ran.
 */
export function anggaranProyek(db: Db, viewer: UsulanViewer, id: number): AnggaranKelompok[] | null {
  const access = usulanAccess(db, viewer, id);
  if (!access || !["BERJALAN", "SELESAI"].includes(access.usulan.status) || !onTeam(access)) return null;
  return budgetOf(db, id);
}

/** The access of a team member who may write notes on project `id` now, or why not. */
function writeAccess(db: Db, actor: UsulanViewer, id: number): UsulanAccessResult | CatatanRefusal {
  const access = usulanAccess(db, actor, id);
  if (!access?.canView) return { ok: false, status: 404, message: NOT_FOUND };
  if (!onTeam(access)) return { ok: false, status: 403, message: HANYA_TIM };
  if (access.usulan.status !== "BERJALAN") return { ok: false, status: 409, message: BUKAN_BERJALAN };
  return access;
}

/**
 * Adds a note with its evidence. The files are stored first (each checked by content; an
 * UploadError names the first one refused) and removed again if the note cannot be written.
 */
export async function addCatatan(db: Db, actor: UsulanViewer, id: number, input: CatatanInput, files: File[], now = new Date()): Promise<CatatanResult<{ id: number }>> {
  const access = writeAccess(db, actor, id);
  if ("ok" in access) return access;
  if (files.length > BUKTI_MAKS) return { ok: false, status: 422, message: BUKTI_TERLALU_BANYAK };
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_DOCUMENT_BYTES) return { ok: false, status: 422, message: BUKTI_TERLALU_BESAR };
  const kelompok = RAB_KELOMPOK.find((k) => k === input.kelompok);
  if (!kelompok) return { ok: false, status: 422, message: "Kelompok RAB tidak dikenal." };
  // A day's note is of the project's running time: not before the day it started (its move to BERJALAN).
  const mulai = db.get<{ at: number | null }>(
    sql`select min(created_at) as at from status_log where entity = 'usulan' and entity_id = ${id} and to_status = 'BERJALAN'`,
  )?.at;
  if (mulai && input.tanggal < toWibDateInput(new Date(mulai))) {
    return { ok: false, status: 422, message: `Tanggal tidak boleh sebelum kegiatan berjalan (${formatWibDate(new Date(mulai))}).` };
  }
  const stored: StoredDocument[] = [];
  try {
    for (const file of files) stored.push(await storeDocument(file, "catatan", BUKTI_TYPES));
    const catatanId = db.transaction((tx) => {
      const row = tx
        .insert(catatanHarian)
        .values({ id_usulan: id, id_penulis: actor.id, ...input, kelompok, created_at: now, updated_at: now })
        .returning()
        .get();
      for (const doc of stored) {
        tx.insert(catatanHarianBukti).values({ id_catatan: row.id, file: doc.file, nama_file: doc.nama_file, ukuran: doc.ukuran, created_at: now }).run();
      }
      // The evidence by name and size only (never its stored path or contents).
      domainChanged(tx, {
        entity: "catatan_harian",
        action: "tambah",
        id: row.id,
        before: null,
        after: { ...row, bukti: buktiLog(stored) },
        summary: `Catatan harian ${usulanRef(id)}`,
      });
      return row.id;
    });
    return { ok: true, id: catatanId };
  } catch (error) {
    await Promise.all(stored.map((doc) => removeDocument(doc.file)));
    throw error;
  }
}

/** Removes a note and its files: its writer or the ketua, while the project runs. */
export async function removeCatatan(db: Db, actor: UsulanViewer, id: number, catatanId: number): Promise<CatatanResult> {
  const access = writeAccess(db, actor, id);
  if ("ok" in access) return access;
  const row = db
    .select({ id_penulis: catatanHarian.id_penulis })
    .from(catatanHarian)
    .where(and(eq(catatanHarian.id, catatanId), eq(catatanHarian.id_usulan, id)))
    .get();
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  if (row.id_penulis !== actor.id && !access.relations.includes("ketua")) return { ok: false, status: 403, message: HANYA_PENULIS };
  const files = db.transaction((tx) => {
    const bukti = tx
      .select({ file: catatanHarianBukti.file, nama_file: catatanHarianBukti.nama_file, ukuran: catatanHarianBukti.ukuran })
      .from(catatanHarianBukti)
      .where(eq(catatanHarianBukti.id_catatan, catatanId))
      .all();
    const before = tx.delete(catatanHarian).where(eq(catatanHarian.id, catatanId)).returning().get();
    if (before) {
      domainChanged(tx, { entity: "catatan_harian", action: "hapus", id: catatanId, before: { ...before, bukti: buktiLog(bukti) }, after: null, summary: `Catatan harian ${usulanRef(id)}` });
    }
    return bukti;
  });
  await Promise.all(files.map((f) => removeDocument(f.file)));
  return { ok: true };
}

/** A note's evidence as the activity log lists it: "foto.png (1234 B), laporan.pdf (52311 B)"; null when none. */
function buktiLog(files: readonly { nama_file: string; ukuran: number }[]): string | null {
  return files.length ? files.map((f) => `${f.nama_file} (${f.ukuran} B)`).join(", ") : null;
}

/** One evidence file of project `id`, for a viewer who may see the proposal; null otherwise. */
export function buktiFile(db: Db, viewer: UsulanViewer, id: number, buktiId: number): { file: string; nama_file: string } | null {
  if (!readsProjectWork(usulanAccess(db, viewer, id))) return null;
  return (
    db
      .select({ file: catatanHarianBukti.file, nama_file: catatanHarianBukti.nama_file })
      .from(catatanHarianBukti)
      .innerJoin(catatanHarian, eq(catatanHarian.id, catatanHarianBukti.id_catatan))
      .where(and(eq(catatanHarianBukti.id, buktiId), eq(catatanHarian.id_usulan, id)))
      .get() ?? null
  );
}

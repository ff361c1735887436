/**
 * Publication-incentive claims (LPPM.md "Publication incentives"). A lecturer writes a
 * claim (DRAF) in the open incentive call — optionally prefilled from an output recorded on one
 * of their own projects — with evidence files, and submits it ('Ajukan' → DIAJUKAN) when it is
 * eligible: their role may claim the kind, it was published in the call's year, the window is
 * open, and no other claim holds the same publication (same DOI, or same ISSN/ISBN and title).
 * The Operator assigns a reviewer, who evaluates it with a checklist and a recommended amount
 * (DIEVALUASI), or returns it (DIKEMBALIKAN, note) or refuses it (TIDAK_VALID, note); the
 * Sekretaris and the Kepala approve it; the Kepala decides a batch with an SK and the approved
 * amounts within the call's budget (DITETAPKAN); the Operator marks it paid (DICAIRKAN).
 * Every status change goes through the workflow engine (INSENTIF_WORKFLOW).
 *
 * Who reads a claim: its claimant, its assigned reviewer, and the LPPM office.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { insentif, insentifBukti, jenisInsentif, luaranCapaian, penetapanInsentif, prodi, usulan, usulanLuaran, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { dokumenLog } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import type { Role } from "~/domain/users/roles";
import { queueMessages, sendQueued } from "~/domain/notifications/outbox.server";
import { getSetting } from "~/domain/setting/setting.server";
import { activeReviewer, REVIEWER_TIDAK_VALID, TENGGAT_LEWAT } from "~/domain/lppm/review/penugasan.server";
import { LPPM_OFFICE, REVIEWER_ROLES } from "~/domain/lppm/usulan/access.server";
import { INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import {
  checkTransition,
  logCreated,
  NOT_PERMITTED,
  statusTimeline,
  transition,
  windowRefusal,
  type Actor,
  type TimelineEntry,
  type TransitionInput,
  type TransitionResult,
  type WorkflowAdapter,
  Incomplete,
  submitChecked,
} from "~/domain/lppm/workflow.server";
import { getPeriodeInsentif, periodeInsentifTerbuka, tarifOf, type JenisInsentif, type PeriodeInsentif } from "~/domain/lppm/insentif/master.server";
import {
  BUKTI_INSENTIF_TYPES,
  CHECKLIST_INSENTIF,
  doiKunci,
  judulKunci,
  MAKS_BUKTI_INSENTIF,
  NOMINAL_MELEBIHI_TARIF,
  type EvaluasiInsentifInput,
  type KlaimInput,
  type SkInsentifInput,
} from "~/domain/lppm/insentif/insentif.schema";
import { removeDocument, storeDocument, type StoredDocument } from "~/lib/server/documents.server";
import { MAX_DOCUMENT_BYTES } from "~/lib/util/document-rules";
import { formatRupiah } from "~/lib/util/rupiah";
import { tanggalWaktu } from "~/lib/util/wib";

export type InsentifRefusal = { ok: false; status: 403 | 404 | 409 | 422; message: string; field?: string; problems?: string[] };
export type InsentifResult<T extends object = object> = ({ ok: true } & T) | InsentifRefusal;

export const PENGAJUAN_INSENTIF_BELUM_DIBUKA = "Belum ada periode insentif yang dibuka untuk pengajuan.";
export const KLAIM_TIDAK_DAPAT_DIUBAH = "Klaim hanya dapat diubah selama berstatus Draf atau Dikembalikan.";
export const JENIS_INSENTIF_TIDAK_DIKENAL = "Jenis insentif tidak dikenal atau tidak aktif.";
export const LUARAN_BUKAN_MILIK = "Luaran tidak ditemukan pada kegiatan Anda.";
export const KLAIM_GANDA_DOI = "Publikasi dengan DOI ini sudah pernah diklaim.";
export const KLAIM_GANDA_JUDUL = "Publikasi dengan ISSN/ISBN dan judul ini sudah pernah diklaim.";
export const PERAN_TIDAK_BERHAK = "Hanya penulis pertama atau penulis korespondensi yang dapat mengajukan insentif jenis ini.";
export const BUKTI_INSENTIF_BELUM = "Unggah minimal satu bukti publikasi.";
export const BUKTI_INSENTIF_TERLALU_BANYAK = `Bukti maksimal ${MAKS_BUKTI_INSENTIF} file.`;
export const BUKTI_INSENTIF_TERLALU_BESAR = "Ukuran semua bukti sekaligus maksimal 10 MB.";
export const BUTIR_BELUM_SESUAI = "Semua butir harus sesuai untuk menyimpan penilaian; kembalikan atau tolak klaim bila ada yang tidak sesuai.";
export const REVIEWER_INSENTIF_TIDAK_VALID = REVIEWER_TIDAK_VALID;
export const REVIEWER_PENGUSUL_SENDIRI = "Pengusul klaim tidak dapat menjadi reviewernya sendiri.";
export const TENGGAT_INSENTIF_LEWAT = TENGGAT_LEWAT;
export const PILIH_KLAIM = "Pilih minimal satu klaim untuk ditetapkan.";

/** A refused claim does not hold its publication: it may be claimed again (by the right author). */
const HOLDS_PUBLICATION = sql`${insentif.status} <> 'TIDAK_VALID'`;
/** Statuses whose approved amounts are spent from the call's budget. */
const SPENT: readonly InsentifStatus[] = ["DITETAPKAN", "DICAIRKAN"];

// ---- The engine's plug ---------------------------------------------------------------------------

type Evaluasi = { butir: { butir: string; sesuai: boolean }[]; nominal_rekomendasi: number; catatan: string };
type InsentifInput = TransitionInput & { evaluasi?: Evaluasi; nominal_disetujui?: number; id_penetapan?: number };

const adapter: WorkflowAdapter<InsentifStatus, InsentifInput> = {
  workflow: INSENTIF_WORKFLOW,
  load(db, id) {
    const row = db
      .select({ status: insentif.status, judul: insentif.judul, pengusul: insentif.id_pengusul, reviewer: insentif.id_reviewer, fakultasId: prodi.id_fakultas })
      .from(insentif)
      .innerJoin(users, eq(users.id, insentif.id_pengusul))
      .leftJoin(prodi, eq(prodi.id, users.id_prodi))
      .where(eq(insentif.id, id))
      .get();
    if (!row) return null;
    return {
      status: row.status as InsentifStatus,
      title: row.judul,
      ketuaId: row.pengusul,
      timIds: [],
      assignedIds: row.reviewer ? [row.reviewer] : [],
      fakultasId: row.fakultasId ?? null,
      // The call's window is checked by the claim's own rules (ajukanKlaim), not a periode stage.
      windows: {},
    };
  },
  write(tx, id, to, input) {
    const now = input.now ?? new Date();
    const extra: Partial<typeof insentif.$inferInsert> = {};
    if (to === "DIAJUKAN") extra.diajukan_at = now;
    if (to === "DIEVALUASI" && input.evaluasi) {
      extra.evaluasi = JSON.stringify(input.evaluasi.butir);
      extra.nominal_rekomendasi = input.evaluasi.nominal_rekomendasi;
      extra.catatan_evaluasi = input.evaluasi.catatan || null;
      extra.dievaluasi_at = now;
    }
    if (to === "DITETAPKAN") {
      extra.nominal_disetujui = input.nominal_disetujui ?? null;
      extra.id_penetapan = input.id_penetapan ?? null;
    }
    if (to === "DICAIRKAN") extra.dicairkan_at = now;
    tx.update(insentif).set({ ...extra, status: to, updated_at: now }).where(eq(insentif.id, id)).run();
  },
  fakultasOf: () => null,
  verifiersOf: () => [],
};

/** "klaim insentif #7": how a summary names the claim a file belongs to. */
const klaimRef = (id: number) => `klaim insentif #${id}`;

// ---- Lists ---------------------------------------------------------------------------------------

export type InsentifRow = {
  id: number;
  judul: string;
  jenis: string;
  peringkat: string;
  pengusul: string;
  tahun: number;
  peran: string;
  status: InsentifStatus;
  /** The tariff of the kind for the claimant's role (null: the role may not claim it). */
  tarif: number | null;
  nominal_rekomendasi: number | null;
  nominal_disetujui: number | null;
  reviewer: string | null;
  diajukan_at: Date | null;
};

function listPage(db: Db, state: TableState, where: SQL | undefined): Page<InsentifRow> {
  const reviewer = sql<string | null>`(select r.name from users r where r.id = ${insentif.id_reviewer})`;
  const filtered = and(where, searchIn(state, insentif.judul, users.name));
  return paged(
    state,
    () => db.select({ n: sql<number>`count(*)` }).from(insentif).innerJoin(users, eq(users.id, insentif.id_pengusul)).where(filtered).get()?.n ?? 0,
    (limit, offset) =>
      db
        .select({
          id: insentif.id,
          judul: insentif.judul,
          jenis: jenisInsentif.jenis,
          peringkat: jenisInsentif.peringkat,
          pengusul: users.name,
          tahun: insentif.tahun,
          peran: insentif.peran,
          status: insentif.status,
          tarif_utama: jenisInsentif.tarif_utama,
          tarif_anggota: jenisInsentif.tarif_anggota,
          anggota_boleh: jenisInsentif.anggota_boleh,
          nominal_rekomendasi: insentif.nominal_rekomendasi,
          nominal_disetujui: insentif.nominal_disetujui,
          reviewer,
          diajukan_at: insentif.diajukan_at,
        })
        .from(insentif)
        .innerJoin(users, eq(users.id, insentif.id_pengusul))
        .innerJoin(jenisInsentif, eq(jenisInsentif.id, insentif.id_jenis))
        .where(filtered)
        .orderBy(desc(insentif.updated_at), desc(insentif.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(({ tarif_utama, tarif_anggota, anggota_boleh, ...row }) => ({
          ...row,
          status: row.status as InsentifStatus,
          tarif: tarifOf({ tarif_utama, tarif_anggota, anggota_boleh }, row.peran),
        })),
  );
}

/** The lecturer's own claims. */
export function listKlaimPengusul(db: Db, userId: number, state: TableState): Page<InsentifRow> {
  return listPage(db, state, eq(insentif.id_pengusul, userId));
}

/** The office's lists (and the reviewer's, with `reviewerId`): claims in `statuses`. */
export function listKlaimKantor(db: Db, state: TableState, statuses: readonly InsentifStatus[], reviewerId?: number): Page<InsentifRow> {
  return listPage(db, state, and(inArray(insentif.status, [...statuses]), reviewerId ? eq(insentif.id_reviewer, reviewerId) : undefined));
}

// ---- One claim -----------------------------------------------------------------------------------

export type InsentifDetail = {
  id: number;
  status: InsentifStatus;
  judul: string;
  nama_wadah: string;
  issn_isbn: string;
  doi_url: string;
  tahun: number;
  volume_nomor: string;
  peran: string;
  jumlah_penulis: number;
  id_jenis: number;
  id_luaran: number | null;
  jenis: JenisInsentif;
  periode: PeriodeInsentif;
  id_pengusul: number;
  pengusul: string;
  tarif: number | null;
  reviewer: { id: number; name: string; tenggat: Date | null } | null;
  evaluasi: Evaluasi | null;
  nominal_disetujui: number | null;
  sk: { nomor_sk: string; tanggal_sk: Date } | null;
  bukti: { id: number; nama_file: string; ukuran: number }[];
  timeline: TimelineEntry[];
  /** What keeps 'Ajukan' from passing (empty: it may be submitted). */
  problems: string[];
  /** The viewer is the claimant and may still change it. */
  canEdit: boolean;
  /** The viewer is its assigned reviewer and it waits for the evaluation. */
  canEvaluate: boolean;
};

function mayRead(viewer: { id: number; roles: readonly Role[] }, row: { id_pengusul: number; id_reviewer: number | null }): boolean {
  return (
    viewer.id === row.id_pengusul ||
    (row.id_reviewer === viewer.id && viewer.roles.some((r) => REVIEWER_ROLES.includes(r))) ||
    viewer.roles.some((r) => LPPM_OFFICE.includes(r))
  );
}

function duplicateOf(db: Db, keys: { doi: string; judul: string }, exceptId?: number): string | null {
  const other = (condition: SQL) =>
    db
      .select({ id: insentif.id })
      .from(insentif)
      .where(and(condition, HOLDS_PUBLICATION, exceptId ? ne(insentif.id, exceptId) : undefined))
      .get();
  if (keys.doi && other(eq(insentif.doi_kunci, keys.doi))) return KLAIM_GANDA_DOI;
  if (keys.judul && other(eq(insentif.judul_kunci, keys.judul))) return KLAIM_GANDA_JUDUL;
  return null;
}

function problemsOf(db: Db, row: typeof insentif.$inferSelect, jenis: JenisInsentif, periode: PeriodeInsentif, bukti: number, now: Date): string[] {
  const problems: string[] = [];
  const closed = periode.window ? windowRefusal("pengajuan", periode.window, now, "Pengajuan insentif") : "Jadwal pengajuan insentif belum diatur.";
  if (closed) problems.push(closed);
  if (!jenis.aktif) problems.push(JENIS_INSENTIF_TIDAK_DIKENAL);
  if (tarifOf(jenis, row.peran) === null) problems.push(PERAN_TIDAK_BERHAK);
  if (row.tahun !== periode.tahun) problems.push(`Publikasi harus terbit pada tahun ${periode.tahun} (periode insentif).`);
  if (bukti === 0) problems.push(BUKTI_INSENTIF_BELUM);
  const duplicate = duplicateOf(db, { doi: row.doi_kunci, judul: row.judul_kunci }, row.id);
  if (duplicate) problems.push(duplicate);
  return problems;
}

/** A claim for a viewer who may read it, or null (missing or not theirs). */
export function getKlaim(db: Db, viewer: { id: number; roles: readonly Role[] }, id: number, now = new Date()): InsentifDetail | null {
  const row = db.select().from(insentif).where(eq(insentif.id, id)).get();
  if (!row || !mayRead(viewer, row)) return null;
  const jenis = db.select().from(jenisInsentif).where(eq(jenisInsentif.id, row.id_jenis)).get()!;
  const periode = getPeriodeInsentif(db, row.id_periode)!;
  const pengusul = db.select({ name: users.name }).from(users).where(eq(users.id, row.id_pengusul)).get()?.name ?? "";
  const reviewer = row.id_reviewer ? db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.id_reviewer)).get() : undefined;
  const bukti = db
    .select({ id: insentifBukti.id, nama_file: insentifBukti.nama_file, ukuran: insentifBukti.ukuran })
    .from(insentifBukti)
    .where(eq(insentifBukti.id_insentif, id))
    .orderBy(asc(insentifBukti.id))
    .all();
  const sk = row.id_penetapan
    ? db.select({ nomor_sk: penetapanInsentif.nomor_sk, tanggal_sk: penetapanInsentif.tanggal_sk }).from(penetapanInsentif).where(eq(penetapanInsentif.id, row.id_penetapan)).get()
    : undefined;
  const status = row.status as InsentifStatus;
  const editable = status === "DRAF" || status === "DIKEMBALIKAN";
  return {
    id,
    status,
    judul: row.judul,
    nama_wadah: row.nama_wadah,
    issn_isbn: row.issn_isbn,
    doi_url: row.doi_url,
    tahun: row.tahun,
    volume_nomor: row.volume_nomor,
    peran: row.peran,
    jumlah_penulis: row.jumlah_penulis,
    id_jenis: row.id_jenis,
    id_luaran: row.id_luaran,
    jenis,
    periode,
    id_pengusul: row.id_pengusul,
    pengusul,
    tarif: tarifOf(jenis, row.peran),
    reviewer: reviewer ? { ...reviewer, tenggat: row.tenggat } : null,
    evaluasi: row.evaluasi ? { butir: JSON.parse(row.evaluasi) as Evaluasi["butir"], nominal_rekomendasi: row.nominal_rekomendasi ?? 0, catatan: row.catatan_evaluasi ?? "" } : null,
    nominal_disetujui: row.nominal_disetujui,
    sk: sk ?? null,
    bukti,
    timeline: statusTimeline(db, INSENTIF_WORKFLOW, id),
    problems: editable ? problemsOf(db, row, jenis, periode, bukti.length, now) : [],
    canEdit: viewer.id === row.id_pengusul && editable,
    canEvaluate: row.id_reviewer === viewer.id && status === "DIAJUKAN" && viewer.roles.some((r) => REVIEWER_ROLES.includes(r)),
  };
}

/** The outputs the lecturer recorded on their projects (as ketua or member), to prefill a claim from. */
export type LuaranPilihan = { id: number; judul: string; nama_wadah: string; issn_isbn: string; doi_url: string; tahun: number | null; jenis: string; kegiatan: string };

export function luaranPilihan(db: Db, userId: number): LuaranPilihan[] {
  const member = sql`exists (select 1 from usulan_anggota a where a.id_usulan = ${usulan.id} and a.id_user = ${userId} and a.status_undangan = 'DITERIMA')`;
  return db
    .select({
      id: usulanLuaran.id,
      judul: luaranCapaian.judul_publikasi,
      nama_wadah: luaranCapaian.nama_wadah,
      issn_isbn: luaranCapaian.issn_isbn,
      doi_url: luaranCapaian.doi_url,
      tahun: luaranCapaian.tahun,
      jenis: usulanLuaran.jenis,
      kegiatan: usulan.judul,
    })
    .from(luaranCapaian)
    .innerJoin(usulanLuaran, eq(usulanLuaran.id, luaranCapaian.id_luaran))
    .innerJoin(usulan, eq(usulan.id, usulanLuaran.id_usulan))
    .where(and(ne(luaranCapaian.judul_publikasi, ""), sql`(${usulan.id_ketua} = ${userId} or ${member})`))
    .orderBy(desc(luaranCapaian.updated_at))
    .all();
}

// ---- The lecturer's changes ----------------------------------------------------------------------

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
    return transition(tx, adapter, actor, id, "DIAJUKAN", { now });
  });
}

// ---- The Operator --------------------------------------------------------------------------------

/** Assigns (or, until evaluated, reassigns) the claim's reviewer with a deadline; the reviewer hears of it. */
export function tugaskanReviewerKlaim(db: Db, actor: Actor, id: number, input: { reviewer: number; tenggat: Date }, now = new Date()): InsentifResult {
  if (!actor.roles.includes("Operator")) return { ok: false, status: 403, message: NOT_PERMITTED };
  const outcome = db.transaction((tx) => {
    const row = tx.select().from(insentif).where(eq(insentif.id, id)).get();
    if (!row) return { result: { ok: false, status: 404, message: NOT_FOUND } as InsentifRefusal, queued: [] };
    if (row.status !== "DIAJUKAN") return { result: { ok: false, status: 409, message: "Reviewer hanya dapat ditugaskan pada klaim berstatus Diajukan." } as InsentifRefusal, queued: [] };
    if (input.tenggat.getTime() <= now.getTime()) return { result: { ok: false, status: 422, field: "tenggat", message: TENGGAT_INSENTIF_LEWAT } as InsentifRefusal, queued: [] };
    const reviewer = activeReviewer(tx, input.reviewer);
    if (!reviewer) return { result: { ok: false, status: 422, field: "reviewer", message: REVIEWER_INSENTIF_TIDAK_VALID } as InsentifRefusal, queued: [] };
    if (reviewer.id === row.id_pengusul) return { result: { ok: false, status: 422, field: "reviewer", message: REVIEWER_PENGUSUL_SENDIRI } as InsentifRefusal, queued: [] };
    const after = tx.update(insentif).set({ id_reviewer: reviewer.id, tenggat: input.tenggat, updated_at: now }).where(eq(insentif.id, id)).returning().get();
    domainChanged(tx, { entity: "insentif", action: "ubah", id, before: row, after, summary: `Reviewer ditugaskan: ${reviewer.name}` });
    const site = getSetting(tx).nama_toko;
    const queued = queueMessages(
      tx,
      [{ userId: reviewer.id, phone: reviewer.phone, subject: "Klaim insentif: evaluasi", body: `${site}: Anda ditugaskan mengevaluasi klaim insentif "${row.judul}" dengan tenggat ${tanggalWaktu(input.tenggat)}.` }],
      now,
    );
    return { result: { ok: true } as const, queued };
  });
  if (outcome.result.ok) {
    setImmediate(() => void sendQueued(db, outcome.queued));
  }
  return outcome.result;
}

/** 'Cairkan': DITETAPKAN → DICAIRKAN (the Operator). */
export function cairkanKlaim(db: Db, actor: Actor, id: number, now = new Date()): TransitionResult<InsentifStatus> {
  return transition(db, adapter, actor, id, "DICAIRKAN", { now });
}

// ---- The reviewer --------------------------------------------------------------------------------

/**
 * The assigned reviewer's decision: 'simpan' (every checklist item met, an amount within the
 * tariff) → DIEVALUASI; 'kembalikan' → DIKEMBALIKAN and 'tolak' → TIDAK_VALID, each with a note.
 */
export function evaluasiKlaim(
  db: Db,
  actor: Actor,
  id: number,
  keputusan: "simpan" | "kembalikan" | "tolak",
  input: EvaluasiInsentifInput | null,
  note: string | null,
  now = new Date(),
): TransitionResult<InsentifStatus> | InsentifRefusal {
  if (keputusan !== "simpan") return transition(db, adapter, actor, id, keputusan === "kembalikan" ? "DIKEMBALIKAN" : "TIDAK_VALID", { note, now });
  // Who may evaluate it is said before anything about the form: nobody else learns its tariff.
  const allowed = checkTransition(db, adapter, actor, adapter.load(db, id), "DIEVALUASI", { now });
  if (!allowed.ok) return allowed;
  if (!input) return { ok: false, status: 422, message: BUTIR_BELUM_SESUAI };
  const butir = CHECKLIST_INSENTIF.map((b, i) => ({ butir: b, sesuai: Boolean(input[`butir_${i + 1}`]) }));
  if (butir.some((b) => !b.sesuai)) return { ok: false, status: 422, message: BUTIR_BELUM_SESUAI };
  const row = db
    .select({ peran: insentif.peran, tarif_utama: jenisInsentif.tarif_utama, tarif_anggota: jenisInsentif.tarif_anggota, anggota_boleh: jenisInsentif.anggota_boleh })
    .from(insentif)
    .innerJoin(jenisInsentif, eq(jenisInsentif.id, insentif.id_jenis))
    .where(eq(insentif.id, id))
    .get();
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  const tarif = tarifOf(row, row.peran) ?? 0;
  if (input.nominal_rekomendasi > tarif) return { ok: false, status: 422, field: "nominal_rekomendasi", message: `${NOMINAL_MELEBIHI_TARIF} (${formatRupiah(tarif)})` };
  return transition(db, adapter, actor, id, "DIEVALUASI", {
    note: input.catatan || null,
    now,
    evaluasi: { butir, nominal_rekomendasi: input.nominal_rekomendasi, catatan: input.catatan },
  });
}

// ---- The Sekretaris and the Kepala ---------------------------------------------------------------

/** 'Setujui': the Sekretaris (DIEVALUASI → DISETUJUI_SEKRETARIS) or the Kepala (→ DISETUJUI_KEPALA). */
export function setujuiKlaim(db: Db, actor: Actor, id: number, to: "DISETUJUI_SEKRETARIS" | "DISETUJUI_KEPALA", note: string | null, now = new Date()): TransitionResult<InsentifStatus> {
  return transition(db, adapter, actor, id, to, { note, now });
}

/** How many waiting claims the board shows, unless the Kepala asks for all (up to PAPAN_SEMUA). */
export const PAPAN_TOP = 25;
export const PAPAN_SEMUA = 1000;

export type PapanInsentif = {
  periode: PeriodeInsentif;
  /** Claims approved by the Kepala, waiting for the SK: the latest approved first, PAPAN_TOP of them unless `semua`. */
  klaim: (InsentifRow & { nominal_usul: number })[];
  /** How many claims wait in all, and what their proposed amounts add up to. */
  menunggu: { jumlah: number; nominal: number };
  /** Approved amounts already decided in this call (DITETAPKAN, DICAIRKAN). */
  terpakai: number;
  sisa: number;
};

/** The amount a waiting claim is proposed at: the reviewer's recommendation, else its tariff. */
const NOMINAL_USUL = sql<number>`coalesce(${insentif.nominal_rekomendasi}, case when ${insentif.peran} = 'anggota' then (case when ${jenisInsentif.anggota_boleh} then ${jenisInsentif.tarif_anggota} else 0 end) else ${jenisInsentif.tarif_utama} end)`;

/**
 * The penetapan board of a call: the approved claims with the amount to decide (the first
 * PAPAN_TOP, or all with `semua`: a call of hundreds of claims stays a page one can read), what
 * all waiting claims add up to, and the budget left.
 */
export function papanInsentif(db: Db, periodeId: number, { semua = false }: { semua?: boolean } = {}): PapanInsentif | null {
  const periode = getPeriodeInsentif(db, periodeId);
  if (!periode) return null;
  const waiting = and(eq(insentif.id_periode, periodeId), eq(insentif.status, "DISETUJUI_KEPALA"));
  const klaim = listPage(db, { page: 1, size: semua ? PAPAN_SEMUA : PAPAN_TOP, q: "" }, waiting).rows.map((row) => ({
    ...row,
    nominal_usul: row.nominal_rekomendasi ?? row.tarif ?? 0,
  }));
  const menunggu = db
    .select({ jumlah: sql<number>`count(*)`, nominal: sql<number>`coalesce(sum(${NOMINAL_USUL}), 0)` })
    .from(insentif)
    .innerJoin(jenisInsentif, eq(jenisInsentif.id, insentif.id_jenis))
    .where(waiting)
    .get() ?? { jumlah: 0, nominal: 0 };
  const terpakai = terpakaiOf(db, periodeId);
  return { periode, klaim, menunggu, terpakai, sisa: periode.anggaran_total - terpakai };
}

/** The approved amounts a call has already decided (DITETAPKAN, DICAIRKAN). */
function terpakaiOf(db: Db, periodeId: number): number {
  return (
    db
      .select({ n: sql<number>`coalesce(sum(${insentif.nominal_disetujui}), 0)` })
      .from(insentif)
      .where(and(eq(insentif.id_periode, periodeId), inArray(insentif.status, [...SPENT])))
      .get()?.n ?? 0
  );
}

class BatchRefused extends Error {
  constructor(readonly refusal: InsentifRefusal) {
    super(refusal.message);
  }
}

/**
 * 'Tetapkan': the Kepala decides the chosen claims of a call with one SK and their approved
 * amounts (each at most its tariff), within the budget left; all of it or nothing.
 */
export function tetapkanInsentif(
  db: Db,
  actor: Actor,
  periodeId: number,
  sk: SkInsentifInput,
  pilihan: readonly { id: number; nominal: number }[],
  now = new Date(),
): InsentifResult<{ jumlah: number; total: number }> {
  if (!actor.roles.includes("Kepala-LPPM")) return { ok: false, status: 403, message: NOT_PERMITTED };
  if (!pilihan.length) return { ok: false, status: 422, message: PILIH_KLAIM };
  try {
    const result = db.transaction((tx) => {
      // The budget left, not the board: the batch needs no page of claims.
      const periode = getPeriodeInsentif(tx, periodeId);
      if (!periode) throw new BatchRefused({ ok: false, status: 404, message: NOT_FOUND });
      const sisa = periode.anggaran_total - terpakaiOf(tx, periodeId);
      // The chosen claims themselves (the board may show only its first page of them).
      const chosen = listPage(
        tx,
        { page: 1, size: pilihan.length, q: "" },
        and(eq(insentif.id_periode, periodeId), eq(insentif.status, "DISETUJUI_KEPALA"), inArray(insentif.id, pilihan.map((p) => p.id))),
      ).rows;
      const total = pilihan.reduce((sum, p) => sum + p.nominal, 0);
      if (total > sisa) {
        throw new BatchRefused({ ok: false, status: 409, message: `Total nominal (${formatRupiah(total)}) melebihi sisa anggaran insentif (${formatRupiah(sisa)}).` });
      }
      const skRow = tx
        .insert(penetapanInsentif)
        .values({ id_periode: periodeId, nomor_sk: sk.nomor_sk, tanggal_sk: sk.tanggal_sk, id_user: actor.id, created_at: now, updated_at: now })
        .returning()
        .get();
      const batch = skRow.id;
      domainChanged(tx, { entity: "penetapan_insentif", action: "tambah", id: batch, before: null, after: skRow, summary: `SK ${sk.nomor_sk}: ${pilihan.length} klaim insentif` });
      for (const p of pilihan) {
        const claim = chosen.find((k) => k.id === p.id);
        if (!claim) throw new BatchRefused({ ok: false, status: 409, message: `Klaim #${p.id} tidak menunggu penetapan pada periode ini.` });
        if (claim.tarif !== null && p.nominal > claim.tarif) {
          throw new BatchRefused({ ok: false, status: 422, message: `Nominal "${claim.judul}" melebihi tarif (${formatRupiah(claim.tarif)}).` });
        }
        const moved = transition(tx, adapter, actor, p.id, "DITETAPKAN", { now, nominal_disetujui: p.nominal, id_penetapan: batch, note: `SK ${sk.nomor_sk}` });
        if (!moved.ok) throw new BatchRefused(moved);
      }
      return { ok: true as const, jumlah: pilihan.length, total };
    });
    return result;
  } catch (error) {
    if (error instanceof BatchRefused) return error.refusal;
    throw error;
  }
}

// ---- Evidence --------------------------------------------------------------------------------------

/** One evidence file of claim `id`, for a viewer who may read the claim; null otherwise. */
export function buktiKlaim(db: Db, viewer: { id: number; roles: readonly Role[] }, id: number, buktiId: number): { file: string; nama_file: string } | null {
  const row = db.select({ id_pengusul: insentif.id_pengusul, id_reviewer: insentif.id_reviewer }).from(insentif).where(eq(insentif.id, id)).get();
  if (!row || !mayRead(viewer, row)) return null;
  return db.select({ file: insentifBukti.file, nama_file: insentifBukti.nama_file }).from(insentifBukti).where(and(eq(insentifBukti.id, buktiId), eq(insentifBukti.id_insentif, id))).get() ?? null;
}

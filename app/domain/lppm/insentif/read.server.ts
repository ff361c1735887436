/**
 * Reading publication-incentive claims: the lecturer's own list and the office's (and the
 * reviewer's) lists, one claim with its evidence, SK, timeline and what still keeps it from
 * being submitted, and the outputs a lecturer recorded on their projects to prefill a claim
 * from. Who may read a claim: access.server.ts.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { insentif, insentifBukti, jenisInsentif, luaranCapaian, penetapanInsentif, usulan, usulanLuaran, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import { INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import { statusTimeline, type TimelineEntry } from "~/domain/lppm/workflow.server";
import { getPeriodeInsentif, type JenisInsentif, type PeriodeInsentif } from "~/domain/lppm/insentif/master.server";
import { nominalKlaim } from "~/domain/lppm/insentif/tarif";
import { LPPM_OFFICE as KANTOR_LPPM, REVIEWER_ROLES } from "~/domain/lppm/usulan/access.server";
import { lewatTenggat } from "~/domain/lppm/tenggat";
import { mayReadKlaim, type KlaimViewer } from "~/domain/lppm/insentif/access.server";
import { klaimProblems } from "~/domain/lppm/insentif/submit.server";
import type { Evaluasi } from "~/domain/lppm/insentif/transition.server";

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
  /** What the claim is worth by its kind's tariff rule (tarif.ts; null: the role may not claim it). */
  tarif: number | null;
  nominal_rekomendasi: number | null;
  nominal_disetujui: number | null;
  reviewer: string | null;
  /** The reviewer's deadline (set when the Operator assigns one). */
  tenggat: Date | null;
  /** Waiting for its evaluation (Diajukan) past the reviewer's deadline. */
  lewat: boolean;
  diajukan_at: Date | null;
};

/** One page of the claims matching `where` (and the table's search), the latest changed first. */
export function klaimPage(db: Db, state: TableState, where: SQL | undefined, now = new Date()): Page<InsentifRow> {
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
          jumlah_penulis: insentif.jumlah_penulis,
          status: insentif.status,
          tarif_utama: jenisInsentif.tarif_utama,
          tarif_anggota: jenisInsentif.tarif_anggota,
          anggota_boleh: jenisInsentif.anggota_boleh,
          pembagian: jenisInsentif.pembagian,
          porsi_utama: jenisInsentif.porsi_utama,
          nominal_rekomendasi: insentif.nominal_rekomendasi,
          nominal_disetujui: insentif.nominal_disetujui,
          reviewer,
          tenggat: insentif.tenggat,
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
        .map(({ tarif_utama, tarif_anggota, anggota_boleh, pembagian, porsi_utama, jumlah_penulis, ...row }) => ({
          ...row,
          status: row.status as InsentifStatus,
          tarif: nominalKlaim({ tarif_utama, tarif_anggota, anggota_boleh, pembagian, porsi_utama }, { peran: row.peran, jumlah_penulis })?.nominal ?? null,
          lewat: row.status === "DIAJUKAN" && row.reviewer !== null && lewatTenggat(row.tenggat, now),
        })),
  );
}

/** The lecturer's own claims. */
export function listKlaimPengusul(db: Db, userId: number, state: TableState): Page<InsentifRow> {
  return klaimPage(db, state, eq(insentif.id_pengusul, userId));
}

/** The office's lists (and the reviewer's, with `reviewerId`): claims in `statuses`. */
export function listKlaimKantor(db: Db, state: TableState, statuses: readonly InsentifStatus[], reviewerId?: number, now = new Date()): Page<InsentifRow> {
  return klaimPage(db, state, and(inArray(insentif.status, [...statuses]), reviewerId ? eq(insentif.id_reviewer, reviewerId) : undefined), now);
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
  /** What the claim is worth by its kind's tariff rule (null: the role may not claim it), and how. */
  tarif: number | null;
  cara_tarif: string | null;
  reviewer: { id: number; name: string; tenggat: Date | null; lewat: boolean } | null;
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

/** A claim for a viewer who may read it, or null (missing or not theirs). */
export function getKlaim(db: Db, viewer: KlaimViewer, id: number, now = new Date()): InsentifDetail | null {
  const row = db.select().from(insentif).where(eq(insentif.id, id)).get();
  if (!row || !mayReadKlaim(viewer, row)) return null;
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
  const nominal = nominalKlaim(jenis, row);
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
    tarif: nominal?.nominal ?? null,
    cara_tarif: nominal?.cara ?? null,
    reviewer: reviewer ? { ...reviewer, tenggat: row.tenggat, lewat: status === "DIAJUKAN" && lewatTenggat(row.tenggat, now) } : null,
    evaluasi: row.evaluasi ? { butir: JSON.parse(row.evaluasi) as Evaluasi["butir"], nominal_rekomendasi: row.nominal_rekomendasi ?? 0, catatan: row.catatan_evaluasi ?? "" } : null,
    nominal_disetujui: row.nominal_disetujui,
    sk: sk ?? null,
    bukti,
    // The claimant reads their claim's history without the office's steps about its reviewer.
    timeline: statusTimeline(db, INSENTIF_WORKFLOW, id, { internal: viewer.id !== row.id_pengusul || viewer.roles.some((r) => KANTOR_LPPM.includes(r)) }),
    problems: editable ? klaimProblems(db, row, jenis, periode, bukti.length, now) : [],
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

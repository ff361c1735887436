/**
 * Reading proposals: the whole record for the detail page of every area (`usulanDetail`, the
 * access rule of access.server.ts applied, the team hidden from blind reviewers, the reviews as
 * the viewer may read them), the private documents' one way out (`usulanDocumentResponse`), the
 * proposer's paged list and pending invitations, the lecturer search for invitations, and the
 * dashboard's figures.
 */
import type { IdentitasPeneliti } from "~/domain/users/identitas";
import { and, asc, count, desc, eq, inArray, like, ne, or, sql, type SQL } from "drizzle-orm";
import {
  fakultas,
  periode,
  prodi,
  RAB_KELOMPOK,
  skema,
  usulan,
  usulanAnggota,
  usulanDokumen,
  usulanLuaran,
  usulanMahasiswa,
  usulanRab,
  users,
} from "../../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import type { StageWindow } from "~/domain/lppm/workflow.server";
import { paged, contains, type Page } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import { getPeriode, parseList, periodeLabel, type Jenis } from "~/domain/lppm/master/periode.server";
import { USULAN_WORKFLOW, type Stage, type UsulanStatus } from "~/domain/lppm/workflow";
import { statusTimeline, type TimelineEntry } from "~/domain/lppm/workflow.server";
import { anonymousPdfResponse, documentResponse, fileNotFound } from "~/lib/server/documents.server";
import { blindFor, readsDocument, usulanAccess, type DokumenRonde, type UsulanAccessResult, type UsulanRelation, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { rabSummary, type RabSummary } from "~/domain/lppm/usulan/rules";
import { aktifBerperan } from "~/domain/users/users.server";
import { JABATAN_AKADEMIK, jabatanRank, type Role } from "~/domain/users/roles";
import { penilaianFor, type PenilaianView } from "~/domain/lppm/penetapan/nilai.server";

/** The RAB's groups, in the order forms and totals list them. */
export { RAB_KELOMPOK };

export type { DokumenRonde };

export const RONDE_LABELS: Record<DokumenRonde, string> = {
  usulan: "Usulan",
  perbaikan: "Perbaikan",
  laporan_kemajuan: "Laporan Kemajuan",
  laporan_akhir: "Laporan Akhir",
  bukti_luaran: "Bukti Luaran",
};

export type UsulanDetail = {
  usulan: {
    id: number;
    jenis: Jenis;
    status: UsulanStatus;
    statusLabel: string;
    judul: string;
    ringkasan: string;
    kata_kunci: string[];
    bidang_fokus: string;
    tkt: number | null;
    lama_bulan: number;
    mitra: { nama: string; alamat: string; kontak: string };
    dana_diusulkan: number;
    dana_disetujui: number | null;
    nilai_rata: number | null;
    /** The current review round (0 before the first). */
    putaran_review: number;
    diajukan_at: Date | null;
    updated_at: Date;
  };
  /** `pengajuan`: the submission window (the proposer's page says whether it is open). */
  periode: { id: number; label: string; tahun: number; pengajuan: StageWindow | null };
  skema: {
    id: number;
    nama: string;
    dana_maksimal: number;
    honor_maks_persen: number;
    min_jabatan: string | null;
    max_anggota_dosen: number;
    wajib_mahasiswa: number;
    luaran_wajib: string[];
    tkt_min: number | null;
    tkt_max: number | null;
    wajib_mitra: boolean;
    review_buta: boolean;
  };
  /**
   * True when the viewer must not see who proposes it (blind review): `tim` is then null (the
   * team's composition without names is `timAnonim`), `dokumen` holds only what a blind reviewer
   * reads, under names without the team, and the timeline names roles, not people.
   */
  blind: boolean;
  tim: {
    /** Each lecturer's research identifiers (shown as links): never in timAnonim. */
    ketua: { id: number; nama: string; nidn: string | null; prodi: string | null; fakultas: string | null; jabatan: string | null } & IdentitasPeneliti;
    anggota: ({ id: number; id_user: number; nama: string; nidn: string | null; prodi: string | null; jabatan: string | null; status: "MENUNGGU" | "DITERIMA" | "DITOLAK" } & IdentitasPeneliti)[];
    mahasiswa: { id: number; nama: string; nim: string; prodi: string }[];
  } | null;
  /**
   * For a blind reviewer: what the administrative check needs of the team (composition and
   * eligibility) without anything that names anyone — no name, NIDN, NIM, study programme or
   * field of expertise, each of which can point at one lecturer in a small faculty.
   */
  timAnonim: {
    ketua: { jabatan: string | null; profilLengkap: boolean };
    anggota: { jabatan: string | null; status: "MENUNGGU" | "DITERIMA" | "DITOLAK" }[];
    mahasiswa: number;
  } | null;
  rab: { id: number; kelompok: string; item: string; satuan: string; volume: number; harga_satuan: number; jumlah: number }[];
  rabSummary: RabSummary;
  /** The final RAB of the perbaikan round, when there is one. */
  rabPerbaikan: { id: number; kelompok: string; item: string; satuan: string; volume: number; harga_satuan: number; jumlah: number }[];
  luaran: { id: number; jenis: string; target: string; keterangan: string }[];
  dokumen: { id: number; ronde: DokumenRonde; rondeLabel: string; versi: number; nama_file: string; ukuran: number; created_at: Date }[];
  timeline: (TimelineEntry & { label: string })[];
  /**
   * The reviewers' results as this viewer reads them (nilai.server's penilaianFor): the LPPM
   * office all of them with names; the team and the faculty's verifier the closed rounds without
   * names; null for everyone else (a reviewer never reads another's review).
   */
  penilaian: PenilaianView | null;
  access: Pick<UsulanAccessResult, "relations" | "canEdit" | "canDelete">;
};

/** The file name a blind reviewer sees: nothing of the team. */
function blindFileName(usulanId: number, ronde: DokumenRonde, versi: number): string {
  return `usulan-${usulanId}-${ronde.replace(/_/g, "-")}-v${versi}.pdf`;
}

/** Who makes a move, as a blind reviewer reads the timeline: the role, never the person. */
const ROLE_ACTOR: Record<Role, string> = {
  Pengusul: "Pengusul",
  "Reviewer-Internal": "Reviewer",
  "Reviewer-External": "Reviewer",
  "Verifikator-Fakultas": "Verifikator Fakultas",
  "Sekretaris-LPPM": "Sekretaris LPPM",
  "Kepala-LPPM": "Kepala LPPM",
  Operator: "Operator LPPM",
};

/**
 * A timeline entry as a blind reviewer reads it: the actor as the transition's role (the
 * verifier's name would tell the team's faculty, the proposer's the team), and no note except the
 * secretary's to the reviewers when a review is to be redone — the others are written to the
 * team and may name them.
 */
function blindEntry(entry: TimelineEntry): TimelineEntry {
  const transition = USULAN_WORKFLOW.transitions.find((t) => t.from === entry.from && t.to === entry.to);
  const actor = !transition ? "Pengusul" : transition.by === "system" ? "Sistem" : ROLE_ACTOR[transition.by[0]!];
  return { ...entry, actor, note: entry.to === "DIKEMBALIKAN_KE_REVIEW" ? entry.note : null };
}

/** Whose reading of the reviews a viewer gets (penilaianFor), by what they are to the proposal. */
function penilaianReader(relations: readonly UsulanRelation[]): "kantor" | "tim" | null {
  if (relations.includes("lppm")) return "kantor";
  if (relations.some((r) => r === "ketua" || r === "anggota" || r === "verifikator")) return "tim";
  return null;
}

/**
 * The whole proposal as `viewer` may see it, or null when it does not exist or the viewer may
 * not see it (routes answer 404 for both: nobody learns a proposal exists). A blind reviewer
 * (blindFor) gets it without the team, in the administrative check as in the substantive one.
 */
export function usulanDetail(db: Db, viewer: UsulanViewer, id: number): UsulanDetail | null {
  const access = usulanAccess(db, viewer, id);
  if (!access?.canView) return null;
  // The proposal page of every role: its reads are built once (preparedQuery).
  const row = preparedQuery(db, "usulanDetail.usulan", (d) => d.select().from(usulan).where(eq(usulan.id, sql.placeholder("id"))).prepare()).get({ id });
  const found = row ? getPeriode(db, row.id_periode) : null;
  if (!row || !found) return null;
  const { skema: s } = found;
  const blind = blindFor(access, s);

  const rabRows = preparedQuery(db, "usulanDetail.rab", (d) =>
    d
      .select({
        id: usulanRab.id,
        tahap: usulanRab.tahap,
        kelompok: usulanRab.kelompok,
        item: usulanRab.item,
        satuan: usulanRab.satuan,
        volume: usulanRab.volume,
        harga_satuan: usulanRab.harga_satuan,
        jumlah: usulanRab.jumlah,
      })
      .from(usulanRab)
      .where(eq(usulanRab.id_usulan, sql.placeholder("id")))
      .orderBy(asc(usulanRab.id))
      .prepare(),
  ).all({ id });
  const kelompokOrder = (k: string) => (RAB_KELOMPOK as readonly string[]).indexOf(k);
  const byKelompok = <T extends { kelompok: string; id: number }>(a: T, b: T) => kelompokOrder(a.kelompok) - kelompokOrder(b.kelompok) || a.id - b.id;
  const rab = rabRows.filter((r) => r.tahap === "usulan").sort(byKelompok).map(({ tahap: _t, ...r }) => r);
  const rabPerbaikan = rabRows.filter((r) => r.tahap === "perbaikan").sort(byKelompok).map(({ tahap: _t, ...r }) => r);

  const dokumen = preparedQuery(db, "usulanDetail.dokumen", (d) =>
    d
      .select({
        id: usulanDokumen.id,
        ronde: usulanDokumen.ronde,
        versi: usulanDokumen.versi,
        nama_file: usulanDokumen.nama_file,
        ukuran: usulanDokumen.ukuran,
        created_at: usulanDokumen.created_at,
      })
      .from(usulanDokumen)
      .where(eq(usulanDokumen.id_usulan, sql.placeholder("id")))
      .orderBy(asc(usulanDokumen.ronde), desc(usulanDokumen.versi))
      .prepare(),
  )
    .all({ id })
    .filter((d) => readsDocument(access, d.ronde))
    .map((d) => ({ ...d, rondeLabel: RONDE_LABELS[d.ronde], nama_file: blind ? blindFileName(id, d.ronde, d.versi) : d.nama_file }));

  const labels = USULAN_WORKFLOW.labels as Record<string, string>;
  // The office's steps about reviewers are its own business: the team and the reviewers read the rest.
  const timeline = statusTimeline(db, USULAN_WORKFLOW, id, { internal: access.relations.includes("lppm") }).map((entry) => ({
    ...(blind ? blindEntry(entry) : entry),
    label: labels[entry.to] ?? entry.to,
  }));
  const reader = penilaianReader(access.relations);

  return {
    usulan: {
      id: row.id,
      jenis: row.jenis,
      status: row.status as UsulanStatus,
      statusLabel: labels[row.status] ?? row.status,
      judul: row.judul,
      ringkasan: row.ringkasan,
      kata_kunci: parseList(row.kata_kunci),
      bidang_fokus: row.bidang_fokus,
      tkt: row.tkt,
      lama_bulan: row.lama_bulan,
      mitra: { nama: row.mitra_nama, alamat: row.mitra_alamat, kontak: row.mitra_kontak },
      dana_diusulkan: row.dana_diusulkan,
      dana_disetujui: row.dana_disetujui,
      nilai_rata: row.nilai_rata,
      putaran_review: row.putaran_review,
      diajukan_at: row.diajukan_at,
      updated_at: row.updated_at,
    },
    periode: { id: found.id, label: found.label, tahun: found.tahun, pengajuan: found.windows.pengajuan ?? null },
    skema: {
      id: s.id,
      nama: s.nama,
      dana_maksimal: s.dana_maksimal,
      honor_maks_persen: s.honor_maks_persen,
      min_jabatan: s.min_jabatan,
      max_anggota_dosen: s.max_anggota_dosen,
      wajib_mahasiswa: s.wajib_mahasiswa,
      luaran_wajib: s.luaran_wajib,
      tkt_min: s.tkt_min,
      tkt_max: s.tkt_max,
      wajib_mitra: s.wajib_mitra,
      review_buta: s.review_buta,
    },
    blind,
    tim: blind ? null : team(db, id, row.id_ketua),
    timAnonim: blind ? anonymousTeam(team(db, id, row.id_ketua)) : null,
    rab,
    rabSummary: rabSummary(rab, s, RAB_KELOMPOK),
    rabPerbaikan,
    luaran: preparedQuery(db, "usulanDetail.luaran", (d) =>
      d
        .select({ id: usulanLuaran.id, jenis: usulanLuaran.jenis, target: usulanLuaran.target, keterangan: usulanLuaran.keterangan })
        .from(usulanLuaran)
        .where(eq(usulanLuaran.id_usulan, sql.placeholder("id")))
        .orderBy(asc(usulanLuaran.id))
        .prepare(),
    ).all({ id }),
    dokumen,
    timeline,
    penilaian: reader ? penilaianFor(db, { id, status: row.status as UsulanStatus, putaran_review: row.putaran_review }, reader) : null,
    access: { relations: access.relations, canEdit: access.canEdit, canDelete: access.canDelete },
  };
}

/** The team's composition without who is in it (the blind reviewer's administrative check). */
function anonymousTeam(tim: NonNullable<UsulanDetail["tim"]>): NonNullable<UsulanDetail["timAnonim"]> {
  const jabatan = (value: string | null) => JABATAN_AKADEMIK[jabatanRank(value)] ?? null;
  return {
    ketua: { jabatan: jabatan(tim.ketua.jabatan), profilLengkap: Boolean(tim.ketua.nidn && tim.ketua.prodi) },
    anggota: tim.anggota.map((a) => ({ jabatan: jabatan(a.jabatan), status: a.status })),
    mahasiswa: tim.mahasiswa.length,
  };
}

/** The research identifiers of a team member, read with their name. */
const IDENTITAS = { sinta_id: users.sinta_id, orcid: users.orcid, scopus_id: users.scopus_id, scholar_id: users.scholar_id };

function team(db: Db, id: number, ketuaId: number): NonNullable<UsulanDetail["tim"]> {
  const ketua = preparedQuery(db, "usulanDetail.ketua", (d) =>
    d
      .select({ id: users.id, nama: users.name, nidn: users.nidn, prodi: prodi.nama, fakultas: fakultas.nama, jabatan: users.jabatan_akademik, ...IDENTITAS })
      .from(users)
      .leftJoin(prodi, eq(prodi.id, users.id_prodi))
      .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id: ketuaId })!;
  const anggota = preparedQuery(db, "usulanDetail.anggota", (d) =>
    d
      .select({
        id: usulanAnggota.id,
        id_user: usulanAnggota.id_user,
        nama: users.name,
        nidn: users.nidn,
        prodi: prodi.nama,
        jabatan: users.jabatan_akademik,
        status: usulanAnggota.status_undangan,
        ...IDENTITAS,
      })
      .from(usulanAnggota)
      .innerJoin(users, eq(users.id, usulanAnggota.id_user))
      .leftJoin(prodi, eq(prodi.id, users.id_prodi))
      .where(eq(usulanAnggota.id_usulan, sql.placeholder("id")))
      .orderBy(asc(usulanAnggota.id))
      .prepare(),
  ).all({ id });
  const mahasiswa = preparedQuery(db, "usulanDetail.mahasiswa", (d) =>
    d
      .select({ id: usulanMahasiswa.id, nama: usulanMahasiswa.nama, nim: usulanMahasiswa.nim, prodi: usulanMahasiswa.prodi })
      .from(usulanMahasiswa)
      .where(eq(usulanMahasiswa.id_usulan, sql.placeholder("id")))
      .orderBy(asc(usulanMahasiswa.id))
      .prepare(),
  ).all({ id });
  return { ketua, anggota, mahasiswa };
}

/**
 * A proposal's document for `viewer` (every area's download route calls this): 404 unless the
 * proposal exists, the document is its own and the viewer reads documents of its round
 * (readsDocument: whoever may see the proposal; a blind reviewer only the proposal under review,
 * under a file name without the team's names, and a copy whose PDF metadata is stripped — the
 * stored file stays the proposer's own for everyone else).
 */
export async function usulanDocumentResponse(db: Db, viewer: UsulanViewer, usulanId: number, dokumenId: number): Promise<Response> {
  const access = usulanAccess(db, viewer, usulanId);
  if (!access?.canView) return fileNotFound();
  const doc = db
    .select()
    .from(usulanDokumen)
    .where(and(eq(usulanDokumen.id, dokumenId), eq(usulanDokumen.id_usulan, usulanId)))
    .get();
  if (!doc || !readsDocument(access, doc.ronde)) return fileNotFound();
  const blind = blindFor(access, { review_buta: access.usulan.review_buta });
  return blind ? anonymousPdfResponse(doc.file, blindFileName(usulanId, doc.ronde, doc.versi)) : documentResponse(doc.file, doc.nama_file);
}

// ---- The proposer's lists ------------------------------------------------------------------------

export type UsulanSayaRow = {
  id: number;
  judul: string;
  status: UsulanStatus;
  statusLabel: string;
  periode: string;
  peran: "Ketua" | "Anggota";
  dana_diusulkan: number;
  updated_at: Date;
};

/**
 * The proposals of a kind that a lecturer leads or joined (invitation accepted), newest
 * change first; searched by title, filtered by status; paged in SQL.
 */
export function listUsulanSaya(db: Db, userId: number, jenis: Jenis, state: TableState, status?: string | null): Page<UsulanSayaRow> {
  // Led or joined: one indexed lookup each (an OR of the two would scan every proposal).
  const mine = sql`${usulan.id} in (select "id" from "usulan" where "id_ketua" = ${userId} union select "id_usulan" from "usulan_anggota" where "id_user" = ${userId} and "status_undangan" = 'DITERIMA')`;
  const conditions: (SQL | undefined)[] = [eq(usulan.jenis, jenis), mine];
  if (status && (USULAN_WORKFLOW.statuses as readonly string[]).includes(status)) conditions.push(eq(usulan.status, status));
  if (state.q) conditions.push(contains(usulan.judul, state.q));
  const where = and(...conditions);
  const labels = USULAN_WORKFLOW.labels as Record<string, string>;
  return paged(
    state,
    () => db.select({ n: count() }).from(usulan).where(where).get()?.n ?? 0,
    (limit, offset) =>
      db
        .select({
          id: usulan.id,
          judul: usulan.judul,
          status: usulan.status,
          id_ketua: usulan.id_ketua,
          tahun: periode.tahun,
          skema: skema.nama,
          dana_diusulkan: usulan.dana_diusulkan,
          updated_at: usulan.updated_at,
        })
        .from(usulan)
        .innerJoin(periode, eq(periode.id, usulan.id_periode))
        .innerJoin(skema, eq(skema.id, periode.id_skema))
        .where(where)
        .orderBy(desc(usulan.updated_at), desc(usulan.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((r) => ({
          id: r.id,
          judul: r.judul,
          status: r.status as UsulanStatus,
          statusLabel: labels[r.status] ?? r.status,
          periode: periodeLabel({ tahun: r.tahun }, { nama: r.skema }),
          peran: r.id_ketua === userId ? ("Ketua" as const) : ("Anggota" as const),
          dana_diusulkan: r.dana_diusulkan,
          updated_at: r.updated_at,
        })),
  );
}

export type UndanganRow = { id: number; id_usulan: number; judul: string; ketua: string; periode: string; status: UsulanStatus };

/** Invitations of a kind still waiting for this lecturer's answer (on proposals still being prepared). */
export function listUndanganMenunggu(db: Db, userId: number, jenis: Jenis): UndanganRow[] {
  return db
    .select({
      id: usulanAnggota.id,
      id_usulan: usulan.id,
      judul: usulan.judul,
      ketua: users.name,
      tahun: periode.tahun,
      skema: skema.nama,
      status: usulan.status,
    })
    .from(usulanAnggota)
    .innerJoin(usulan, eq(usulan.id, usulanAnggota.id_usulan))
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .innerJoin(skema, eq(skema.id, periode.id_skema))
    .where(
      and(
        eq(usulanAnggota.id_user, userId),
        eq(usulanAnggota.status_undangan, "MENUNGGU"),
        eq(usulan.jenis, jenis),
        inArray(usulan.status, ["DRAF", "DIKEMBALIKAN"]),
      ),
    )
    .orderBy(asc(usulanAnggota.id))
    .limit(100)
    .all()
    .map(({ tahun, skema: nama, ...r }) => ({ ...r, status: r.status as UsulanStatus, periode: periodeLabel({ tahun }, { nama }) }));
}

export type DosenHit = { nidn: string; nama: string; prodi: string | null; fakultas: string | null };

/**
 * Lecturers to invite, across faculties: active Pengusul with an NIDN, found by NIDN prefix or
 * name, never the searcher. At most 10.
 */
export function searchDosen(db: Db, q: string, exceptUserId: number): DosenHit[] {
  const term = q.trim().slice(0, 60);
  if (term.length < 3) return [];
  const digits = term.replace(/[\s.-]/g, "");
  return db
    .select({ nidn: users.nidn, nama: users.name, prodi: prodi.nama, fakultas: fakultas.nama })
    .from(users)
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
    .where(
      and(
        ne(users.id, exceptUserId),
        aktifBerperan("Pengusul"),
        sql`${users.nidn} is not null`,
        or(/^\d+$/.test(digits) ? like(users.nidn, `${digits}%`) : undefined, contains(users.name, term)),
      ),
    )
    .orderBy(asc(users.name))
    .limit(10)
    .all()
    .map((r) => ({ ...r, nidn: r.nidn ?? "" }));
}

// ---- Dashboard ----------------------------------------------------------------------------------

/** The proposals a lecturer leads, per status (every status present, 0 when none). */
export function usulanCountsByStatus(db: Db, ketuaId: number): { status: UsulanStatus; label: string; jumlah: number }[] {
  const rows = db.select({ status: usulan.status, n: count() }).from(usulan).where(eq(usulan.id_ketua, ketuaId)).groupBy(usulan.status).all();
  const counts = new Map(rows.map((r) => [r.status, r.n]));
  return USULAN_WORKFLOW.statuses.map((status) => ({ status, label: USULAN_WORKFLOW.labels[status], jumlah: counts.get(status) ?? 0 }));
}

/** The stage a proposal in this status waits for from its proposer. */
const PROPOSER_STAGE: Partial<Record<UsulanStatus, Stage>> = {
  DRAF: "pengajuan",
  DIKEMBALIKAN: "pengajuan",
  DIDANAI: "perbaikan",
  BERJALAN: "laporan_akhir",
};

export type NextDeadline = { usulanId: number; judul: string; stage: Stage; closes: Date };

/**
 * The proposer's next deadline: among the proposals they lead that wait for them (a draft or a
 * returned one to submit, a funded one to revise, a running one to report), the soonest
 * closing window still open at `now`; null when none.
 */
export function nextDeadline(db: Db, ketuaId: number, now = new Date()): NextDeadline | null {
  const rows = db
    .select({ id: usulan.id, judul: usulan.judul, status: usulan.status, periode })
    .from(usulan)
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .where(and(eq(usulan.id_ketua, ketuaId), inArray(usulan.status, Object.keys(PROPOSER_STAGE))))
    .all();
  let best: NextDeadline | null = null;
  for (const row of rows) {
    const stages: Stage[] = row.status === "BERJALAN" ? ["laporan_kemajuan", "laporan_akhir"] : [PROPOSER_STAGE[row.status as UsulanStatus]!];
    for (const stage of stages) {
      const opens = row.periode[`${stage}_buka`];
      const closes = row.periode[`${stage}_tutup`];
      if (!opens || !closes || opens > now || closes < now) continue;
      if (!best || closes < best.closes) best = { usulanId: row.id, judul: row.judul, stage, closes };
    }
  }
  return best;
}

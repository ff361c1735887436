/**
 * What waits for each person, opening every LPPM dashboard and the Operator's (LPPM.md, "Every
 * screen"): per kind of work, how many and the first few — the title, whose it is, the deadline
 * (overdue marked) and the page where it is done. A kind with nothing waiting is left out.
 *
 * Deadlines. An assignment has its own (a review, a monev, a claim's evaluation). A proposal
 * waiting for someone has the close of the stage window it must still pass: a draft or a
 * returned proposal the submission's; a proposal before its reviewers are assigned the review's
 * (the assignment is made in that window); a scored, verified or recommended one the
 * penetapan's (after it, it can no longer be funded); a funded one the revision's; a running
 * project's report its report's window; a project due for monev the monev's. A returned claim
 * has its call's submission window. Steps no window bounds (the verifier's and the office's
 * checks, the incentives' approvals and payment) have none, and come oldest first.
 *
 * Each kind is a prepared query (built once per connection) over indexed columns for its first
 * rows, and only when they fill the list a second one counting them all: a dashboard is never
 * cached and stays cheap with thousands of proposals waiting.
 */
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import { insentif, laporan, monev, penugasanReviewer, periode, periodeInsentif, prodi, skema, usulan, usulanAnggota, users } from "../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import type { InsentifStatus, UsulanStatus } from "~/domain/lppm/workflow";
import type { LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";
import { fakultasVerifikasi } from "~/domain/users/users.server";

/** How many of each kind a dashboard lists (the count says how many there are in all). */
export const TUGAS_TERATAS = 5;

export type ItemTugas = {
  /** The proposal's, the claim's or the assignment's id (what `to` opens). */
  id: number;
  judul: string;
  /** Whose it is (the ketua, the claimant); null where the viewer must not know (blind review) or it is their own. */
  siapa: string | null;
  /** Epoch ms; null when no window bounds this step. */
  tenggat: number | null;
  lewat: boolean;
  /** The page where it is done. */
  to: string;
};

export type KelompokTugas = {
  /** Stable key of the kind (tests and page anchors). */
  kunci: string;
  label: string;
  jumlah: number;
  items: ItemTugas[];
  /** The list with all of them. */
  semua: string;
};

/** A row as the queries answer it: the item, its kind's total, and what its link needs. */
type Baris = { id: number; judul: string; siapa: string | null; tenggat: Date | null; ref: number; jenis?: "penelitian" | "pengabdian" };

/** A kind's first rows and how many there are in all. */
type Antre = { rows: Baris[]; jumlah: number };
type Params = Record<string, unknown>;

type Jenis = { kunci: string; label: string; semua: string; to: (row: Baris) => string };

function kelompok(jenis: Jenis, { rows, jumlah }: Antre, now: Date): KelompokTugas {
  return {
    kunci: jenis.kunci,
    label: jenis.label,
    semua: jenis.semua,
    jumlah,
    items: rows.map((row) => ({
      id: row.id,
      judul: row.judul,
      siapa: row.siapa,
      tenggat: row.tenggat ? row.tenggat.getTime() : null,
      lewat: row.tenggat !== null && row.tenggat.getTime() < now.getTime(),
      to: jenis.to(row),
    })),
  };
}

/** Kinds with something waiting, in the order given. */
const waiting = (groups: KelompokTugas[]) => groups.filter((g) => g.jumlah > 0);

/** Soonest deadline first, steps without one after them; then the oldest. */
const soonest = (tenggat: SQLiteColumn | SQL, id: SQLiteColumn) => [sql`${tenggat} is null`, asc(tenggat), asc(id)];

/**
 * A kind of work from its query (`build`: the rows waiting, unordered): its first rows in
 * `order`, and their count — from the first rows when they do not fill the list, else counted.
 */
function antrean(db: Db, key: string, build: (d: Db) => SQLiteSelect, order: (SQLiteColumn | SQL)[]): (params?: Params) => Antre {
  const list = preparedQuery(db, `tugas.${key}`, (d) => build(d).orderBy(...order).limit(TUGAS_TERATAS).prepare());
  const total = preparedQuery(db, `tugas.${key}.jumlah`, (d) => d.select({ n: count() }).from(build(d).as("antrean")).prepare());
  return (params = {}) => {
    const rows = list.all(params) as Baris[];
    return { rows, jumlah: rows.length < TUGAS_TERATAS ? rows.length : (total.get(params)?.n ?? rows.length) };
  };
}
const user = () => sql.placeholder("user");
/** A window's close (or an assignment's deadline) as a Date; no column: no deadline. */
const tenggatOf = (column: SQLiteColumn | null): SQL<Date | null> => (column ? (sql`${column}`.mapWith(column) as SQL<Date | null>) : sql<Date | null>`null`);

/**
 * Proposals in `statuses` (and `where`), each with its ketua, the close of `tenggat`'s window
 * and its periode (ref): the office's and the approvers' kinds.
 */
function usulanQuery(db: Db, key: string, where: SQL, tenggat: SQLiteColumn | null): (params?: Params) => Antre {
  return antrean(
    db,
    key,
    (d) =>
      withKonteks(
        d
          .select({ id: usulan.id, judul: usulan.judul, siapa: users.name, tenggat: tenggatOf(tenggat), ref: usulan.id_periode, jenis: usulan.jenis })
          .from(usulan)
          .$dynamic(),
      ).where(where),
    soonest(tenggat ?? usulan.diajukan_at, usulan.id),
  );
}

const inStatus = (statuses: readonly UsulanStatus[]) => inArray(usulan.status, [...statuses]);

/** Claims in `status` (and `where`), each with its claimant and its call (ref). */
function klaimQuery(db: Db, key: string, where: SQL, tenggat: SQLiteColumn | null = null): (params?: Params) => Antre {
  return antrean(
    db,
    key,
    (d) =>
      d
        .select({ id: insentif.id, judul: insentif.judul, siapa: users.name, tenggat: tenggatOf(tenggat), ref: insentif.id_periode })
        .from(insentif)
        .innerJoin(users, eq(users.id, insentif.id_pengusul))
        .innerJoin(periodeInsentif, eq(periodeInsentif.id, insentif.id_periode))
        .where(where)
        .$dynamic(),
    soonest(tenggat ?? insentif.diajukan_at, insentif.id),
  );
}

const klaimStatus = (status: InsentifStatus) => eq(insentif.status, status);

// ---- Pengusul --------------------------------------------------------------------------------------

/** Each report's window in the periode. */
const LAPORAN_WINDOW = {
  kemajuan: { buka: periode.laporan_kemajuan_buka, tutup: periode.laporan_kemajuan_tutup },
  akhir: { buka: periode.laporan_akhir_buka, tutup: periode.laporan_akhir_tutup },
} as const;

/**
 * The ketua's running projects whose report of this kind is due: its window has opened and the
 * report is missing, a draft or returned (the daily reminder's rule, laporan/pengingat.server.ts).
 */
function laporanDue(db: Db, jenis: LaporanJenis): (params?: Params) => Antre {
  const { buka, tutup } = LAPORAN_WINDOW[jenis];
  return antrean(
    db,
    `pengusul.laporan.${jenis}`,
    (d) =>
      d
        .select({ id: usulan.id, judul: usulan.judul, siapa: sql<string | null>`null`, tenggat: tenggatOf(tutup), ref: usulan.id_periode, jenis: usulan.jenis })
        .from(usulan)
        .innerJoin(periode, eq(periode.id, usulan.id_periode))
        .leftJoin(laporan, and(eq(laporan.id_usulan, usulan.id), eq(laporan.jenis, jenis)))
        .where(
          and(
            eq(usulan.id_ketua, user()),
            eq(usulan.status, "BERJALAN"),
            sql`${buka} <= ${sql.placeholder("now")}`,
            or(isNull(laporan.id), inArray(laporan.status, ["DRAF", "DIKEMBALIKAN"])),
          ),
        )
        .$dynamic(),
    soonest(tutup, usulan.id),
  );
}

/** The ketua's own proposals in `status`, with the close of `tenggat`'s window. */
function milikSaya(db: Db, key: string, status: UsulanStatus, tenggat: SQLiteColumn): (params?: Params) => Antre {
  return antrean(
    db,
    `pengusul.${key}`,
    (d) =>
      d
        .select({ id: usulan.id, judul: usulan.judul, siapa: sql<string | null>`null`, tenggat: tenggatOf(tenggat), ref: usulan.id_periode, jenis: usulan.jenis })
        .from(usulan)
        .innerJoin(periode, eq(periode.id, usulan.id_periode))
        .where(and(eq(usulan.id_ketua, user()), eq(usulan.status, status)))
        .$dynamic(),
    soonest(tenggat, usulan.id),
  );
}

/** The lecturer: invitations to answer, drafts and returned proposals, revisions and reports due, returned claims. */
export function tugasPengusul(db: Db, userId: number, now = new Date()): KelompokTugas[] {
  const params = { user: userId, now: now.getTime() };
  const undangan = antrean(
    db,
    "pengusul.undangan",
    (d) =>
      d
        .select({ id: usulan.id, judul: usulan.judul, siapa: users.name, tenggat: tenggatOf(periode.pengajuan_tutup), ref: usulan.id_periode, jenis: usulan.jenis })
        .from(usulanAnggota)
        .innerJoin(usulan, eq(usulan.id, usulanAnggota.id_usulan))
        .innerJoin(users, eq(users.id, usulan.id_ketua))
        .innerJoin(periode, eq(periode.id, usulan.id_periode))
        .where(and(eq(usulanAnggota.id_user, user()), eq(usulanAnggota.status_undangan, "MENUNGGU")))
        .$dynamic(),
    soonest(periode.pengajuan_tutup, usulan.id),
  );
  const klaim = antrean(
    db,
    "pengusul.klaim",
    (d) =>
      d
        .select({ id: insentif.id, judul: insentif.judul, siapa: sql<string | null>`null`, tenggat: tenggatOf(periodeInsentif.pengajuan_tutup), ref: insentif.id_periode })
        .from(insentif)
        .innerJoin(periodeInsentif, eq(periodeInsentif.id, insentif.id_periode))
        .where(and(eq(insentif.id_pengusul, user()), eq(insentif.status, "DIKEMBALIKAN")))
        .$dynamic(),
    soonest(periodeInsentif.pengajuan_tutup, insentif.id),
  );
  const detail = (row: Baris) => `/pengusul/usulan/${row.id}`;
  return waiting([
    kelompok(
      { kunci: "undangan", label: "Undangan anggota tim menunggu jawaban", semua: "/pengusul/penelitian/usulan-baru", to: (row) => `/pengusul/${row.jenis}/usulan-baru` },
      undangan({ user: userId }),
      now,
    ),
    kelompok({ kunci: "draf", label: "Draf usulan belum diajukan", semua: "/pengusul/penelitian/usulan-baru", to: detail }, milikSaya(db, "draf", "DRAF", periode.pengajuan_tutup)({ user: userId }), now),
    kelompok(
      { kunci: "dikembalikan", label: "Usulan dikembalikan untuk diperbaiki", semua: "/pengusul/penelitian/usulan-baru", to: detail },
      milikSaya(db, "dikembalikan", "DIKEMBALIKAN", periode.pengajuan_tutup)({ user: userId }),
      now,
    ),
    kelompok(
      { kunci: "perbaikan", label: "Usulan didanai, perbaikan harus diajukan", semua: "/pengusul/penelitian/perbaikan-usulan", to: (row) => `/pengusul/${row.jenis}/perbaikan-usulan?lihat=${row.id}` },
      milikSaya(db, "perbaikan", "DIDANAI", periode.perbaikan_tutup)({ user: userId }),
      now,
    ),
    kelompok(
      { kunci: "laporan-kemajuan", label: "Laporan kemajuan harus diajukan", semua: "/pengusul/penelitian/laporan-kemajuan", to: (row) => `/pengusul/${row.jenis}/laporan-kemajuan?lihat=${row.id}` },
      laporanDue(db, "kemajuan")(params),
      now,
    ),
    kelompok(
      { kunci: "laporan-akhir", label: "Laporan akhir harus diajukan", semua: "/pengusul/penelitian/laporan-akhir", to: (row) => `/pengusul/${row.jenis}/laporan-akhir?lihat=${row.id}` },
      laporanDue(db, "akhir")(params),
      now,
    ),
    kelompok(
      { kunci: "klaim-dikembalikan", label: "Klaim insentif dikembalikan", semua: "/pengusul/insentif/pengajuan", to: (row) => `/pengusul/insentif/pengajuan?lihat=${row.id}` },
      klaim({ user: userId }),
      now,
    ),
  ]);
}

// ---- Reviewer --------------------------------------------------------------------------------------

/** The reviewer's review assignments of the current round still to do, at one stage. */
function reviewQuery(db: Db, tahap: "administrasi" | "substansi"): (params?: Params) => Antre {
  return antrean(
    db,
    `reviewer.${tahap}`,
    (d) =>
      d
        .select({
          id: penugasanReviewer.id,
          judul: usulan.judul,
          // A blind skema's reviewer does not learn whose proposal it is, at either stage (the
          // administrative check judges the team's composition without names).
          siapa: sql<string | null>`case when ${skema.review_buta} then null else ${users.name} end`,
          tenggat: tenggatOf(penugasanReviewer.tenggat),
          ref: usulan.id,
          jenis: usulan.jenis,
        })
        .from(penugasanReviewer)
        .innerJoin(usulan, and(eq(usulan.id, penugasanReviewer.id_usulan), eq(usulan.putaran_review, penugasanReviewer.putaran)))
        .innerJoin(users, eq(users.id, usulan.id_ketua))
        .innerJoin(periode, eq(periode.id, usulan.id_periode))
        .innerJoin(skema, eq(skema.id, periode.id_skema))
        .where(
          and(
            eq(penugasanReviewer.id_reviewer, user()),
            inArray(usulan.status, ["REVIEW", "DIKEMBALIKAN_KE_REVIEW"]),
            tahap === "administrasi"
              ? isNull(penugasanReviewer.administrasi_lolos)
              : and(eq(penugasanReviewer.administrasi_lolos, true), isNull(penugasanReviewer.substansi_at)),
          ),
        )
        .$dynamic(),
    soonest(penugasanReviewer.tenggat, penugasanReviewer.id),
  );
}

/** The reviewer: administrative and substantive reviews, monev and claims assigned to them and still open. */
export function tugasReviewer(db: Db, userId: number, now = new Date()): KelompokTugas[] {
  const params = { user: userId };
  const monevQuery = antrean(
    db,
    "reviewer.monev",
    (d) =>
      d
        .select({ id: usulan.id, judul: usulan.judul, siapa: users.name, tenggat: tenggatOf(monev.tenggat), ref: monev.id, jenis: usulan.jenis })
        .from(monev)
        .innerJoin(usulan, eq(usulan.id, monev.id_usulan))
        .innerJoin(users, eq(users.id, usulan.id_ketua))
        .where(and(eq(monev.id_reviewer, user()), eq(monev.status, "DITUGASKAN"), eq(usulan.status, "BERJALAN")))
        .$dynamic(),
    soonest(monev.tenggat, monev.id),
  );
  const klaim = klaimQuery(db, "reviewer.klaim", and(eq(insentif.id_reviewer, user()), klaimStatus("DIAJUKAN"))!, insentif.tenggat);
  return waiting([
    kelompok(
      { kunci: "administrasi", label: "Evaluasi administrasi", semua: "/reviewer/evaluasi-administrasi", to: (row) => `/reviewer/evaluasi-administrasi?nilai=${row.id}` },
      reviewQuery(db, "administrasi")(params),
      now,
    ),
    kelompok(
      { kunci: "substansi", label: "Evaluasi substansi", semua: "/reviewer/evaluasi-substansi", to: (row) => `/reviewer/evaluasi-substansi?nilai=${row.id}` },
      reviewQuery(db, "substansi")(params),
      now,
    ),
    kelompok({ kunci: "monev", label: "Penilaian monev", semua: "/reviewer/evaluasi-monev", to: (row) => `/reviewer/evaluasi-monev?lihat=${row.id}` }, monevQuery(params), now),
    kelompok({ kunci: "insentif", label: "Evaluasi klaim insentif", semua: "/reviewer/evaluasi-insentif", to: (row) => `/reviewer/evaluasi-insentif?lihat=${row.id}` }, klaim(params), now),
  ]);
}

// ---- Verifikator, Sekretaris, Kepala -----------------------------------------------------------------

/** The faculty verifier: submitted proposals of their own faculty's lecturers. */
export function tugasVerifikator(db: Db, userId: number, now = new Date()): KelompokTugas[] {
  const fakultasId = fakultasVerifikasi(db, userId);
  if (fakultasId === null) return [];
  const rows = usulanQuery(db, "verifikator.diajukan", and(eq(usulan.status, "DIAJUKAN"), eq(prodi.id_fakultas, sql.placeholder("fakultas")))!, periode.review_tutup)({ fakultas: fakultasId });
  const page = "/operatorfakultas/persetujuan-usulan/usulan-reguler";
  return waiting([kelompok({ kunci: "diajukan", label: "Usulan menunggu persetujuan fakultas", semua: page, to: (row) => `${page}?lihat=${row.id}` }, rows, now)]);
}

/** The secretary: scored proposals to verify, evaluated claims to approve. */
export function tugasSekretaris(db: Db, now = new Date()): KelompokTugas[] {
  const usulanPage = "/sekretarislppm/persetujuan-usulan/usulan-reguler";
  const klaimPage = "/sekretarislppm/persetujuan-usulan/insentif-publikasi";
  return waiting([
    kelompok(
      { kunci: "dinilai", label: "Usulan dinilai, menunggu verifikasi", semua: usulanPage, to: (row) => `${usulanPage}?lihat=${row.id}` },
      usulanQuery(db, "sekretaris.dinilai", inStatus(["DINILAI"]), periode.penetapan_tutup)(),
      now,
    ),
    kelompok(
      { kunci: "klaim-dievaluasi", label: "Klaim insentif dievaluasi, menunggu persetujuan", semua: klaimPage, to: (row) => `${klaimPage}?lihat=${row.id}` },
      klaimQuery(db, "sekretaris.klaim", klaimStatus("DIEVALUASI"))(),
      now,
    ),
  ]);
}

/** The head: verified proposals to approve, recommended ones to decide, claims to approve and to decide. */
export function tugasKepala(db: Db, now = new Date()): KelompokTugas[] {
  const persetujuan = "/kepalalppm/persetujuan-usulan/usulan-reguler";
  const penetapan = "/kepalalppm/penetapan-pemenang/usulan-reguler";
  const klaimSetuju = "/kepalalppm/persetujuan-usulan/insentif-publikasi";
  const klaimTetap = "/kepalalppm/penetapan-pemenang/usulan-insentif";
  return waiting([
    kelompok(
      { kunci: "diverifikasi", label: "Usulan diverifikasi, menunggu persetujuan", semua: persetujuan, to: (row) => `${persetujuan}?lihat=${row.id}` },
      usulanQuery(db, "kepala.diverifikasi", inStatus(["DIVERIFIKASI"]), periode.penetapan_tutup)(),
      now,
    ),
    kelompok(
      { kunci: "direkomendasikan", label: "Usulan direkomendasikan, menunggu penetapan", semua: penetapan, to: (row) => `${penetapan}?periode=${row.ref}` },
      usulanQuery(db, "kepala.direkomendasikan", inStatus(["DIREKOMENDASIKAN"]), periode.penetapan_tutup)(),
      now,
    ),
    kelompok(
      { kunci: "klaim-disetujui-sekretaris", label: "Klaim insentif menunggu persetujuan", semua: klaimSetuju, to: (row) => `${klaimSetuju}?lihat=${row.id}` },
      klaimQuery(db, "kepala.klaim.setuju", klaimStatus("DISETUJUI_SEKRETARIS"))(),
      now,
    ),
    kelompok(
      { kunci: "klaim-disetujui-kepala", label: "Klaim insentif menunggu penetapan", semua: klaimTetap, to: (row) => `${klaimTetap}?periode=${row.ref}` },
      klaimQuery(db, "kepala.klaim.tetap", klaimStatus("DISETUJUI_KEPALA"))(),
      now,
    ),
  ]);
}

// ---- Operator ----------------------------------------------------------------------------------------

/** A returned review round without its reviewers yet: the secretary bumped putaran_review, the Operator assigns again. */
const TANPA_REVIEWER_PUTARAN_INI = sql`not exists (select 1 from penugasan_reviewer p where p.id_usulan = "usulan"."id" and p.putaran = "usulan"."putaran_review")`;

/** Reports of one kind submitted and waiting for the Operator's check. */
function laporanDiajukan(db: Db, jenis: LaporanJenis) {
  return usulanQuery(
    db,
    `operator.laporan.${jenis}`,
    sql`"usulan"."id" in (select l.id_usulan from laporan l where l.jenis = ${jenis} and l.status = 'DIAJUKAN')`,
    null,
  );
}

/**
 * The LPPM Operator: reviewers to assign (the first round and a returned one), revisions and
 * reports to check, projects due for monev without a monev reviewer, claims without a reviewer,
 * decided claims to pay.
 */
export function tugasOperator(db: Db, now = new Date()): KelompokTugas[] {
  const penugasan = "/operator/lppm/penugasan-reviewer";
  const perbaikan = "/operator/lppm/perbaikan-usulan";
  const monevPage = "/operator/lppm/monev-internal";
  const klaimPage = "/operator/lppm/insentif";
  const laporanPage = (jenis: LaporanJenis) => `/operator/lppm/laporan-${jenis}`;
  return waiting([
    kelompok(
      { kunci: "disetujui-fakultas", label: "Usulan menunggu penugasan reviewer", semua: `${penugasan}?status=DISETUJUI_FAKULTAS`, to: (row) => `${penugasan}?lihat=${row.id}` },
      usulanQuery(db, "operator.disetujui", inStatus(["DISETUJUI_FAKULTAS"]), periode.review_tutup)(),
      now,
    ),
    kelompok(
      { kunci: "dikembalikan-ke-review", label: "Usulan dikembalikan ke review, menunggu penugasan ulang", semua: `${penugasan}?status=DIKEMBALIKAN_KE_REVIEW`, to: (row) => `${penugasan}?lihat=${row.id}` },
      usulanQuery(db, "operator.ulang", and(inStatus(["DIKEMBALIKAN_KE_REVIEW"]), TANPA_REVIEWER_PUTARAN_INI)!, periode.review_tutup)(),
      now,
    ),
    kelompok(
      { kunci: "perbaikan-diajukan", label: "Perbaikan usulan menunggu pemeriksaan", semua: perbaikan, to: (row) => `${perbaikan}?lihat=${row.id}` },
      usulanQuery(db, "operator.perbaikan", inStatus(["PERBAIKAN_DIAJUKAN"]), null)(),
      now,
    ),
    kelompok(
      { kunci: "laporan-kemajuan", label: "Laporan kemajuan menunggu pemeriksaan", semua: laporanPage("kemajuan"), to: (row) => `${laporanPage("kemajuan")}?lihat=${row.id}` },
      laporanDiajukan(db, "kemajuan")(),
      now,
    ),
    kelompok(
      { kunci: "laporan-akhir", label: "Laporan akhir menunggu pemeriksaan", semua: laporanPage("akhir"), to: (row) => `${laporanPage("akhir")}?lihat=${row.id}` },
      laporanDiajukan(db, "akhir")(),
      now,
    ),
    kelompok(
      { kunci: "monev", label: "Proyek menunggu penugasan reviewer monev", semua: `${monevPage}?status=belum`, to: (row) => `${monevPage}?status=belum&lihat=${row.id}` },
      usulanQuery(
        db,
        "operator.monev",
        and(
          inStatus(["BERJALAN"]),
          sql`"usulan"."id" in (select l.id_usulan from laporan l where l.jenis = 'kemajuan' and l.status = 'DITERIMA')`,
          sql`not exists (select 1 from monev m where m.id_usulan = "usulan"."id")`,
        )!,
        periode.monev_tutup,
      )(),
      now,
    ),
    kelompok(
      { kunci: "klaim-diajukan", label: "Klaim insentif menunggu penugasan reviewer", semua: `${klaimPage}?status=DIAJUKAN`, to: (row) => `${klaimPage}?status=DIAJUKAN&lihat=${row.id}` },
      klaimQuery(db, "operator.klaim.tugaskan", and(klaimStatus("DIAJUKAN"), isNull(insentif.id_reviewer))!)(),
      now,
    ),
    kelompok(
      { kunci: "klaim-ditetapkan", label: "Klaim insentif ditetapkan, menunggu pencairan", semua: `${klaimPage}?status=DITETAPKAN`, to: (row) => `${klaimPage}?status=DITETAPKAN&lihat=${row.id}` },
      klaimQuery(db, "operator.klaim.cairkan", klaimStatus("DITETAPKAN"))(),
      now,
    ),
  ]);
}

/** What waits for this user in an area ("operator": the Operator's LPPM work). */
export function tugasUntuk(db: Db, area: string, userId: number, now = new Date()): KelompokTugas[] {
  switch (area) {
    case "pengusul":
      return tugasPengusul(db, userId, now);
    case "reviewer":
      return tugasReviewer(db, userId, now);
    case "operatorfakultas":
      return tugasVerifikator(db, userId, now);
    case "sekretarislppm":
      return tugasSekretaris(db, now);
    case "kepalalppm":
      return tugasKepala(db, now);
    case "operator":
      return tugasOperator(db, now);
    default:
      return [];
  }
}

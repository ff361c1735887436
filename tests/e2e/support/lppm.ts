/**
 * LPPM rows the e2e flows start from, written into their server's database with the app's
 * schema and domain functions (the screens that make them have specs of their own), and what
 * the flows read back. The review scenario itself (people, faculties, skema, periode, a
 * submitted proposal) is tests/setup/lppm-review.ts, shared with the integration tests.
 */
import { and, eq, isNull } from "drizzle-orm";
import { jenisInsentif, penugasanReviewer, periodeInsentif, usulan, usulanLuaran, usulanRab, users } from "../../../db/schema";
import type { Db } from "../../../app/lib/server/db.server";
import { saveJenisInsentif, savePeriodeInsentif } from "../../../app/domain/lppm/insentif/master.server";
import { getPeriode } from "../../../app/domain/lppm/master/periode.server";
import { kriteriaRubrik } from "../../../app/domain/lppm/review/penilaian.server";
import { rubrikInsentif } from "../../../app/domain/lppm/master/rubrik.server";
import { findUserRowByUsername } from "../../../app/domain/users/users.server";
import { addFakultas, addPeriode, addProdi, addSkema } from "../../setup/lppm";
import { TEST_OPERATOR_USERNAME } from "../../setup/constants";
import type { ReviewScenario } from "../../setup/lppm-review";

export { seedReviewScenario, type ReviewScenario } from "../../setup/lppm-review";

const DAY = 24 * 60 * 60 * 1000;

/**
 * A call open for proposals (unique names from `tag`): a faculty and study programme, which
 * becomes the lecturers' (`usernames`), a penelitian skema (Rp 20.000.000 at most, Honor up to
 * 10 %, two lecturer members, no student required, TKT 1–3) and its 2026 periode, open from
 * yesterday for ten days. Answers the periode's option label, "<tahun> · <skema>".
 */
export function openProposalCall(db: Db, { tag, usernames }: { tag: string; usernames: string[] }): { periodeLabel: string } {
  return db.transaction((tx) => {
    const fakultas = addFakultas(tx, `Fakultas Teknik ${tag}`);
    const prodi = addProdi(tx, fakultas.id, `Teknik Sipil ${tag}`);
    const skema = addSkema(tx, { nama: `Penelitian Dasar ${tag}`, wajib_mahasiswa: 0 });
    const now = Date.now();
    const periode = addPeriode(tx, skema, { kuota_judul: 10, pengajuan_buka: new Date(now - DAY), pengajuan_tutup: new Date(now + 10 * DAY) });
    for (const username of usernames) tx.update(users).set({ id_prodi: prodi.id }).where(eq(users.username, username)).run();
    return { periodeLabel: periodeOption(tx, periode).label };
  });
}

/** A periode as the proposal form offers it: its option label and its quota of titles. */
export function periodeOption(db: Db, id: number): { label: string; kuota: number } {
  const periode = getPeriode(db, id);
  if (!periode) throw new Error(`no periode ${id}`);
  return { label: periode.label, kuota: periode.kuota_judul };
}

/** The running project's budget lines: Bahan Rp 10.000.000 and Honor Rp 2.000.000. */
const RAB_BERJALAN = [
  { kelompok: "Bahan", item: "Kayu jati uji", volume: 2, harga_satuan: 5_000_000 },
  { kelompok: "Honor", item: "Honor peneliti", volume: 1, harga_satuan: 2_000_000 },
] as const;

/**
 * The proposal as a running project (BERJALAN) with its approved budget, the RAB of
 * RAB_BERJALAN and these target outputs; the workflow's own steps to get there have specs of
 * their own.
 */
export function startProject(db: Db, idUsulan: number, { danaDisetujui, luaran = [] }: { danaDisetujui: number; luaran?: { jenis: string; target: string }[] }) {
  db.transaction((tx) => {
    tx.update(usulan).set({ status: "BERJALAN", dana_disetujui: danaDisetujui }).where(eq(usulan.id, idUsulan)).run();
    tx.insert(usulanRab)
      .values(RAB_BERJALAN.map((line) => ({ ...line, id_usulan: idUsulan, tahap: "usulan" as const, satuan: "paket", jumlah: line.volume * line.harga_satuan })))
      .run();
    if (luaran.length > 0) tx.insert(usulanLuaran).values(luaran.map((l) => ({ ...l, id_usulan: idUsulan }))).run();
  });
}

/**
 * A submitted proposal in review: its first round assigned to `reviewers` with `tenggat` (the
 * assignment screen has its own spec), nothing scored yet.
 */
export function putInReview(db: Db, idUsulan: number, reviewers: number[], tenggat: Date) {
  db.transaction((tx) => {
    tx.update(usulan).set({ status: "REVIEW", putaran_review: 1 }).where(eq(usulan.id, idUsulan)).run();
    tx.insert(penugasanReviewer)
      .values(reviewers.map((id_reviewer) => ({ id_usulan: idUsulan, id_reviewer, putaran: 1, tenggat })))
      .run();
  });
}

/**
 * The incentives' master data of a claim: the kind 'Buku ber-ISBN' (no rank) active at
 * Rp 3.000.000 for the first author, and the call of `tahun` (Rp 500.000.000) open from
 * yesterday for 30 days. Another run on the same database may have made them: then they are
 * brought to these values, keeping the rest of the kind as it is.
 */
export function openInsentifCall(db: Db, tahun: number): { jenisId: number; periodeId: number } {
  return db.transaction((tx) => {
    const kind = tx
      .select()
      .from(jenisInsentif)
      .where(and(eq(jenisInsentif.jenis, "Buku ber-ISBN"), eq(jenisInsentif.peringkat, "-")))
      .get();
    const jenis = saveJenisInsentif(
      tx,
      {
        jenis: "Buku ber-ISBN",
        peringkat: "-",
        tarif_utama: 3_000_000,
        tarif_anggota: kind?.tarif_anggota ?? 0,
        anggota_boleh: kind?.anggota_boleh ?? false,
        // One amount per book shared by its authors: the flow's claim (2 authors) is worth 60 %.
        pembagian: "proporsional",
        porsi_utama: 60,
        aturan: kind?.aturan ?? "ISBN terdaftar di Perpusnas.",
        aktif: true,
      },
      kind?.id,
    );
    const call = tx.select({ id: periodeInsentif.id }).from(periodeInsentif).where(eq(periodeInsentif.tahun, tahun)).get();
    const now = Date.now();
    const periode = savePeriodeInsentif(
      tx,
      { tahun, anggaran_total: 500_000_000, pengajuan_buka: new Date(now - DAY), pengajuan_tutup: new Date(now + 30 * DAY) },
      call?.id,
    );
    if (!("id" in jenis) || !("id" in periode)) throw new Error(`incentive master data refused: ${JSON.stringify({ jenis, periode })}`);
    return { jenisId: jenis.id, periodeId: periode.id };
  });
}

/**
 * The penelitian substansi criteria as the server has them now: another spec on the same
 * server may have edited the seeded rubric (the master-data flow renames one), so never assume
 * the defaults' names.
 */
export function kriteriaSubstansi(db: Db): string[] {
  return kriteriaRubrik(db, "penelitian", "substansi").map((k) => k.kriteria);
}

/** The insentif rubric the reviewer's checklist shows, as the server's database holds it now. */
export function insentifRubrik(db: Db): { nama: string; kriteria: string[] } {
  const rubrik = rubrikInsentif(db);
  if (!rubrik?.kriteria.length) throw new Error("the e2e database has no insentif rubric");
  return { nama: rubrik.nama, kriteria: rubrik.kriteria.map((k) => k.kriteria) };
}

/**
 * A further reviewer for scenario `s` (tests/setup/lppm-review.ts): of another prodi than the
 * ketua's (Manajemen, as reviewer 1), signing in with the scenario's password — who may take an
 * assigned reviewer's place.
 */
export function addPengganti(db: Db, s: ReviewScenario): { id: number; username: string; name: string } {
  const operator = findUserRowByUsername(db, TEST_OPERATOR_USERNAME);
  if (!operator) throw new Error(`the seeded operator ${TEST_OPERATOR_USERNAME} is missing`);
  const username = `pengganti${s.tag}`.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 40);
  const name = `Reviewer Pengganti ${s.tag}`;
  const { id } = db
    .insert(users)
    .values({
      username,
      name,
      no_hp: "081355550000",
      email: `${username}@example.test`,
      password_hash: operator.password_hash,
      hak_akses: JSON.stringify(["Reviewer-Internal"]),
      status_aktif: "Aktif",
      id_prodi: s.prodi.b1,
    })
    .returning({ id: users.id })
    .get();
  return { id, username, name };
}

/**
 * A review under way in scenario `s` (tests/setup/lppm-review.ts), as the steps before it leave
 * it (their screens have specs of their own): the proposal in REVIEW, round 1, reviewers 1 and 2
 * assigned with a deadline a week ahead, reviewer 2's review done (administrasi Lolos, substansi
 * total `total`). Also a fourth reviewer (`addPengganti`): who may take reviewer 1's place.
 * Answers reviewer 1's assignment and that reviewer.
 */
export function reviewUnderway(db: Db, s: ReviewScenario, { total = 600 }: { total?: number } = {}): { penugasan: number; pengganti: { username: string; name: string } } {
  return db.transaction((tx) => {
    const now = new Date();
    const tenggat = new Date(now.getTime() + 7 * DAY);
    tx.update(usulan).set({ status: "REVIEW", putaran_review: 1 }).where(eq(usulan.id, s.usulan)).run();
    const penugasan = tx.insert(penugasanReviewer).values({ id_usulan: s.usulan, id_reviewer: s.users.reviewer1.id, putaran: 1, tenggat }).returning().get().id;
    tx.insert(penugasanReviewer)
      .values({
        id_usulan: s.usulan,
        id_reviewer: s.users.reviewer2.id,
        putaran: 1,
        tenggat,
        administrasi_lolos: true,
        administrasi_at: now,
        total_nilai: total,
        rekomendasi: "Layak didanai",
        dana_rekomendasi: 30_000_000,
        substansi_at: now,
      })
      .run();
    const { username, name } = addPengganti(tx, s);
    return { penugasan, pengganti: { username, name } };
  });
}

/** The open (not replaced) assignment of `reviewerId` on proposal `usulanId`: its id. */
export function openAssignment(db: Db, usulanId: number, reviewerId: number): number {
  const row = db
    .select({ id: penugasanReviewer.id })
    .from(penugasanReviewer)
    .where(and(eq(penugasanReviewer.id_usulan, usulanId), eq(penugasanReviewer.id_reviewer, reviewerId), isNull(penugasanReviewer.ditutup)))
    .get();
  if (!row) throw new Error(`reviewer ${reviewerId} has no open assignment on proposal ${usulanId}`);
  return row.id;
}

/** Moves assignment `penugasanId`'s deadline an hour into the past: the reviewer let it pass. */
export function passDeadline(db: Db, penugasanId: number): void {
  db.update(penugasanReviewer).set({ tenggat: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(penugasanReviewer.id, penugasanId)).run();
}

/** The institute's name that signs LPPM messages (Setting → Nama LPPM; "LPPM" while empty). */
export { namaLppm } from "../../../app/domain/setting/setting.server";

/**
 * A review scenario written straight into a database (an integration test's copy, or an e2e
 * server's throw-away one): two faculties with their prodi, a penelitian skema and a periode
 * whose submission and review windows are open around `now`, the LPPM.md default rubrics for
 * penelitian (administrasi, substansi, monev) when the database has none, and people — a ketua and an
 * anggota, a verifier of the ketua's faculty and one of the other, three reviewers (one from
 * the ketua's prodi), a secretary, a head — and one DIAJUKAN proposal (`usulan: false` leaves it
 * out, for a run that writes its own through the screens; `semuaTahap` opens every stage's
 * window, not only submission and review). Every person's password is the seeded operator's
 * (its hash is copied: no hashing here), so each one signs in through the login form. `tag`
 * keeps names unique when one database holds several scenarios. One transaction: an e2e
 * server keeps serving while it is written.
 */
import { and, count, eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import type { Role } from "../../app/domain/users/roles";
import { findUserRowByUsername } from "../../app/domain/users/users.server";
import type { Db } from "../../app/lib/server/db.server";
import { TEST_OPERATOR_USERNAME } from "./constants";
import { addFakultas, addPeriode, addProdi, addSkema } from "./lppm";
import { KRITERIA_ADMINISTRASI, KRITERIA_MONEV, KRITERIA_SUBSTANSI } from "./lppm-kriteria";

export type ReviewScenario = {
  tag: string;
  fakultas: { a: number; b: number };
  prodi: { a1: number; a2: number; b1: number };
  skema: number;
  periode: number;
  /** The seeded DIAJUKAN proposal (0 with `usulan: false`). */
  usulan: number;
  judul: string;
  users: Record<
    "ketua" | "anggota" | "verifikatorA" | "verifikatorB" | "reviewer1" | "reviewer2" | "reviewerSeprodi" | "sekretaris" | "kepala",
    { id: number; username: string; name: string; nidn: string | null }
  >;
};

/** Every stage window of a periode (LPPM.md, "Periode"). */
const TAHAP = ["pengajuan", "review", "penetapan", "perbaikan", "laporan_kemajuan", "monev", "laporan_akhir"] as const;

const DAY = 24 * 60 * 60 * 1000;

/** The default rubrics (scripts/seed/lppm-rubrik.ts) this scenario scores with. */
export const SUBSTANSI_PENELITIAN: [string, number][] = KRITERIA_SUBSTANSI.map(([k, bobot]) => [k, bobot]);
export const ADMINISTRASI: string[] = [...KRITERIA_ADMINISTRASI];

type Tahap = (typeof schema.rubrik.$inferInsert)["tahap"];

/** The rubric of `jenis` and `tahap` with these criteria, unless it already has criteria. */
function ensureRubrik(db: Db, jenis: "penelitian" | "pengabdian", tahap: Tahap, nama: string, kriteria: [string, number][]) {
  const existing = db
    .select({ id: schema.rubrik.id })
    .from(schema.rubrik)
    .where(and(eq(schema.rubrik.jenis, jenis), eq(schema.rubrik.tahap, tahap)))
    .get();
  if (existing) {
    const kept = db.select({ n: count() }).from(schema.rubrikKriteria).where(eq(schema.rubrikKriteria.id_rubrik, existing.id)).get()!.n;
    if (kept > 0) return;
  }
  const id = existing?.id ?? db.insert(schema.rubrik).values({ jenis, tahap, nama }).returning({ id: schema.rubrik.id }).get().id;
  db.insert(schema.rubrikKriteria)
    .values(kriteria.map(([k, bobot], i) => ({ id_rubrik: id, urutan: i + 1, kriteria: k, bobot, deskripsi_skor: null })))
    .run();
}

export function seedReviewScenario(
  db: Db,
  {
    tag,
    now = new Date(),
    reviewButa = false,
    lainProdi = true,
    usulan: withUsulan = true,
    semuaTahap = false,
  }: { tag: string; now?: Date; reviewButa?: boolean; lainProdi?: boolean; usulan?: boolean; semuaTahap?: boolean },
): ReviewScenario {
  return db.transaction((tx) => {
    const operator = findUserRowByUsername(tx, TEST_OPERATOR_USERNAME);
    if (!operator) throw new Error(`the seeded operator ${TEST_OPERATOR_USERNAME} is missing`);
    const fakultasA = addFakultas(tx, `Fakultas Teknik ${tag}`).id;
    const fakultasB = addFakultas(tx, `Fakultas Ekonomi ${tag}`).id;
    const prodiA1 = addProdi(tx, fakultasA, `Teknik Kayu ${tag}`).id;
    const prodiA2 = addProdi(tx, fakultasA, `Teknik Mesin ${tag}`).id;
    const prodiB1 = addProdi(tx, fakultasB, `Manajemen ${tag}`).id;
    // Only what the scenario needs of the skema: the rest keeps the table's defaults.
    const skema = addSkema(tx, {
      nama: `Penelitian Dasar Internal ${tag}`,
      dana_maksimal: 50_000_000,
      reviewer_lain_prodi: lainProdi,
      review_buta: reviewButa,
      wajib_mahasiswa: 0,
      tkt_min: null,
      tkt_max: null,
    });
    const t = now.getTime();
    const at = (offset: number) => new Date(t + offset);
    const windows: Partial<typeof schema.periode.$inferInsert> = semuaTahap
      ? Object.fromEntries(TAHAP.flatMap((tahap) => [[`${tahap}_buka`, at(-30 * DAY)], [`${tahap}_tutup`, at(30 * DAY)]]))
      : { pengajuan_buka: at(-30 * DAY), pengajuan_tutup: at(30 * DAY), review_buka: at(-10 * DAY), review_tutup: at(40 * DAY) };
    const periode = addPeriode(tx, skema, { tahun: now.getUTCFullYear(), sumber_dana: "DIPA", anggaran_total: 500_000_000, kuota_judul: 10, ...windows });
    ensureRubrik(tx, "penelitian", "administrasi", "Administrasi Penelitian", ADMINISTRASI.map((k) => [k, 0]));
    ensureRubrik(tx, "penelitian", "substansi", "Substansi Penelitian", SUBSTANSI_PENELITIAN);
    ensureRubrik(tx, "penelitian", "monev", "Monev Penelitian", KRITERIA_MONEV.map(([k, bobot]) => [k, bobot]));

    let phone = 0;
    const person = (key: string, name: string, roles: Role[], extra: { prodi?: number; fakultasVerifikasi?: number; nidn?: boolean } = {}) => {
      const username = `${key}${tag}`.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 40);
      phone++;
      const nidn = extra.nidn ? `${String(Math.abs(hashCode(tag + key)) % 1_000_000_000).padStart(9, "0")}${phone % 10}` : null;
      const { id } = tx
        .insert(schema.users)
        .values({
          username,
          name,
          no_hp: `0812${String(Math.abs(hashCode(tag)) % 100000).padStart(5, "0")}${String(phone).padStart(2, "0")}`,
          email: `${username}@example.test`,
          password_hash: operator.password_hash,
          hak_akses: JSON.stringify(roles),
          status_aktif: "Aktif",
          nidn,
          id_prodi: extra.prodi ?? null,
          id_fakultas_verifikasi: extra.fakultasVerifikasi ?? null,
        })
        .returning({ id: schema.users.id })
        .get();
      return { id, username, name, nidn };
    };
    const users = {
      ketua: person("ketua", `Dr. Ketua ${tag}`, ["Pengusul"], { prodi: prodiA1, nidn: true }),
      anggota: person("anggota", `Anggota ${tag}`, ["Pengusul", "Reviewer-Internal"], { prodi: prodiA2, nidn: true }),
      verifikatorA: person("verifa", `Verifikator Teknik ${tag}`, ["Verifikator-Fakultas"], { fakultasVerifikasi: fakultasA }),
      verifikatorB: person("verifb", `Verifikator Ekonomi ${tag}`, ["Verifikator-Fakultas"], { fakultasVerifikasi: fakultasB }),
      reviewer1: person("rev1", `Reviewer Satu ${tag}`, ["Reviewer-Internal"], { prodi: prodiB1 }),
      reviewer2: person("rev2", `Reviewer Dua ${tag}`, ["Reviewer-External"]),
      reviewerSeprodi: person("revsp", `Reviewer Seprodi ${tag}`, ["Reviewer-Internal"], { prodi: prodiA1 }),
      sekretaris: person("sekr", `Sekretaris ${tag}`, ["Sekretaris-LPPM"]),
      kepala: person("kepala", `Kepala ${tag}`, ["Kepala-LPPM"]),
    };
    const judul = `Pengeringan Kayu Jati Tenaga Surya ${tag}`;
    const scenario = { tag, fakultas: { a: fakultasA, b: fakultasB }, prodi: { a1: prodiA1, a2: prodiA2, b1: prodiB1 }, skema, periode, usulan: 0, judul, users };
    if (!withUsulan) return scenario;
    const usulan = tx
      .insert(schema.usulan)
      .values({
        id_periode: periode,
        jenis: "penelitian",
        id_ketua: users.ketua.id,
        status: "DIAJUKAN",
        judul,
        ringkasan: "Ringkasan penelitian pengeringan kayu.",
        kata_kunci: JSON.stringify(["kayu", "jati", "surya"]),
        bidang_fokus: "Energi",
        tkt: 3,
        lama_bulan: 12,
        dana_diusulkan: 40_000_000,
        diajukan_at: at(-DAY),
      })
      .returning({ id: schema.usulan.id })
      .get().id;
    tx.insert(schema.usulanAnggota).values({ id_usulan: usulan, id_user: users.anggota.id, status_undangan: "DITERIMA", dijawab_at: at(-2 * DAY) }).run();
    tx.insert(schema.statusLog)
      .values({ entity: "usulan", entity_id: usulan, from_status: "DRAF", to_status: "DIAJUKAN", actor_id: users.ketua.id, actor_name: users.ketua.name, note: null, created_at: at(-DAY) })
      .run();
    return { ...scenario, usulan };
  });
}

function hashCode(text: string): number {
  let h = 0;
  for (const c of text) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

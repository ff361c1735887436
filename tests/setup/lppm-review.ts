/**
 * A review scenario written straight into a database (the e2e server's throw-away copy, or an
 * integration test's): two faculties with their prodi, a penelitian skema and a periode whose
 * submission and review windows are open around `now`, the LPPM.md default rubrics for
 * penelitian (administrasi, substansi, monev) when the database has none, and people — a ketua and an
 * anggota, a verifier of the ketua's faculty and one of the other, three reviewers (one from
 * the ketua's prodi), a secretary, a head — and one DIAJUKAN proposal (`usulan: false` leaves it
 * out, for a run that writes its own through the screens; `semuaTahap` opens every stage's
 * window, not only submission and review). Every person's password is the seeded operator's
 * (its hash is copied: no hashing here), so each one signs in through the login form. `tag`
 * keeps names unique when one database holds several scenarios.
 */
import type Database from "better-sqlite3";
import { KRITERIA_ADMINISTRASI, KRITERIA_MONEV, KRITERIA_SUBSTANSI } from "../setup/lppm-kriteria";

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

function ensureRubrik(db: Database.Database, jenis: string, tahap: string, nama: string, kriteria: [string, number][]) {
  const existing = db.prepare("select id from rubrik where jenis = ? and tahap = ?").get(jenis, tahap) as { id: number } | undefined;
  if (existing) {
    const count = (db.prepare("select count(*) as n from rubrik_kriteria where id_rubrik = ?").get(existing.id) as { n: number }).n;
    if (count > 0) return;
  }
  const id = existing?.id ?? Number(db.prepare("insert into rubrik (jenis, tahap, nama) values (?, ?, ?)").run(jenis, tahap, nama).lastInsertRowid);
  const insert = db.prepare("insert into rubrik_kriteria (id_rubrik, urutan, kriteria, bobot, deskripsi_skor) values (?, ?, ?, ?, ?)");
  kriteria.forEach(([k, bobot], i) => insert.run(id, i + 1, k, bobot, null));
}

export function seedReviewScenario(
  db: Database.Database,
  {
    tag,
    now = new Date(),
    reviewButa = false,
    lainProdi = true,
    usulan: withUsulan = true,
    semuaTahap = false,
  }: { tag: string; now?: Date; reviewButa?: boolean; lainProdi?: boolean; usulan?: boolean; semuaTahap?: boolean },
): ReviewScenario {
  return db.transaction(() => {
    const hash = (db.prepare("select password_hash from users where hak_akses like '%\"Operator\"%' order by id limit 1").get() as { password_hash: string }).password_hash;
    const insertId = (sql: string, ...params: unknown[]) => Number(db.prepare(sql).run(...params).lastInsertRowid);
    const fakultasA = insertId("insert into fakultas (nama) values (?)", `Fakultas Teknik ${tag}`);
    const fakultasB = insertId("insert into fakultas (nama) values (?)", `Fakultas Ekonomi ${tag}`);
    const prodiA1 = insertId("insert into prodi (id_fakultas, nama) values (?, ?)", fakultasA, `Teknik Kayu ${tag}`);
    const prodiA2 = insertId("insert into prodi (id_fakultas, nama) values (?, ?)", fakultasA, `Teknik Mesin ${tag}`);
    const prodiB1 = insertId("insert into prodi (id_fakultas, nama) values (?, ?)", fakultasB, `Manajemen ${tag}`);
    const skema = insertId(
      `insert into skema (jenis, nama, dana_maksimal, reviewer_lain_prodi, review_buta, luaran_wajib)
       values ('penelitian', ?, 50000000, ?, ?, '["Jurnal nasional terakreditasi"]')`,
      `Penelitian Dasar Internal ${tag}`,
      lainProdi ? 1 : 0,
      reviewButa ? 1 : 0,
    );
    const t = now.getTime();
    const periode = insertId(
      `insert into periode (tahun, id_skema, sumber_dana, anggaran_total, kuota_judul,
         pengajuan_buka, pengajuan_tutup, review_buka, review_tutup)
       values (?, ?, 'DIPA', 500000000, 10, ?, ?, ?, ?)`,
      now.getUTCFullYear(),
      skema,
      t - 30 * DAY,
      t + 30 * DAY,
      t - 10 * DAY,
      t + 40 * DAY,
    );
    if (semuaTahap) {
      const open = TAHAP.flatMap((tahap) => [`${tahap}_buka = ${t - 30 * DAY}`, `${tahap}_tutup = ${t + 30 * DAY}`]).join(", ");
      db.prepare(`update periode set ${open} where id = ?`).run(periode);
    }
    ensureRubrik(db, "penelitian", "administrasi", "Administrasi Penelitian", ADMINISTRASI.map((k) => [k, 0]));
    ensureRubrik(db, "penelitian", "substansi", "Substansi Penelitian", SUBSTANSI_PENELITIAN);
    ensureRubrik(db, "penelitian", "monev", "Monev Penelitian", KRITERIA_MONEV.map(([k, bobot]) => [k, bobot]));

    let phone = 0;
    const person = (key: string, name: string, roles: string[], extra: { prodi?: number; fakultasVerifikasi?: number; nidn?: boolean } = {}) => {
      const username = `${key}${tag}`.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 40);
      phone++;
      const nidn = extra.nidn ? `${String(Math.abs(hashCode(tag + key)) % 1_000_000_000).padStart(9, "0")}${phone % 10}` : null;
      const id = insertId(
        `insert into users (username, name, no_hp, email, password_hash, hak_akses, status_aktif, nidn, id_prodi, id_fakultas_verifikasi)
         values (?, ?, ?, ?, ?, ?, 'Aktif', ?, ?, ?)`,
        username,
        name,
        `0812${String(Math.abs(hashCode(tag)) % 100000).padStart(5, "0")}${String(phone).padStart(2, "0")}`,
        `${username}@example.test`,
        hash,
        JSON.stringify(roles),
        nidn,
        extra.prodi ?? null,
        extra.fakultasVerifikasi ?? null,
      );
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
    if (!withUsulan) return { tag, fakultas: { a: fakultasA, b: fakultasB }, prodi: { a1: prodiA1, a2: prodiA2, b1: prodiB1 }, skema, periode, usulan: 0, judul, users };
    const usulan = insertId(
      `insert into usulan (id_periode, jenis, id_ketua, status, judul, ringkasan, kata_kunci, bidang_fokus, tkt, lama_bulan, dana_diusulkan, diajukan_at)
       values (?, 'penelitian', ?, 'DIAJUKAN', ?, 'Ringkasan penelitian pengeringan kayu.', '["kayu","jati","surya"]', 'Energi', 3, 12, 40000000, ?)`,
      periode,
      users.ketua.id,
      judul,
      t - DAY,
    );
    db.prepare("insert into usulan_anggota (id_usulan, id_user, status_undangan, dijawab_at) values (?, ?, 'DITERIMA', ?)").run(usulan, users.anggota.id, t - 2 * DAY);
    db.prepare(
      "insert into status_log (entity, entity_id, from_status, to_status, actor_id, actor_name, note, created_at) values ('usulan', ?, 'DRAF', 'DIAJUKAN', ?, ?, null, ?)",
    ).run(usulan, users.ketua.id, users.ketua.name, t - DAY);
    return {
      tag,
      fakultas: { a: fakultasA, b: fakultasB },
      prodi: { a1: prodiA1, a2: prodiA2, b1: prodiB1 },
      skema,
      periode,
      usulan,
      judul,
      users,
    };
  })();
}

function hashCode(text: string): number {
  let h = 0;
  for (const c of text) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

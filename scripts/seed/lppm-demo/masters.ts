/**
 * The demo's master data: the faculties and their study programmes, the 15 accounts, and the two
 * schemes with this year's call (open for submissions) and last year's (its reports due now).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../app/lib/server/db.server";
import * as schema from "../../../db/schema";
import { FAKULTAS, LPPM_DEMO_PEOPLE, nidn } from "./tables/people";
import { DAY } from "./paths";

/** Who made a step of a timeline: a user (null: none, e.g. the system) and the name shown. */
export type Actor = { id: number | null; name: string };

/** The faculties' and study programmes' ids by name. */
export type Faculties = { fakultasId: ReadonlyMap<string, number>; prodiId: ReadonlyMap<string, number> };

export function seedFakultas(tx: Db): Faculties {
  const fakultasId = new Map<string, number>();
  const prodiId = new Map<string, number>();
  for (const f of FAKULTAS) {
    const row = tx.insert(schema.fakultas).values({ nama: f.nama }).returning({ id: schema.fakultas.id }).get();
    fakultasId.set(f.nama, row.id);
    for (const p of f.prodi) {
      prodiId.set(p, tx.insert(schema.prodi).values({ nama: p, id_fakultas: row.id }).returning({ id: schema.prodi.id }).get().id);
    }
  }
  return { fakultasId, prodiId };
}

/** The demo accounts, and the first operator, who made the office's steps. */
export type Accounts = {
  /** A demo account's id by username. */
  userId: ReadonlyMap<string, number>;
  /** A demo account as the actor of a step. */
  person(username: string): { id: number; name: string };
  /** The first operator (reviewer assignments, accepting revisions and reports), or a name only when there is none. */
  operator: Actor;
};

/** The 15 accounts of LPPM_DEMO_PEOPLE, `hashes[i]` the password hash of the i-th. */
export function seedAccounts(tx: Db, hashes: readonly string[], { fakultasId, prodiId }: Faculties): Accounts {
  const userId = new Map<string, number>();
  const userName = new Map<string, string>();
  LPPM_DEMO_PEOPLE.forEach((p, i) => {
    const row = tx
      .insert(schema.users)
      .values({
        username: p.username,
        name: p.name,
        email: `${p.username}@kampus.example`,
        no_hp: `0813${String(20000000 + i * 7919).padStart(8, "0")}`,
        password_hash: hashes[i]!,
        hak_akses: JSON.stringify(p.roles),
        status_aktif: "Aktif",
        nidn: p.prodi ? nidn(i + 1) : null,
        jabatan_akademik: p.jabatan ?? null,
        id_prodi: p.prodi ? prodiId.get(p.prodi)! : null,
        bidang_keahlian: p.bidang ?? null,
        id_fakultas_verifikasi: p.verifies ? fakultasId.get(p.verifies)! : null,
      })
      .returning({ id: schema.users.id })
      .get();
    userId.set(p.username, row.id);
    userName.set(p.username, p.name);
  });
  // The operator's steps (reviewer assignment, accepting the revision) are the first operator's.
  const operator = tx
    .select({ id: schema.users.id, name: schema.users.name })
    .from(schema.users)
    .where(sql`exists (select 1 from json_each(${schema.users.hak_akses}) where value = 'Operator')`)
    .orderBy(schema.users.id)
    .get();
  return {
    userId,
    person: (username) => ({ id: userId.get(username)!, name: userName.get(username)! }),
    operator: { id: operator?.id ?? null, name: operator?.name ?? "Operator" },
  };
}

type Periode = typeof schema.periode.$inferSelect;

/** The calls of each jenis: this year's and last year's. */
export type Calls = {
  tahun: number;
  periodeOf: Record<"penelitian" | "pengabdian", Periode>;
  periodeLaluOf: Record<"penelitian" | "pengabdian", Periode>;
};

/** The two schemes and their calls, every window counted from `now`. */
export function seedCalls(tx: Db, now: number): Calls {
  // Skema and one open periode per jenis: every stage up to perbaikan open now, the reports later.
  const skemaPenelitian = tx
    .insert(schema.skema)
    .values({
      jenis: "penelitian",
      nama: "Penelitian Dasar Internal",
      dana_maksimal: 25_000_000,
      honor_maks_persen: 10,
      min_jabatan: "Asisten Ahli",
      max_anggota_dosen: 2,
      wajib_mahasiswa: 1,
      luaran_wajib: JSON.stringify(["Jurnal nasional terakreditasi"]),
      tkt_min: 1,
      tkt_max: 3,
      reviewer_lain_prodi: true,
      review_buta: true,
    })
    .returning()
    .get();
  const skemaPengabdian = tx
    .insert(schema.skema)
    .values({
      jenis: "pengabdian",
      nama: "Pengabdian kepada Masyarakat Internal",
      dana_maksimal: 20_000_000,
      honor_maks_persen: 10,
      max_anggota_dosen: 2,
      wajib_mahasiswa: 1,
      luaran_wajib: JSON.stringify(["Jurnal nasional terakreditasi"]),
      wajib_mitra: true,
    })
    .returning()
    .get();
  const windows = {
    pengajuan_buka: new Date(now - 30 * DAY),
    pengajuan_tutup: new Date(now + 14 * DAY),
    review_buka: new Date(now - 20 * DAY),
    review_tutup: new Date(now + 30 * DAY),
    penetapan_buka: new Date(now - 5 * DAY),
    penetapan_tutup: new Date(now + 40 * DAY),
    perbaikan_buka: new Date(now - 4 * DAY),
    perbaikan_tutup: new Date(now + 50 * DAY),
    laporan_kemajuan_buka: new Date(now + 60 * DAY),
    laporan_kemajuan_tutup: new Date(now + 90 * DAY),
    monev_buka: new Date(now + 91 * DAY),
    monev_tutup: new Date(now + 120 * DAY),
    laporan_akhir_buka: new Date(now + 150 * DAY),
    laporan_akhir_tutup: new Date(now + 180 * DAY),
  };
  const tahun = new Date(now).getUTCFullYear();
  const periodeOf = {
    penelitian: tx
      .insert(schema.periode)
      .values({ tahun, id_skema: skemaPenelitian.id, sumber_dana: "DIPA Internal Universitas", anggaran_total: 150_000_000, kuota_judul: 6, maks_ketua: 2, maks_anggota: 3, ...windows })
      .returning()
      .get(),
    pengabdian: tx
      .insert(schema.periode)
      .values({ tahun, id_skema: skemaPengabdian.id, sumber_dana: "DIPA Internal Universitas", anggaran_total: 80_000_000, kuota_judul: 4, maks_ketua: 2, maks_anggota: 3, ...windows })
      .returning()
      .get(),
  };

  // Last year's call of each scheme: decided a year ago; its reports and monev are due now.
  const windowsLalu = {
    pengajuan_buka: new Date(now - 430 * DAY),
    pengajuan_tutup: new Date(now - 400 * DAY),
    review_buka: new Date(now - 399 * DAY),
    review_tutup: new Date(now - 370 * DAY),
    penetapan_buka: new Date(now - 369 * DAY),
    penetapan_tutup: new Date(now - 355 * DAY),
    perbaikan_buka: new Date(now - 354 * DAY),
    perbaikan_tutup: new Date(now - 330 * DAY),
    laporan_kemajuan_buka: new Date(now - 60 * DAY),
    laporan_kemajuan_tutup: new Date(now + 20 * DAY),
    monev_buka: new Date(now - 30 * DAY),
    monev_tutup: new Date(now + 30 * DAY),
    laporan_akhir_buka: new Date(now - 14 * DAY),
    laporan_akhir_tutup: new Date(now + 45 * DAY),
  };
  const periodeLaluOf = {
    penelitian: tx
      .insert(schema.periode)
      .values({ tahun: tahun - 1, id_skema: skemaPenelitian.id, sumber_dana: "DIPA Internal Universitas", anggaran_total: 120_000_000, kuota_judul: 5, maks_ketua: 2, maks_anggota: 3, ...windowsLalu })
      .returning()
      .get(),
    pengabdian: tx
      .insert(schema.periode)
      .values({ tahun: tahun - 1, id_skema: skemaPengabdian.id, sumber_dana: "DIPA Internal Universitas", anggaran_total: 60_000_000, kuota_judul: 3, maks_ketua: 2, maks_anggota: 3, ...windowsLalu })
      .returning()
      .get(),
  };
  return { tahun, periodeOf, periodeLaluOf };
}

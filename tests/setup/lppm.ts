/**
 * LPPM test data: a faculty with study programmes, a skema and an open periode (rows written
 * directly: the master-data screens are another part of issue 12), lecturers with a complete
 * profile, and a proposal that meets every submission rule.
 */
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import type { Role } from "../../app/domain/users/roles";
import type { Db } from "../../app/lib/server/db.server";
import type { Actor } from "../../app/domain/lppm/workflow.server";
import { addUser } from "./data";

export const DAY = 86_400_000;

export type LppmBase = { fakultasId: number; fakultasLainId: number; prodiId: number; prodiLainId: number; skemaId: number; periodeId: number };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export function addSkema(db: Db, over: Partial<typeof schema.skema.$inferInsert> = {}): number {
  return db
    .insert(schema.skema)
    .values({
      jenis: "penelitian",
      nama: `Penelitian Dasar Internal ${unique()}`,
      dana_maksimal: 20_000_000,
      honor_maks_persen: 10,
      min_jabatan: null,
      max_anggota_dosen: 2,
      wajib_mahasiswa: 1,
      luaran_wajib: JSON.stringify(["Jurnal nasional terakreditasi"]),
      tkt_min: 1,
      tkt_max: 3,
      wajib_mitra: false,
      ...over,
    })
    .returning({ id: schema.skema.id })
    .get().id;
}

/** A periode of `skemaId` whose pengajuan window is open around `now` (unless told otherwise). */
export function addPeriode(db: Db, skemaId: number, over: Partial<typeof schema.periode.$inferInsert> = {}, now = new Date()): number {
  return db
    .insert(schema.periode)
    .values({
      tahun: 2026,
      id_skema: skemaId,
      anggaran_total: 500_000_000,
      kuota_judul: 20,
      maks_ketua: 1,
      maks_anggota: 2,
      pengajuan_buka: new Date(now.getTime() - 10 * DAY),
      pengajuan_tutup: new Date(now.getTime() + 10 * DAY),
      ...over,
    })
    .returning({ id: schema.periode.id })
    .get().id;
}

export function addLppmBase(db: Db, skemaOver: Partial<typeof schema.skema.$inferInsert> = {}, periodeOver: Partial<typeof schema.periode.$inferInsert> = {}): LppmBase {
  const fakultasId = db.insert(schema.fakultas).values({ nama: `Fakultas Teknik ${unique()}` }).returning({ id: schema.fakultas.id }).get().id;
  const fakultasLainId = db.insert(schema.fakultas).values({ nama: `Fakultas Ekonomi ${unique()}` }).returning({ id: schema.fakultas.id }).get().id;
  const prodiId = db.insert(schema.prodi).values({ id_fakultas: fakultasId, nama: "Teknik Sipil" }).returning({ id: schema.prodi.id }).get().id;
  const prodiLainId = db.insert(schema.prodi).values({ id_fakultas: fakultasLainId, nama: "Manajemen" }).returning({ id: schema.prodi.id }).get().id;
  const skemaId = addSkema(db, skemaOver);
  const periodeId = addPeriode(db, skemaId, periodeOver);
  return { fakultasId, fakultasLainId, prodiId, prodiLainId, skemaId, periodeId };
}

let nidnSeq = 0;
/** A lecturer with NIDN, study programme and jabatan (Lektor unless told); roles default to Pengusul. */
export async function addDosen(
  db: Db,
  prodiId: number | null,
  { roles = ["Pengusul"], name, jabatan = "Lektor", nidn }: { roles?: Role[]; name?: string; jabatan?: string | null; nidn?: string | null } = {},
): Promise<Actor> {
  const number = nidn === undefined ? String(1_000_000_000 + process.pid * 1000 + nidnSeq++).slice(0, 10) : nidn;
  const user = await addUser(db, roles, { nidn: number, jabatan_akademik: jabatan, ...(name ? { name } : {}) });
  db.update(schema.users).set({ id_prodi: prodiId }).where(eq(schema.users.id, user.id)).run();
  return { id: user.id, name: user.name, roles };
}

/** A verifier of a faculty. */
export async function addVerifikator(db: Db, fakultasId: number): Promise<Actor> {
  const user = await addUser(db, ["Verifikator-Fakultas"]);
  db.update(schema.users).set({ id_fakultas_verifikasi: fakultasId }).where(eq(schema.users.id, user.id)).run();
  return { id: user.id, name: user.name, roles: ["Verifikator-Fakultas"] };
}

/** The smallest valid PDF-looking file (storeDocument checks the magic bytes). */
export function pdfFile(name = "proposal.pdf", size = 2048): File {
  const head = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  bytes.fill(0x20, head.length);
  return new File([bytes], name, { type: "application/pdf" });
}

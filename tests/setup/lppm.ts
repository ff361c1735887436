/**
 * LPPM test data: a faculty with study programmes, a skema and an open periode (rows written
 * directly: the master-data screens have tests of their own), lecturers with a complete
 * profile, and a proposal that meets every submission rule.
 */
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import type { Role } from "../../app/domain/users/roles";
import type { Db } from "../../app/lib/server/db.server";
import type { Actor } from "../../app/domain/lppm/workflow.server";
import { addLuaran, addMahasiswa, addRab, answerUndangan, createUsulan, inviteAnggota, saveIdentitas, uploadDokumen } from "../../app/domain/lppm/usulan/draft.server";
import { addUser } from "./data";
import { simplePdf } from "../../scripts/seed/lppm-demo/pdf";

export const DAY = 86_400_000;

export type LppmBase = { fakultasId: number; fakultasLainId: number; prodiId: number; prodiLainId: number; skemaId: number; periodeId: number };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export function addFakultas(db: Db, nama = `Fakultas ${Math.random().toString(36).slice(2, 7)}`) {
  return db.insert(schema.fakultas).values({ nama }).returning().get();
}

export function addProdi(db: Db, idFakultas: number, nama = `Prodi ${Math.random().toString(36).slice(2, 7)}`) {
  return db.insert(schema.prodi).values({ nama, id_fakultas: idFakultas }).returning().get();
}

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

/** The people of most proposal tests: a ketua, a colleague from another faculty, an outsider. */
export async function addUsulanCast(db: Db): Promise<{ base: LppmBase; ketua: Actor; anggota: Actor; lain: Actor }> {
  const base = addLppmBase(db);
  return {
    base,
    ketua: await addDosen(db, base.prodiId, { name: "Dr. Ketua" }),
    anggota: await addDosen(db, base.prodiLainId, { name: "Dr. Anggota" }),
    lain: await addDosen(db, base.prodiId, { name: "Dr. Lain" }),
  };
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

/** A small real PDF of `size` bytes (storeDocument checks the magic bytes; a blind reviewer's copy is parsed). */
export function pdfFile(name = "proposal.pdf", size = 2048): File {
  return new File([simplePdf({ lines: ["Proposal usulan"], padTo: size })], name, { type: "application/pdf" });
}

export const IDENTITAS = {
  judul: "Pengeringan Kayu Jati dengan Tenaga Surya",
  ringkasan: "Penelitian ini menguji pengering kayu bertenaga surya untuk pengrajin Jepara.",
  kata_kunci: ["kayu jati", "tenaga surya", "pengeringan"],
  bidang_fokus: "Energi terbarukan",
  tkt: 2,
  lama_bulan: 12,
  mitra_nama: "",
  mitra_alamat: "",
  mitra_kontak: "",
};

export const nidnOf = (db: Db, actor: { id: number }) => db.select({ nidn: schema.users.nidn }).from(schema.users).where(eq(schema.users.id, actor.id)).get()!.nidn!;

export const invitationOf = (db: Db, usulanId: number, user: { id: number }) =>
  db.select().from(schema.usulanAnggota).where(eq(schema.usulanAnggota.id_usulan, usulanId)).all().find((a) => a.id_user === user.id);

function must<T extends { ok: boolean }>(result: T): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** A new DRAF with only its title. */
export function newUsulan(db: Db, actor: Actor, periodeId: number, jenis: "penelitian" | "pengabdian" = "penelitian"): number {
  const created = createUsulan(db, actor, jenis, { id_periode: periodeId, judul: IDENTITAS.judul });
  if (!created.ok) throw new Error(created.message);
  return created.id;
}

/** A proposal of the default skema (addSkema) that meets every rule, with `member` invited and accepted. */
export async function completeUsulan(db: Db, actor: Actor, periodeId: number, member: Actor | null = null): Promise<number> {
  const id = newUsulan(db, actor, periodeId);
  must(saveIdentitas(db, actor, id, IDENTITAS));
  if (member) {
    must(inviteAnggota(db, actor, id, nidnOf(db, member)));
    must(answerUndangan(db, member, invitationOf(db, id, member)!.id, "DITERIMA"));
  }
  must(addMahasiswa(db, actor, id, { nama: "Siti Aminah", nim: `21.${id}.001`, prodi: "Teknik Sipil" }));
  must(addRab(db, actor, id, { kelompok: "Honor", item: "Honor peneliti", satuan: "OB", volume: 1, harga_satuan: 1_000_000 }));
  must(addRab(db, actor, id, { kelompok: "Bahan", item: "Kolektor surya", satuan: "unit", volume: 3, harga_satuan: 3_000_000 }));
  must(addLuaran(db, actor, id, { jenis: "Jurnal nasional terakreditasi", target: "Submitted", keterangan: "" }));
  must(await uploadDokumen(db, actor, id, pdfFile()));
  return id;
}

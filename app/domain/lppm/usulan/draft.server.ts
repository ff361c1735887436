/**
 * The ketua's draft, part by part (LPPM.md, "The proposal"): create it in an open call, save
 * Identitas, the team (dosen invited by NIDN, students), RAB lines (totals computed here and
 * stored), luaran targets and the versioned proposal PDF, and delete it while a DRAF. Each
 * part saves on its own; nothing here changes the status (that is usulanTransition's). The
 * invited lecturer answers the invitation here too.
 */
import { and, count, eq, max, ne, sql } from "drizzle-orm";
import { RAB_KELOMPOK, usulan, usulanAnggota, usulanDokumen, usulanLuaran, usulanMahasiswa, usulanRab, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { dokumenDiunggah, usulanRef } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { getPeriode } from "~/domain/lppm/master/periode.server";
import { USULAN_WORKFLOW } from "~/domain/lppm/workflow";
import { logCreated, type Actor } from "~/domain/lppm/workflow.server";
import { queueMessages, sendQueued } from "~/domain/notifications/outbox.server";
import { namaLppm } from "~/domain/setting/setting.server";
import { usulanAccess, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import type { CreateUsulanInput, IdentitasInput, LuaranInput, MahasiswaInput, RabInput } from "~/domain/lppm/usulan/usulan.schema";
import { removeDocument, storeDocument } from "~/lib/server/documents.server";
import { aktifBerperan } from "~/domain/users/users.server";
import type { WorkflowRefusal } from "~/domain/refusal";

export type DraftRefusal = WorkflowRefusal;
export type DraftResult<T extends object = object> = ({ ok: true } & T) | DraftRefusal;

export const HANYA_KETUA = "Hanya ketua pengusul yang dapat mengubah usulan ini.";
export const PERIODE_TIDAK_TERBUKA = "Periode ini tidak sedang menerima usulan.";

const JENIS_LABEL = { penelitian: "Penelitian", pengabdian: "Pengabdian" } as const;

function notFound(): DraftRefusal {
  return { ok: false, status: 404, message: NOT_FOUND };
}

/**
 * The proposal when `actor` may change it now: its ketua, while DRAF or DIKEMBALIKAN (or only
 * DRAF, for `deleting`). Anyone who may not even see it gets a 404, as if it did not exist.
 */
function editable(db: Db, actor: UsulanViewer, id: number, deleting = false) {
  const access = usulanAccess(db, actor, id);
  if (!access?.canView) return notFound();
  if (!access.relations.includes("ketua")) return { ok: false as const, status: 403 as const, message: HANYA_KETUA };
  if (deleting ? !access.canDelete : !access.canEdit) {
    const label = USULAN_WORKFLOW.labels[access.usulan.status];
    return {
      ok: false as const,
      status: 409 as const,
      message: deleting ? `Usulan berstatus ${label} tidak dapat dihapus.` : `Usulan berstatus ${label} tidak dapat diubah.`,
    };
  }
  return { ok: true as const, usulan: access.usulan };
}

function touch(tx: Db, id: number, now: Date) {
  tx.update(usulan).set({ updated_at: now }).where(eq(usulan.id, id)).run();
}

/** A proposal's own row as read in the write's transaction (the log's "before"). */
function usulanRow(tx: Db, id: number) {
  return tx.select().from(usulan).where(eq(usulan.id, id)).get() ?? null;
}

// ---- The proposal itself -------------------------------------------------------------------------

/** A new DRAF in an open call of this kind; the call decides the skema (and the kind). */
export function createUsulan(
  db: Db,
  actor: Actor,
  jenis: "penelitian" | "pengabdian",
  input: CreateUsulanInput,
  now = new Date(),
): DraftResult<{ id: number }> {
  const periode = getPeriode(db, input.id_periode);
  const window = periode?.windows.pengajuan;
  const open = periode && periode.skema.jenis === jenis && periode.skema.aktif && window && window.opens <= now && now < window.closes;
  if (!open) return { ok: false, status: 422, message: PERIODE_TIDAK_TERBUKA, field: "id_periode" };
  const id = db.transaction((tx) => {
    const row = tx
      .insert(usulan)
      .values({ id_periode: periode.id, jenis: periode.skema.jenis, id_ketua: actor.id, judul: input.judul, status: "DRAF", created_at: now, updated_at: now })
      .returning()
      .get();
    logCreated(tx, USULAN_WORKFLOW, row.id, actor, now);
    domainChanged(tx, { entity: "usulan", action: "tambah", id: row.id, before: null, after: row });
    return row.id;
  });
  return { ok: true as const, id };
}

/** Part 1: the identity (and the mitra). */
export function saveIdentitas(db: Db, actor: UsulanViewer, id: number, input: IdentitasInput, now = new Date()): DraftResult {
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  db.transaction((tx) => {
    const before = usulanRow(tx, id);
    const after = tx
      .update(usulan)
      .set({
        judul: input.judul,
        ringkasan: input.ringkasan,
        kata_kunci: JSON.stringify(input.kata_kunci),
        bidang_fokus: input.bidang_fokus,
        tkt: found.usulan.jenis === "penelitian" ? input.tkt : null,
        lama_bulan: input.lama_bulan,
        mitra_nama: input.mitra_nama,
        mitra_alamat: input.mitra_alamat,
        mitra_kontak: input.mitra_kontak,
        updated_at: now,
      })
      .where(eq(usulan.id, id))
      .returning()
      .get();
    if (after) domainChanged(tx, { entity: "usulan", action: "ubah", id, before, after });
  });
  return { ok: true as const };
}

/** Deletes a DRAF with everything it holds; its status history stays (append-only). */
export async function deleteUsulan(db: Db, actor: UsulanViewer, id: number): Promise<DraftResult> {
  const found = editable(db, actor, id, true);
  if (!found.ok) return found;
  const files = db.transaction((tx) => {
    const stored = tx.select({ file: usulanDokumen.file }).from(usulanDokumen).where(eq(usulanDokumen.id_usulan, id)).all();
    const before = tx.delete(usulan).where(and(eq(usulan.id, id), eq(usulan.status, "DRAF"))).returning().get();
    if (before) domainChanged(tx, { entity: "usulan", action: "hapus", id, before, after: null });
    return stored.map((d) => d.file);
  });
  // The files go only once the database no longer points at them.
  for (const file of files) await removeDocument(file);
  return { ok: true as const };
}

// ---- Part 2: the team -----------------------------------------------------------------------------

/**
 * Invites a lecturer by NIDN: an active Pengusul, not the ketua, not already invited, within
 * the skema's team size (refused invitations do not count). The invited lecturer hears of it.
 */
export function inviteAnggota(db: Db, actor: Actor, id: number, nidn: string, now = new Date()): DraftResult {
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  const dosen = db
    .select({ id: users.id, name: users.name, no_hp: users.no_hp })
    .from(users)
    .where(
      and(
        eq(users.nidn, nidn),
        aktifBerperan("Pengusul"),
      ),
    )
    .get();
  if (!dosen) return { ok: false, status: 422, message: "Dosen dengan NIDN ini tidak ditemukan atau bukan pengusul aktif.", field: "nidn" };
  if (dosen.id === found.usulan.id_ketua) return { ok: false, status: 422, message: "Anda adalah ketua usulan ini.", field: "nidn" };
  const periode = getPeriode(db, db.select({ p: usulan.id_periode }).from(usulan).where(eq(usulan.id, id)).get()!.p)!;
  const result = db.transaction((tx): DraftResult & { queued?: number[] } => {
    const already = tx
      .select({ id: usulanAnggota.id })
      .from(usulanAnggota)
      .where(and(eq(usulanAnggota.id_usulan, id), eq(usulanAnggota.id_user, dosen.id)))
      .get();
    if (already) return { ok: false, status: 422, message: `${dosen.name} sudah ada di tim usulan ini.`, field: "nidn" };
    const team =
      tx
        .select({ n: count() })
        .from(usulanAnggota)
        .where(and(eq(usulanAnggota.id_usulan, id), ne(usulanAnggota.status_undangan, "DITOLAK")))
        .get()?.n ?? 0;
    if (team >= periode.skema.max_anggota_dosen) {
      return { ok: false, status: 422, message: `Tim sudah mencapai batas ${periode.skema.max_anggota_dosen} anggota dosen untuk skema ini.`, field: "nidn" };
    }
    const row = tx.insert(usulanAnggota).values({ id_usulan: id, id_user: dosen.id, status_undangan: "MENUNGGU", created_at: now, updated_at: now }).returning().get();
    touch(tx, id, now);
    domainChanged(tx, { entity: "usulan_anggota", action: "tambah", id: row.id, before: null, after: row, summary: `${dosen.name} diundang menjadi anggota ${usulanRef(id)}` });
    const queued = queueMessages(
      tx,
      [
        {
          userId: dosen.id,
          subject: "Undangan anggota usulan",
          body: `${actor.name} mengundang Anda menjadi anggota usulan ${JENIS_LABEL[found.usulan.jenis].toLowerCase()} "${found.usulan.judul}". Terima atau tolak di menu Usulan Baru ${JENIS_LABEL[found.usulan.jenis]}.`,
          link: `/pengusul/${found.usulan.jenis}/usulan-baru`,
          sender: namaLppm(tx),
        },
      ],
      now,
    );
    return { ok: true, queued };
  });
  if (!result.ok) return result;
  void sendQueued(db, result.queued ?? []);
  return { ok: true as const };
}

/** Removes a dosen from the team (whatever they answered), while the proposal is editable. */
export function removeAnggota(db: Db, actor: UsulanViewer, id: number, anggotaId: number, now = new Date()): DraftResult {
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  return removeChild(db, actor, id, now, "usulan_anggota", `Anggota dikeluarkan dari ${usulanRef(id)}`, (tx) =>
    tx.delete(usulanAnggota).where(and(eq(usulanAnggota.id, anggotaId), eq(usulanAnggota.id_usulan, id))).returning().get(),
  );
}

export const UNDANGAN_SUDAH_DIJAWAB = "Undangan ini sudah dijawab.";

/**
 * The invited lecturer accepts (DITERIMA) or refuses (DITOLAK) — only they, only once, and only
 * while the proposal is still being prepared. The ketua hears of the answer.
 */
export function answerUndangan(
  db: Db,
  actor: Actor,
  anggotaId: number,
  jawaban: "DITERIMA" | "DITOLAK",
  now = new Date(),
): DraftResult<{ usulanId: number }> {
  const result = db.transaction((tx): DraftResult<{ usulanId: number; queued: number[] }> => {
    const row = tx
      .select({ anggota: usulanAnggota, status: usulan.status, judul: usulan.judul, ketuaId: usulan.id_ketua })
      .from(usulanAnggota)
      .innerJoin(usulan, eq(usulan.id, usulanAnggota.id_usulan))
      .where(and(eq(usulanAnggota.id, anggotaId), eq(usulanAnggota.id_user, actor.id)))
      .get();
    // Someone else's invitation is as unknown as a missing one.
    if (!row) return notFound();
    if (row.anggota.status_undangan !== "MENUNGGU") return { ok: false, status: 409, message: UNDANGAN_SUDAH_DIJAWAB };
    if (row.status !== "DRAF" && row.status !== "DIKEMBALIKAN") {
      return { ok: false, status: 409, message: "Usulan ini tidak lagi menunggu jawaban undangan." };
    }
    const after = tx.update(usulanAnggota).set({ status_undangan: jawaban, dijawab_at: now, updated_at: now }).where(eq(usulanAnggota.id, anggotaId)).returning().get();
    touch(tx, row.anggota.id_usulan, now);
    domainChanged(tx, {
      entity: "usulan_anggota",
      action: "ubah",
      id: anggotaId,
      before: row.anggota,
      after,
      summary: `Undangan anggota ${usulanRef(row.anggota.id_usulan)} ${jawaban === "DITERIMA" ? "diterima" : "ditolak"}`,
    });
    const queued = queueMessages(
      tx,
      [
        {
          userId: row.ketuaId,
          subject: jawaban === "DITERIMA" ? "Undangan diterima" : "Undangan ditolak",
          body: `${actor.name} ${jawaban === "DITERIMA" ? "menerima" : "menolak"} undangan menjadi anggota usulan "${row.judul}".`,
          link: `/pengusul/usulan/${row.anggota.id_usulan}`,
          sender: namaLppm(tx),
        },
      ],
      now,
    );
    return { ok: true, usulanId: row.anggota.id_usulan, queued };
  });
  if (!result.ok) return result;
  void sendQueued(db, result.queued);
  return { ok: true as const, usulanId: result.usulanId };
}

/** A student member; the NIM is unique within the proposal. */
export function addMahasiswa(db: Db, actor: UsulanViewer, id: number, input: MahasiswaInput, now = new Date()): DraftResult {
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  const result = db.transaction((tx): DraftResult => {
    const taken = tx
      .select({ id: usulanMahasiswa.id })
      .from(usulanMahasiswa)
      .where(and(eq(usulanMahasiswa.id_usulan, id), eq(usulanMahasiswa.nim, input.nim)))
      .get();
    if (taken) return { ok: false, status: 422, message: "NIM sudah terdaftar pada usulan ini.", field: "nim" };
    const row = tx.insert(usulanMahasiswa).values({ id_usulan: id, ...input, created_at: now, updated_at: now }).returning().get();
    touch(tx, id, now);
    domainChanged(tx, { entity: "usulan_mahasiswa", action: "tambah", id: row.id, before: null, after: row, summary: `Mahasiswa ditambahkan ke ${usulanRef(id)}` });
    return { ok: true };
  });
  return result;
}

export function removeMahasiswa(db: Db, actor: UsulanViewer, id: number, mahasiswaId: number, now = new Date()): DraftResult {
  return removeChild(db, actor, id, now, "usulan_mahasiswa", `Mahasiswa dihapus dari ${usulanRef(id)}`, (tx) =>
    tx.delete(usulanMahasiswa).where(and(eq(usulanMahasiswa.id, mahasiswaId), eq(usulanMahasiswa.id_usulan, id))).returning().get(),
  );
}

/**
 * Removes one row of a part (it must belong to this proposal) while the proposal is editable;
 * the log names the removed row (`entity`, its id and fields) and the proposal (`summary`).
 */
function removeChild(
  db: Db,
  actor: UsulanViewer,
  id: number,
  now: Date,
  entity: string,
  summary: string,
  remove: (tx: Db) => ({ id: number } & Record<string, unknown>) | undefined,
  after?: (tx: Db) => void,
): DraftResult {
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  const removed = db.transaction((tx) => {
    const row = remove(tx);
    if (row) {
      after?.(tx);
      touch(tx, id, now);
      domainChanged(tx, { entity, action: "hapus", id: row.id, before: row, after: null, summary });
    }
    return row;
  });
  return removed ? { ok: true as const } : notFound();
}

// ---- Part 3: RAB -----------------------------------------------------------------------------------

/** usulan.dana_diusulkan: the sum of the proposal's (tahap 'usulan') lines, kept in step with them. */
function storeDanaDiusulkan(tx: Db, id: number) {
  const total =
    tx
      .select({ total: sql<number>`coalesce(sum(${usulanRab.jumlah}), 0)` })
      .from(usulanRab)
      .where(and(eq(usulanRab.id_usulan, id), eq(usulanRab.tahap, "usulan")))
      .get()?.total ?? 0;
  tx.update(usulan).set({ dana_diusulkan: total }).where(eq(usulan.id, id)).run();
}

/** Writes one RAB line of a round (the row written); jumlah = volume × harga satuan is computed here, never taken. */
export function insertRabLine(tx: Db, id: number, tahap: "usulan" | "perbaikan", input: RabInput, now: Date): typeof usulanRab.$inferSelect {
  return tx
    .insert(usulanRab)
    .values({
      id_usulan: id,
      tahap,
      kelompok: input.kelompok as (typeof RAB_KELOMPOK)[number],
      item: input.item,
      satuan: input.satuan,
      volume: input.volume,
      harga_satuan: input.harga_satuan,
      jumlah: input.volume * input.harga_satuan,
      created_at: now,
      updated_at: now,
    })
    .returning()
    .get();
}

/** A budget line: jumlah = volume × harga satuan, computed here; the total follows. */
export function addRab(db: Db, actor: UsulanViewer, id: number, input: RabInput, now = new Date()): DraftResult {
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  if (!(RAB_KELOMPOK as readonly string[]).includes(input.kelompok)) {
    return { ok: false, status: 422, message: "Kelompok tidak dikenal.", field: "kelompok" };
  }
  db.transaction((tx) => {
    const row = insertRabLine(tx, id, "usulan", input, now);
    storeDanaDiusulkan(tx, id);
    touch(tx, id, now);
    domainChanged(tx, { entity: "usulan_rab", action: "tambah", id: row.id, before: null, after: row, summary: `Baris RAB ditambahkan ke ${usulanRef(id)}` });
  });
  return { ok: true as const };
}

export function removeRab(db: Db, actor: UsulanViewer, id: number, rabId: number, now = new Date()): DraftResult {
  return removeChild(
    db,
    actor,
    id,
    now,
    "usulan_rab",
    `Baris RAB dihapus dari ${usulanRef(id)}`,
    (tx) => tx.delete(usulanRab).where(and(eq(usulanRab.id, rabId), eq(usulanRab.id_usulan, id), eq(usulanRab.tahap, "usulan"))).returning().get(),
    (tx) => storeDanaDiusulkan(tx, id),
  );
}

// ---- Part 4: luaran --------------------------------------------------------------------------------

export function addLuaran(db: Db, actor: UsulanViewer, id: number, input: LuaranInput, now = new Date()): DraftResult {
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  db.transaction((tx) => {
    const row = tx.insert(usulanLuaran).values({ id_usulan: id, ...input, created_at: now, updated_at: now }).returning().get();
    touch(tx, id, now);
    domainChanged(tx, { entity: "usulan_luaran", action: "tambah", id: row.id, before: null, after: row, summary: `Luaran ditambahkan ke ${usulanRef(id)}` });
  });
  return { ok: true as const };
}

export function removeLuaran(db: Db, actor: UsulanViewer, id: number, luaranId: number, now = new Date()): DraftResult {
  return removeChild(db, actor, id, now, "usulan_luaran", `Luaran dihapus dari ${usulanRef(id)}`, (tx) =>
    tx.delete(usulanLuaran).where(and(eq(usulanLuaran.id, luaranId), eq(usulanLuaran.id_usulan, id))).returning().get(),
  );
}

// ---- Part 5: the proposal document -----------------------------------------------------------------

/**
 * A new version of the proposal PDF (ronde 'usulan'): checked by content, at most 10 MB
 * (storeDocument throws UploadError 413/415). Earlier versions stay, listed and downloadable.
 */
export async function uploadDokumen(db: Db, actor: UsulanViewer, id: number, file: File, now = new Date()): Promise<DraftResult<{ versi: number }>> {
  // Refused before the file is even stored.
  const found = editable(db, actor, id);
  if (!found.ok) return found;
  const stored = await storeDocument(file, "usulan", ["pdf"]);
  try {
    const versi = db.transaction((tx) => {
      // Checked again: the proposal may have been submitted while the file was written.
      const again = editable(tx, actor, id);
      if (!again.ok) return again;
      const last = tx
        .select({ versi: max(usulanDokumen.versi) })
        .from(usulanDokumen)
        .where(and(eq(usulanDokumen.id_usulan, id), eq(usulanDokumen.ronde, "usulan")))
        .get()?.versi;
      const next = (last ?? 0) + 1;
      const row = tx
        .insert(usulanDokumen)
        .values({ id_usulan: id, ronde: "usulan", versi: next, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: actor.id, created_at: now })
        .returning()
        .get();
      touch(tx, id, now);
      dokumenDiunggah(tx, row, "usulan");
      return next;
    });
    if (typeof versi !== "number") {
      await removeDocument(stored.file);
      return versi;
    }
    return { ok: true as const, versi };
  } catch (error) {
    await removeDocument(stored.file);
    throw error;
  }
}

/**
 * Applying a lecturers import: the plan made again against the data of this moment and written,
 * all or nothing, in one transaction with one activity entry; each new account gets a one-time
 * link to set its password, its messages written (masked) in the same transaction and sent
 * after it (the rules: ./format.ts).
 */
import { eq, sql } from "drizzle-orm";
import { users } from "../../../../db/schema";
import { domainChanged } from "~/domain/changes.server";
import type { CsvTable } from "~/domain/impor/baca.server";
import { rencanaImporDosen, type NilaiDosen, type RencanaDosen } from "~/domain/lppm/dosen/rencana.server";
import { BELUM_ADA_PASSWORD, siapkanTautan, type TautanDibuat } from "~/domain/users/undangan.server";
import type { Db } from "~/lib/server/db.server";

export const IMPOR_DOSEN_DITOLAK = "Impor dibatalkan: ada baris yang ditolak. Tidak ada data yang diubah.";
export const DATA_DOSEN_BERUBAH = "Data pengguna berubah sejak berkas diperiksa. Periksa rencana yang baru, lalu terapkan lagi. Tidak ada data yang diubah.";

export type HasilImporDosen =
  | { ok: true; ditambah: number; diubah: number; tidakBerubah: number; tautan: TautanDibuat[]; rencana: RencanaDosen }
  | { ok: false; status: 409 | 422; message: string; rencana: RencanaDosen };

/** The toast of an applied import, with how many links went out. */
export function pesanSelesaiDosen(hasil: { ditambah: number; diubah: number; tautan: TautanDibuat[] }): string {
  if (hasil.ditambah + hasil.diubah === 0) return "Tidak ada perubahan: semua baris sama dengan data tersimpan.";
  const terkirim = hasil.tautan.filter((t) => t.pesan.length > 0).length;
  const tanpa = hasil.tautan.length - terkirim;
  const tautan = hasil.ditambah > 0 ? ` Tautan buat password dikirim ke ${terkirim} akun baru${tanpa > 0 ? `; ${tanpa} akun tanpa e-mail/WhatsApp: salin tautannya di bawah` : ""}.` : "";
  return `Impor selesai: ${hasil.ditambah} ditambah, ${hasil.diubah} diubah.${tautan}`;
}

/** The columns a row writes (undefined: not in the file, kept). */
function kolomTulis(nilai: NilaiDosen) {
  return {
    name: nilai.nama,
    id_prodi: nilai.id_prodi,
    ...(nilai.email !== undefined ? { email: nilai.email } : {}),
    ...(nilai.no_hp !== undefined ? { no_hp: nilai.no_hp } : {}),
    ...(nilai.jabatan_akademik !== undefined ? { jabatan_akademik: nilai.jabatan_akademik } : {}),
    ...(nilai.bidang_keahlian !== undefined ? { bidang_keahlian: nilai.bidang_keahlian } : {}),
    ...(nilai.sinta_id !== undefined ? { sinta_id: nilai.sinta_id } : {}),
    ...(nilai.hak_akses !== undefined ? { hak_akses: JSON.stringify(nilai.hak_akses) } : {}),
  };
}

/**
 * Re-checks the file against the data of this moment and writes it, all or nothing. Refused when
 * any row is refused, or when `sidik` (the dry run's digest) no longer matches. `origin` is the
 * site's address for the links (SITE_URL wins). Send the links' messages with kirimTautan after.
 */
export function terapkanImporDosen(db: Db, table: CsvTable, options: { sidik?: string | null; origin: string }): HasilImporDosen {
  return db.transaction((tx): HasilImporDosen => {
    const rencana = rencanaImporDosen(tx, table);
    if (rencana.ditolak.length > 0) return { ok: false, status: 422, message: IMPOR_DOSEN_DITOLAK, rencana };
    if (options.sidik && options.sidik !== rencana.sidik) return { ok: false, status: 409, message: DATA_DOSEN_BERUBAH, rencana };
    const base = { ok: true as const, ditambah: rencana.ditambah.length, diubah: rencana.diubah.length, tidakBerubah: rencana.tidakBerubah, rencana };
    if (base.ditambah + base.diubah === 0) return { ...base, tautan: [] };
    const now = new Date();
    const baru: number[] = [];
    for (const r of rencana.ditambah) {
      const row = tx
        .insert(users)
        .values({
          username: r.nidn,
          nidn: r.nidn,
          password_hash: BELUM_ADA_PASSWORD,
          status_aktif: "Aktif",
          email: "",
          no_hp: "",
          ...kolomTulis(r.nilai),
          hak_akses: JSON.stringify(r.nilai.hak_akses ?? ["Pengusul"]),
        })
        .returning({ id: users.id })
        .get();
      baru.push(row.id);
    }
    for (const r of rencana.diubah) {
      tx.update(users)
        .set({ ...kolomTulis(r.nilai), updated_at: sql`${now.getTime()}` })
        .where(eq(users.id, r.id))
        .run();
    }
    const tautan = siapkanTautan(tx, baru, options.origin, now);
    domainChanged(tx, { entity: "users", action: "impor", summary: `Impor dosen: ${base.ditambah} ditambah, ${base.diubah} diubah` });
    return { ...base, tautan };
  });
}

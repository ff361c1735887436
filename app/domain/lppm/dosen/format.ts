/**
 * Lecturers in bulk (Operator → LPPM → Impor Dosen): the file's format and the import's rules,
 * client-safe. The steps are the products import's (app/domain/produk/csv/format.ts): read the
 * file (CSV or XLSX: impor/baca.server.ts), plan (the dry run: ./rencana.server.ts), apply all
 * or nothing (./terapkan.server.ts); the uploaded file waits for 'Terapkan' under a token
 * (impor/berkas.server.ts). The template to fill: ./templat.server.ts.
 *
 * The format, one row per lecturer (the header's names in any order, any case):
 *
 *   nidn,nama,email,no_hp,prodi,jabatan_akademik,bidang_keahlian,sinta_id,hak_akses
 *
 * - nidn (NIDN/NIDK/NUPTK, 10–20 digits; spaces, dots and dashes are dropped), nama and prodi
 *   are required columns and cells; the other columns may be left out of the file (an existing
 *   lecturer then keeps what is stored; a new one gets nothing, and hak_akses 'Pengusul').
 * - A row is matched to a stored account by its NIDN/NUPTK only (never by name or e-mail): a
 *   known one is changed, an unknown one is a new account whose username is the NIDN/NUPTK. A
 *   NIDN twice in the file, or a new account whose username another account already has, is
 *   refused.
 * - prodi names a Program Studi by its name or its code, case-insensitively; unknown or
 *   ambiguous refuses the row (never creates one).
 * - email, when given, must be an address; no_hp a phone number; jabatan_akademik one or more
 *   of the academic positions (comma-separated); sinta_id digits; hak_akses one or more LPPM
 *   roles, comma-separated. Operator is never given by a file (the user form does that), and an
 *   existing account keeps an Operator role it has.
 * - Apply re-checks every row against the data of that moment and writes all of them in ONE
 *   transaction with one activity entry; any refused row refuses the whole import. A new account
 *   gets no password: a one-time link to set one (users/undangan.server.ts), sent by e-mail and
 *   WhatsApp once the import is written.
 */
import { JABATAN_AKADEMIK, ROLES, type Role } from "~/domain/users/roles";

export const KOLOM_DOSEN = ["nidn", "nama", "email", "no_hp", "prodi", "jabatan_akademik", "bidang_keahlian", "sinta_id", "hak_akses"] as const;
export type KolomDosen = (typeof KOLOM_DOSEN)[number];
export const KOLOM_WAJIB: readonly KolomDosen[] = ["nidn", "nama", "prodi"];

/** Rows one file may hold besides its header, blank ones included (a large university, twice over). */
export const MAX_BARIS_DOSEN = 5_000;

/** The roles a file may give: every LPPM role, not the back office's. */
export const PERAN_IMPOR: readonly Role[] = ROLES.filter((role) => role !== "Operator");

/** What the plan names a changed field. */
export type BidangDosen = "nama" | "email" | "no_hp" | "prodi" | "jabatan_akademik" | "bidang_keahlian" | "sinta_id" | "hak_akses";
export const BIDANG_DOSEN_LABEL: Record<BidangDosen, string> = {
  nama: "Nama",
  email: "E-mail",
  no_hp: "No HP",
  prodi: "Program studi",
  jabatan_akademik: "Jabatan akademik",
  bidang_keahlian: "Bidang keahlian",
  sinta_id: "SINTA ID",
  hak_akses: "Hak akses",
};

export { JABATAN_AKADEMIK };

export const PILIH_BERKAS_DOSEN = "Pilih berkas CSV atau XLSX yang akan diimpor.";
export const BERKAS_DOSEN_KOSONG = "Berkas kosong.";
export const TANPA_BARIS_DOSEN = "Berkas tidak berisi baris dosen: hanya baris judul kolom.";
export const BUKAN_CSV_DOSEN = "Berkas ini bukan CSV atau XLSX (mungkin gambar, PDF atau .xls lama). Simpan sebagai .xlsx atau 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";
export const TERLALU_BANYAK_DOSEN = `Berkas berisi lebih dari ${MAX_BARIS_DOSEN.toLocaleString("id-ID")} baris selain baris judul (baris kosong ikut dihitung). Bagi menjadi beberapa berkas.`;

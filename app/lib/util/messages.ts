/**
 * The product's user-facing messages that more than one place says (spec section 8 and the
 * legacy API): one text each. Client-safe.
 */
export const SAVED = "Data berhasil disimpan";
export const SAVE_FAILED = "Gagal menyimpan data";
export const DELETED = "Data berhasil dihapus";
export const DELETE_FAILED = "Gagal menghapus data";
export const LOAD_FAILED = "Gagal menampilkan data";
export const NOT_FOUND = "Data tidak ditemukan";
export const SERVER_ERROR = "Terjadi kesalahan pada server";
export const PASSWORD_CHANGED = "Password Berhasil diubah";
export const PASSWORD_CHANGE_FAILED = "Gagal update password";
export const LOGIN_FAILED = "Login Gagal! username dan password salah";

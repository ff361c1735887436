/**
 * The demo's people: two faculties of two study programmes each, and the 15 LPPM accounts — the
 * head, the secretary, a verifier per faculty, reviewers inside and outside the university, and
 * the lecturers who propose.
 */
import type { Role } from "../../../../app/domain/users/roles";

export const FAKULTAS = [
  { nama: "Fakultas Teknik", prodi: ["Teknik Informatika", "Sistem Informasi"] },
  { nama: "Fakultas Ekonomi dan Bisnis", prodi: ["Manajemen", "Akuntansi"] },
] as const;

export type Person = {
  username: string;
  name: string;
  roles: Role[];
  prodi?: string;
  jabatan?: string;
  bidang?: string;
  verifies?: string;
};

/** NIDN of the n-th demo dosen: 10 digits, unlikely to clash with real ones (prefix 99). */
export const nidn = (n: number) => `99${String(n).padStart(8, "0")}`;

export const LPPM_DEMO_PEOPLE: readonly Person[] = [
  { username: "kepala.lppm", name: "Prof. Dr. Hendra Wijaya, M.T.", roles: ["Kepala-LPPM"], prodi: "Teknik Informatika", jabatan: "Guru Besar" },
  { username: "sekretaris.lppm", name: "Dr. Ratna Sari, M.M.", roles: ["Sekretaris-LPPM"], prodi: "Manajemen", jabatan: "Lektor Kepala" },
  { username: "verifikator.ft", name: "Ir. Bambang Prasetyo, M.Kom.", roles: ["Verifikator-Fakultas"], prodi: "Sistem Informasi", jabatan: "Lektor", verifies: "Fakultas Teknik" },
  { username: "verifikator.feb", name: "Dra. Lestari Handayani, M.Si.", roles: ["Verifikator-Fakultas"], prodi: "Akuntansi", jabatan: "Lektor", verifies: "Fakultas Ekonomi dan Bisnis" },
  { username: "reviewer.internal", name: "Dr. Agus Salim, M.Kom.", roles: ["Reviewer-Internal"], prodi: "Sistem Informasi", jabatan: "Lektor Kepala", bidang: "Rekayasa perangkat lunak" },
  { username: "reviewer.ekonomi", name: "Dr. Wulan Purnamasari, M.E.", roles: ["Reviewer-Internal"], prodi: "Akuntansi", jabatan: "Lektor Kepala", bidang: "Ekonomi pembangunan" },
  { username: "reviewer.external", name: "Prof. Dr. Yusuf Hidayat", roles: ["Reviewer-External"], jabatan: "Guru Besar", bidang: "Kewirausahaan dan UMKM" },
  { username: "dosen.ahmad", name: "Dr. Ahmad Fauzi, M.T.", roles: ["Pengusul", "Reviewer-Internal"], prodi: "Teknik Informatika", jabatan: "Lektor Kepala", bidang: "Kecerdasan buatan" },
  { username: "dosen.siti", name: "Siti Nurhaliza, M.Kom.", roles: ["Pengusul"], prodi: "Teknik Informatika", jabatan: "Lektor", bidang: "Jaringan komputer" },
  { username: "dosen.budi", name: "Budi Santoso, M.Cs.", roles: ["Pengusul"], prodi: "Sistem Informasi", jabatan: "Asisten Ahli", bidang: "Sistem informasi manajemen" },
  { username: "dosen.dewi", name: "Dewi Kartika, M.M.", roles: ["Pengusul"], prodi: "Manajemen", jabatan: "Lektor", bidang: "Pemasaran UMKM" },
  { username: "dosen.eko", name: "Eko Saputra, M.Ak.", roles: ["Pengusul"], prodi: "Akuntansi", jabatan: "Asisten Ahli", bidang: "Akuntansi sektor publik" },
  { username: "dosen.fitri", name: "Dr. Fitri Amalia, M.Si.", roles: ["Pengusul"], prodi: "Manajemen", jabatan: "Lektor Kepala", bidang: "Manajemen sumber daya manusia" },
  { username: "dosen.gilang", name: "Gilang Ramadhan, M.T.", roles: ["Pengusul"], prodi: "Sistem Informasi", jabatan: "Lektor", bidang: "Internet of Things" },
  { username: "dosen.hana", name: "Hana Pertiwi, M.Kom.", roles: ["Pengusul"], prodi: "Teknik Informatika", jabatan: "Asisten Ahli", bidang: "Visi komputer" },
];

/** The study programme of a demo account ("" for one outside the university). */
export function prodiOf(username: string): string {
  return LPPM_DEMO_PEOPLE.find((p) => p.username === username)?.prodi ?? "";
}

/**
 * The LPPM part of the demo (SEED_DEMO=1; LPPM.md, "Demo data"): 2 fakultas, 4 prodi, one open
 * periode per jenis, dosen, reviewers, a verifier per faculty, a secretary and a head, and
 * proposals in every status from DRAF to BERJALAN — each with its team, RAB, luaran, proposal
 * PDF, status timeline, reviewer assignments and scores, and the SK of the winners — so every
 * screen has something to show and to act on. Last year's call (its report and monev windows
 * open now) holds running and finished projects with their reports and monev in every status.
 * The publication incentives: a tariff table, this year's incentive call
 * (open) and last year's, and lecturers' claims in every status of the incentive workflow, each
 * with its evidence PDF and timeline, two SKs, and one claim prefilled from the finished project's
 * published article.
 *
 * The demo LPPM accounts share one generated password, handed over like the first operator's:
 * a file beside the database readable by its owner only (lppm-demo-password.txt), never the log
 * and never a fixed password in the code. Runs once: only while no fakultas exists.
 */
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../app/lib/server/db.server";
import type { Env } from "../../app/lib/server/env.server";
import { generatePassword, hashPassword } from "../../app/lib/server/password.server";
import { stagePrivateFile } from "../../app/lib/server/private-files.server";
import { removeDocument, storeDocument, type StoredDocument } from "../../app/lib/server/documents.server";
import {
  INSENTIF_WORKFLOW,
  LAPORAN_AKHIR_WORKFLOW,
  LAPORAN_KEMAJUAN_WORKFLOW,
  MONEV_WORKFLOW,
  USULAN_WORKFLOW,
  type InsentifStatus,
  type LaporanStatus,
  type UsulanStatus,
} from "../../app/domain/lppm/workflow";
import { monevTotal } from "../../app/domain/lppm/monev/monev";
import { CHECKLIST_INSENTIF, doiKunci, judulKunci, type JENIS_PUBLIKASI, type PERINGKAT, type Peran } from "../../app/domain/lppm/insentif/insentif.schema";
import { tarifOf } from "../../app/domain/lppm/insentif/master.server";
import { toWibDateInput } from "../../app/lib/util/wib";
import type { Role } from "../../app/domain/users/roles";
import * as schema from "../../db/schema";

type Log = (message: string) => void;

const DAY = 24 * 60 * 60 * 1000;

/** Where the shared demo password goes (beside the database), or null for an in-memory one. */
export function lppmDemoPasswordFile(env: Pick<Env, "DATABASE_URL">): string | null {
  if (env.DATABASE_URL === ":memory:" || env.DATABASE_URL.startsWith("file:")) return null;
  return path.join(path.dirname(path.resolve(env.DATABASE_URL)), "lppm-demo-password.txt");
}

const FAKULTAS = [
  { nama: "Fakultas Teknik", prodi: ["Teknik Informatika", "Sistem Informasi"] },
  { nama: "Fakultas Ekonomi dan Bisnis", prodi: ["Manajemen", "Akuntansi"] },
] as const;

type Person = {
  username: string;
  name: string;
  roles: Role[];
  prodi?: string;
  jabatan?: string;
  bidang?: string;
  verifies?: string;
};

/** NIDN of the n-th demo dosen: 10 digits, unlikely to clash with real ones (prefix 99). */
const nidn = (n: number) => `99${String(n).padStart(8, "0")}`;

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

/** One proposal per status of the proposal cycle (and a second one on the ranking board). */
type DemoUsulan = {
  status: UsulanStatus;
  jenis: "penelitian" | "pengabdian";
  ketua: string;
  anggota: string;
  judul: string;
  /** The two reviewers' substantive score levels (index into the scale), when scored. */
  skor?: [number, number];
  note?: string;
  /** A project of last year's call (its reports are due now). */
  lalu?: boolean;
  laporan?: DemoLaporan;
};

/** What a running or finished project has reported: each report's and the monev's status. */
type DemoLaporan = {
  kemajuan: LaporanStatus;
  /** The Operator's note when the progress report was returned. */
  note?: string;
  monev?: "DITUGASKAN" | "DINILAI";
  /** The monev scores per criterion (0–100) when DINILAI. */
  skorMonev?: number[];
  akhir?: LaporanStatus;
  /** The Operator's note when the final report was returned. */
  noteAkhir?: string;
};

const DEMO_USULAN: readonly DemoUsulan[] = [
  { status: "DRAF", jenis: "penelitian", ketua: "dosen.ahmad", anggota: "dosen.siti", judul: "Deteksi Dini Penyakit Daun Padi dengan Jaringan Saraf Konvolusional Ringan" },
  { status: "DIAJUKAN", jenis: "penelitian", ketua: "dosen.siti", anggota: "dosen.hana", judul: "Optimasi Jaringan Mesh Nirkabel untuk Desa Terpencil di Kabupaten Kudus" },
  { status: "DIAJUKAN", jenis: "pengabdian", ketua: "dosen.dewi", anggota: "dosen.eko", judul: "Pendampingan Pemasaran Digital bagi Pengrajin Mebel Jepara" },
  { status: "DISETUJUI_FAKULTAS", jenis: "penelitian", ketua: "dosen.budi", anggota: "dosen.gilang", judul: "Sistem Informasi Inventaris Gudang Berbasis QR untuk UMKM Furnitur" },
  { status: "DIKEMBALIKAN", jenis: "penelitian", ketua: "dosen.gilang", anggota: "dosen.budi", judul: "Pemantauan Kelembapan Kayu Jati Berbasis Sensor IoT", note: "Lengkapi rincian RAB bahan sensor dan perbaiki ringkasan (maksimal 500 kata)." },
  { status: "DITOLAK", jenis: "pengabdian", ketua: "dosen.eko", anggota: "dosen.fitri", judul: "Pelatihan Pembukuan Sederhana untuk Koperasi Desa", note: "Skema tidak sesuai: kegiatan serupa sudah didanai tahun ini." },
  { status: "REVIEW", jenis: "penelitian", ketua: "dosen.hana", anggota: "dosen.ahmad", judul: "Pengenalan Motif Ukiran Jepara dengan Pembelajaran Mendalam" },
  { status: "DINILAI", jenis: "penelitian", ketua: "dosen.ahmad", anggota: "dosen.hana", judul: "Prediksi Permintaan Mebel Ekspor dengan Model Deret Waktu", skor: [5, 2] },
  { status: "TIDAK_LOLOS", jenis: "pengabdian", ketua: "dosen.fitri", anggota: "dosen.dewi", judul: "Peningkatan Kapasitas SDM Karang Taruna dalam Wirausaha" },
  { status: "DIKEMBALIKAN_KE_REVIEW", jenis: "penelitian", ketua: "dosen.siti", anggota: "dosen.gilang", judul: "Keamanan Jaringan Sekolah Dasar dengan Honeypot Berbiaya Rendah", skor: [4, 1], note: "Selisih nilai kedua reviewer terlalu besar; mohon dinilai ulang." },
  { status: "DIVERIFIKASI", jenis: "pengabdian", ketua: "dosen.dewi", anggota: "dosen.fitri", judul: "Pendampingan Legalitas dan Sertifikasi Halal UMKM Makanan", skor: [4, 4] },
  { status: "DIREKOMENDASIKAN", jenis: "penelitian", ketua: "dosen.budi", anggota: "dosen.siti", judul: "Aplikasi Katalog Mebel Berbasis Web Progresif untuk Pasar Daerah", skor: [5, 4] },
  { status: "DIREKOMENDASIKAN", jenis: "penelitian", ketua: "dosen.gilang", anggota: "dosen.hana", judul: "Rantai Pasok Kayu Bersertifikat dengan Buku Besar Terdistribusi", skor: [3, 4] },
  { status: "DIREKOMENDASIKAN", jenis: "pengabdian", ketua: "dosen.eko", anggota: "dosen.dewi", judul: "Literasi Keuangan Digital bagi Pedagang Pasar Tradisional", skor: [4, 3] },
  { status: "DIDANAI", jenis: "penelitian", ketua: "dosen.hana", anggota: "dosen.budi", judul: "Klasifikasi Kualitas Serat Kayu dari Citra Mikroskop", skor: [5, 5] },
  { status: "TIDAK_DIDANAI", jenis: "penelitian", ketua: "dosen.siti", anggota: "dosen.ahmad", judul: "Sistem Rekomendasi Desain Interior Berbasis Preferensi Pengguna", skor: [2, 3] },
  { status: "PERBAIKAN_DIAJUKAN", jenis: "pengabdian", ketua: "dosen.fitri", anggota: "dosen.eko", judul: "Pendampingan Manajemen Usaha Bengkel Ukir Perempuan Desa Mulyoharjo", skor: [5, 4] },
  { status: "BERJALAN", jenis: "penelitian", ketua: "dosen.ahmad", anggota: "dosen.gilang", judul: "Penjadwalan Produksi Mebel dengan Algoritma Genetika", skor: [5, 5] },
  // Last year's call: reports and monev in every status.
  { status: "BERJALAN", lalu: true, jenis: "penelitian", ketua: "dosen.budi", anggota: "dosen.hana", judul: "Deteksi Cacat Permukaan Papan Kayu dengan Pengolahan Citra", skor: [4, 4], laporan: { kemajuan: "DIAJUKAN" } },
  {
    status: "BERJALAN",
    lalu: true,
    jenis: "penelitian",
    ketua: "dosen.siti",
    anggota: "dosen.ahmad",
    judul: "Aplikasi Pemesanan Mebel Custom Berbasis Android",
    skor: [4, 3],
    laporan: { kemajuan: "DIKEMBALIKAN", note: "Lampirkan foto kegiatan dan rincian realisasi per kelompok RAB." },
  },
  {
    status: "BERJALAN",
    lalu: true,
    jenis: "pengabdian",
    ketua: "dosen.dewi",
    anggota: "dosen.fitri",
    judul: "Pendampingan Desain Kemasan Produk Kerajinan Kayu",
    skor: [4, 4],
    laporan: { kemajuan: "DITERIMA", monev: "DITUGASKAN", akhir: "DRAF" },
  },
  {
    status: "BERJALAN",
    lalu: true,
    jenis: "penelitian",
    ketua: "dosen.gilang",
    anggota: "dosen.budi",
    judul: "Sistem Peringatan Dini Kebakaran Gudang Kayu Berbasis IoT",
    skor: [5, 4],
    laporan: { kemajuan: "DITERIMA", monev: "DINILAI", skorMonev: [80, 70, 75, 70, 60], akhir: "DIAJUKAN" },
  },
  {
    status: "SELESAI",
    lalu: true,
    jenis: "penelitian",
    ketua: "dosen.hana",
    anggota: "dosen.siti",
    judul: "Klasterisasi Pengrajin Mebel Jepara Berdasarkan Kapasitas Produksi",
    skor: [5, 5],
    laporan: { kemajuan: "DITERIMA", monev: "DINILAI", skorMonev: [90, 85, 85, 80, 80], akhir: "DITERIMA" },
  },
  // A progress report still being written, and a final report returned with the Operator's note.
  {
    status: "BERJALAN",
    lalu: true,
    jenis: "pengabdian",
    ketua: "dosen.eko",
    anggota: "dosen.dewi",
    judul: "Pelatihan Pengolahan Limbah Serbuk Kayu menjadi Briket bagi Pengrajin",
    skor: [4, 3],
    laporan: { kemajuan: "DRAF" },
  },
  {
    status: "BERJALAN",
    lalu: true,
    jenis: "penelitian",
    ketua: "dosen.ahmad",
    anggota: "dosen.siti",
    judul: "Rancang Bangun Mesin Amplas Otomatis untuk Bengkel Mebel",
    skor: [5, 4],
    laporan: {
      kemajuan: "DITERIMA",
      monev: "DINILAI",
      skorMonev: [70, 65, 70, 60, 55],
      akhir: "DIKEMBALIKAN",
      noteAkhir: "Lengkapi bukti luaran: unggah surat penerimaan artikel dari jurnal.",
    },
  },
];

/** A report's statuses on its way to `status` (the laporan workflow). */
const LAPORAN_PATH: Record<LaporanStatus, LaporanStatus[]> = {
  DRAF: ["DRAF"],
  DIAJUKAN: ["DRAF", "DIAJUKAN"],
  DIKEMBALIKAN: ["DRAF", "DIAJUKAN", "DIKEMBALIKAN"],
  DITERIMA: ["DRAF", "DIAJUKAN", "DITERIMA"],
};

/** The path each final status was reached by, from DRAF (the workflow's transitions). */
const MAIN_PATH: UsulanStatus[] = ["DRAF", "DIAJUKAN", "DISETUJUI_FAKULTAS", "REVIEW", "DINILAI", "DIVERIFIKASI", "DIREKOMENDASIKAN", "DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"];
const SIDE_EXIT: Partial<Record<UsulanStatus, UsulanStatus>> = {
  DIKEMBALIKAN: "DIAJUKAN",
  DITOLAK: "DIAJUKAN",
  TIDAK_LOLOS: "REVIEW",
  DIKEMBALIKAN_KE_REVIEW: "DINILAI",
  TIDAK_DIDANAI: "DIREKOMENDASIKAN",
};

export function pathTo(status: UsulanStatus): UsulanStatus[] {
  const exitFrom = SIDE_EXIT[status];
  if (exitFrom) return [...MAIN_PATH.slice(0, MAIN_PATH.indexOf(exitFrom) + 1), status];
  return MAIN_PATH.slice(0, MAIN_PATH.indexOf(status) + 1);
}

// ---- Publication incentives ----------------------------------------------------------

type JenisPublikasi = (typeof JENIS_PUBLIKASI)[number];
type Peringkat = (typeof PERINGKAT)[number];

/**
 * The tariff table as a private university might keep it: Scopus quartiles and SINTA ranks paid
 * to the first or corresponding author; a book's co-authors may claim a smaller amount of their
 * own; the national proceedings no longer earn one (inactive: it stays on earlier claims).
 */
const DEMO_TARIF: readonly { jenis: JenisPublikasi; peringkat: Peringkat; tarif_utama: number; tarif_anggota?: number; anggota_boleh?: boolean; aktif?: boolean; aturan: string }[] = [
  ...(["Q1", "Q2", "Q3", "Q4"] as const).map((peringkat, i) => ({
    jenis: "Jurnal internasional bereputasi" as const,
    peringkat,
    tarif_utama: [15_000_000, 10_000_000, 7_500_000, 5_000_000][i]!,
    aturan: `Terindeks Scopus atau Web of Science pada kuartil ${peringkat} (SJR) di tahun terbit, dengan afiliasi universitas. Jurnal yang dihentikan (discontinued) atau terindikasi predator tidak diberi insentif.`,
  })),
  ...(["Sinta 1", "Sinta 2", "Sinta 3", "Sinta 4"] as const).map((peringkat, i) => ({
    jenis: "Jurnal nasional terakreditasi" as const,
    peringkat,
    tarif_utama: [4_000_000, 3_000_000, 2_000_000, 1_500_000][i]!,
    aturan: `Jurnal terakreditasi ${peringkat.toUpperCase()} pada tahun terbit, dengan afiliasi universitas. Lampirkan artikel terbit lengkap dengan halaman sampul dan daftar isi.`,
  })),
  {
    jenis: "Prosiding internasional",
    peringkat: "-",
    tarif_utama: 3_000_000,
    aturan: "Prosiding seminar internasional terindeks Scopus atau Web of Science; makalah dipresentasikan sendiri oleh pengusul.",
  },
  {
    jenis: "Prosiding nasional",
    peringkat: "-",
    tarif_utama: 750_000,
    aktif: false,
    aturan: "Tidak lagi diberi insentif; tetap tercatat untuk klaim periode sebelumnya.",
  },
  {
    jenis: "HKI",
    peringkat: "-",
    tarif_utama: 1_000_000,
    aturan: "Hak cipta atau paten sederhana yang tercatat di DJKI dengan universitas sebagai pemegang hak; lampirkan surat pencatatan atau sertifikat.",
  },
  {
    jenis: "Buku ber-ISBN",
    peringkat: "-",
    tarif_utama: 5_000_000,
    tarif_anggota: 2_000_000,
    anggota_boleh: true,
    aturan: "Buku ajar atau referensi ber-ISBN minimal 100 halaman dari penerbit anggota IKAPI. Penulis anggota yang dosen tetap dapat mengklaim tarif anggota.",
  },
];

type Publikasi = { judul: string; nama_wadah: string; issn_isbn: string; doi_url: string };

/** A claim of the demo: its publication, where it stands in INSENTIF_WORKFLOW, and its reviewer's words. */
type DemoKlaim = {
  status: InsentifStatus;
  pengusul: string;
  jenis: JenisPublikasi;
  peringkat: Peringkat;
  /** The publication, or the demo project whose recorded output (luaran capaian) prefilled it. */
  publikasi: Publikasi | { luaran: string };
  volume_nomor: string;
  peran: Peran;
  jumlah_penulis: number;
  /** The reviewer the Operator assigned (a demo reviewer, never the claimant). */
  reviewer?: string;
  /** The reviewer's note: required to return or refuse a claim, the evaluation's remark otherwise. */
  note?: string;
  /** Returned once with this note before it was submitted again. */
  dikembalikan?: string;
  /** In last year's call (decided and paid then). */
  lalu?: boolean;
  /** The evidence file's name. */
  bukti: string;
};

const DEMO_KLAIM: readonly DemoKlaim[] = [
  {
    status: "DRAF",
    pengusul: "dosen.siti",
    jenis: "Jurnal nasional terakreditasi",
    peringkat: "Sinta 2",
    publikasi: {
      judul: "Kinerja Protokol Routing OLSR dan BATMAN pada Jaringan Mesh Nirkabel Pedesaan",
      nama_wadah: "Jurnal Teknologi Informasi dan Ilmu Komputer (contoh data demo)",
      issn_isbn: "2355-7699",
      doi_url: "https://doi.org/10.99999/jtiik.v13i2.8120",
    },
    volume_nomor: "Vol. 13 No. 2",
    peran: "pertama",
    jumlah_penulis: 3,
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DIAJUKAN",
    pengusul: "dosen.budi",
    jenis: "Prosiding internasional",
    peringkat: "-",
    publikasi: {
      judul: "QR Code-Based Warehouse Inventory System for Furniture Small and Medium Enterprises",
      nama_wadah: "Proceedings of the International Conference on Informatics and Computing (contoh data demo)",
      issn_isbn: "2987-1010",
      doi_url: "10.99999/icic-proc.147",
    },
    volume_nomor: "hlm. 211–218",
    peran: "pertama",
    jumlah_penulis: 4,
    bukti: "makalah-prosiding.pdf",
  },
  {
    status: "DIAJUKAN",
    pengusul: "dosen.gilang",
    jenis: "Jurnal internasional bereputasi",
    peringkat: "Q3",
    publikasi: {
      judul: "Low-Cost IoT Moisture Monitoring for Teak Wood Drying Kilns",
      nama_wadah: "International Journal of Embedded Sensing (contoh data demo)",
      issn_isbn: "2951-3307",
      doi_url: "https://doi.org/10.99999/ijes.2291",
    },
    volume_nomor: "Vol. 8 No. 1",
    peran: "korespondensi",
    jumlah_penulis: 3,
    reviewer: "reviewer.internal",
    dikembalikan: "Unggah halaman artikel yang memuat nama dan afiliasi penulis; bukti yang ada baru halaman sampul jurnal.",
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DIEVALUASI",
    pengusul: "dosen.ahmad",
    jenis: "Jurnal internasional bereputasi",
    peringkat: "Q2",
    publikasi: {
      judul: "Genetic Algorithm Scheduling for Make-to-Order Furniture Production",
      nama_wadah: "Journal of Industrial Optimization (contoh data demo)",
      issn_isbn: "2962-4417",
      doi_url: "https://doi.org/10.99999/jio.v12.118",
    },
    volume_nomor: "Vol. 12 No. 3",
    peran: "pertama",
    jumlah_penulis: 4,
    reviewer: "reviewer.external",
    note: "Artikel terindeks Scopus Q2 pada tahun terbit; nama dan afiliasi pengusul sesuai.",
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DIKEMBALIKAN",
    pengusul: "dosen.dewi",
    jenis: "Jurnal nasional terakreditasi",
    peringkat: "Sinta 3",
    publikasi: {
      judul: "Strategi Pemasaran Digital Pengrajin Mebel Jepara melalui Lokapasar",
      nama_wadah: "Jurnal Manajemen dan Kewirausahaan (contoh data demo)",
      issn_isbn: "2579-5341",
      doi_url: "https://doi.org/10.99999/jmk.v11i1.5521",
    },
    volume_nomor: "Vol. 11 No. 1",
    peran: "pertama",
    jumlah_penulis: 2,
    reviewer: "reviewer.ekonomi",
    note: "Bukti yang diunggah masih naskah pracetak; unggah artikel terbit lengkap dengan halaman sampul dan daftar isi jurnal.",
    bukti: "naskah-artikel.pdf",
  },
  {
    status: "TIDAK_VALID",
    pengusul: "dosen.eko",
    jenis: "Jurnal nasional terakreditasi",
    peringkat: "Sinta 4",
    publikasi: {
      judul: "Akuntabilitas Pengelolaan Dana Desa di Kabupaten Jepara",
      nama_wadah: "Jurnal Akuntansi Sektor Publik (contoh data demo)",
      issn_isbn: "2622-7371",
      doi_url: "https://doi.org/10.99999/jasp.v7i2.903",
    },
    volume_nomor: "Vol. 7 No. 2",
    peran: "korespondensi",
    jumlah_penulis: 3,
    reviewer: "reviewer.ekonomi",
    note: "Pada artikel terbit pengusul tercantum sebagai penulis ketiga, bukan penulis korespondensi; jenis ini hanya untuk penulis pertama atau korespondensi.",
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DISETUJUI_SEKRETARIS",
    pengusul: "dosen.fitri",
    jenis: "Jurnal nasional terakreditasi",
    peringkat: "Sinta 2",
    publikasi: {
      judul: "Kepemimpinan Transformasional dan Kinerja Karyawan UMKM Mebel",
      nama_wadah: "Jurnal Manajemen Sumber Daya Manusia (contoh data demo)",
      issn_isbn: "2614-8250",
      doi_url: "https://doi.org/10.99999/jmsdm.v9i2.1407",
    },
    volume_nomor: "Vol. 9 No. 2",
    peran: "pertama",
    jumlah_penulis: 3,
    reviewer: "reviewer.ekonomi",
    note: "Jurnal terakreditasi SINTA 2 pada tahun terbit; bukti lengkap.",
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DISETUJUI_KEPALA",
    pengusul: "dosen.siti",
    jenis: "Jurnal internasional bereputasi",
    peringkat: "Q4",
    publikasi: {
      judul: "Lightweight Honeypot-Based Intrusion Detection for Primary School Networks",
      nama_wadah: "International Journal of Network Security Practice (contoh data demo)",
      issn_isbn: "2809-6611",
      doi_url: "https://doi.org/10.99999/ijnsp.v5i4.332",
    },
    volume_nomor: "Vol. 5 No. 4",
    peran: "korespondensi",
    jumlah_penulis: 4,
    reviewer: "reviewer.internal",
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DISETUJUI_KEPALA",
    pengusul: "dosen.eko",
    jenis: "Buku ber-ISBN",
    peringkat: "-",
    publikasi: {
      judul: "Akuntansi Sektor Publik untuk Pemerintah Desa",
      nama_wadah: "Penerbit Universitas (contoh data demo)",
      issn_isbn: "978-623-99999-1-4",
      doi_url: "https://penerbit.example.ac.id/buku/akuntansi-sektor-publik-desa",
    },
    volume_nomor: "xii + 184 hlm.",
    peran: "anggota",
    jumlah_penulis: 3,
    reviewer: "reviewer.ekonomi",
    note: "ISBN terdaftar; pengusul penulis anggota, diberi tarif anggota.",
    bukti: "sampul-dan-halaman-isbn.pdf",
  },
  {
    status: "DITETAPKAN",
    pengusul: "dosen.budi",
    jenis: "HKI",
    peringkat: "-",
    publikasi: {
      judul: "Aplikasi Katalog Mebel Berbasis Web Progresif (Program Komputer)",
      nama_wadah: "Direktorat Jenderal Kekayaan Intelektual (contoh data demo)",
      issn_isbn: "",
      doi_url: "https://hki.example.go.id/hak-cipta/EC00202612345",
    },
    volume_nomor: "Pencatatan EC00202612345",
    peran: "pertama",
    jumlah_penulis: 3,
    reviewer: "reviewer.internal",
    bukti: "surat-pencatatan-ciptaan.pdf",
  },
  {
    status: "DICAIRKAN",
    pengusul: "dosen.hana",
    jenis: "Jurnal internasional bereputasi",
    peringkat: "Q1",
    publikasi: {
      judul: "Wood Fiber Quality Classification from Microscope Images with Lightweight Convolutional Networks",
      nama_wadah: "Computers and Wood Science (contoh data demo)",
      issn_isbn: "2949-7725",
      doi_url: "https://doi.org/10.99999/cws.v3.100214",
    },
    volume_nomor: "Vol. 3, 100214",
    peran: "pertama",
    jumlah_penulis: 3,
    reviewer: "reviewer.external",
    note: "Terindeks Scopus Q1 pada tahun terbit; bukti lengkap.",
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DICAIRKAN",
    pengusul: "dosen.dewi",
    jenis: "Buku ber-ISBN",
    peringkat: "-",
    publikasi: {
      judul: "Pemasaran Digital untuk UMKM Kriya",
      nama_wadah: "Penerbit Universitas (contoh data demo)",
      issn_isbn: "978-623-99999-2-1",
      doi_url: "https://penerbit.example.ac.id/buku/pemasaran-digital-umkm-kriya",
    },
    volume_nomor: "x + 156 hlm.",
    peran: "pertama",
    jumlah_penulis: 2,
    reviewer: "reviewer.ekonomi",
    bukti: "sampul-dan-halaman-isbn.pdf",
  },
  // Last year's call: the finished project's article, prefilled from its recorded output.
  {
    status: "DICAIRKAN",
    lalu: true,
    pengusul: "dosen.hana",
    jenis: "Jurnal nasional terakreditasi",
    peringkat: "Sinta 3",
    publikasi: { luaran: "Klasterisasi Pengrajin Mebel Jepara Berdasarkan Kapasitas Produksi" },
    volume_nomor: "Vol. 8 No. 2",
    peran: "pertama",
    jumlah_penulis: 2,
    reviewer: "reviewer.internal",
    bukti: "artikel-terbit.pdf",
  },
  {
    status: "DICAIRKAN",
    lalu: true,
    pengusul: "dosen.fitri",
    jenis: "Jurnal internasional bereputasi",
    peringkat: "Q2",
    publikasi: {
      judul: "Work Engagement of Artisans in Family-Owned Furniture Firms",
      nama_wadah: "Journal of Small Business Management Studies (contoh data demo)",
      issn_isbn: "2476-9843",
      doi_url: "https://doi.org/10.99999/jsbms.v14i2.771",
    },
    volume_nomor: "Vol. 14 No. 2",
    peran: "pertama",
    jumlah_penulis: 3,
    reviewer: "reviewer.external",
    bukti: "artikel-terbit.pdf",
  },
];

/** A claim's statuses on its way to `status` (INSENTIF_WORKFLOW's transitions), from DRAF. */
const INSENTIF_PATH: Record<InsentifStatus, InsentifStatus[]> = {
  DRAF: ["DRAF"],
  DIAJUKAN: ["DRAF", "DIAJUKAN"],
  DIKEMBALIKAN: ["DRAF", "DIAJUKAN", "DIKEMBALIKAN"],
  TIDAK_VALID: ["DRAF", "DIAJUKAN", "TIDAK_VALID"],
  DIEVALUASI: ["DRAF", "DIAJUKAN", "DIEVALUASI"],
  DISETUJUI_SEKRETARIS: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS"],
  DISETUJUI_KEPALA: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA"],
  DITETAPKAN: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN"],
  DICAIRKAN: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"],
};

/** The path of a demo claim: a returned one went DIAJUKAN → DIKEMBALIKAN → DIAJUKAN first. */
function klaimPath(k: Pick<DemoKlaim, "status" | "dikembalikan">): InsentifStatus[] {
  const path = INSENTIF_PATH[k.status];
  return k.dikembalikan ? ["DRAF", "DIAJUKAN", "DIKEMBALIKAN", ...path.slice(1)] : path;
}

/** The scale of the national form (rubrik.ts SKOR) by level index. */
const SKALA = [1, 2, 3, 5, 6, 7] as const;

/** A small real PDF (one page, the title as text) standing in for a proposal document. */
function demoPdf(title: string, subtitle: string): Uint8Array<ArrayBuffer> {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
  const stream = `BT /F1 14 Tf 56 780 Td (${esc(title.slice(0, 80))}) Tj 0 -22 Td /F1 11 Tf (${esc(subtitle)}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const RAB_LINES = [
  { kelompok: "Honor", item: "Honor pembantu peneliti", satuan: "OB", volume: 6, harga_satuan: 200_000 },
  { kelompok: "Bahan", item: "Bahan habis pakai dan ATK", satuan: "paket", volume: 2, harga_satuan: 1_250_000 },
  { kelompok: "Pengumpulan data", item: "Transport survei lapangan", satuan: "OK", volume: 10, harga_satuan: 300_000 },
  { kelompok: "Publikasi & luaran", item: "Biaya publikasi jurnal nasional terakreditasi", satuan: "judul", volume: 1, harga_satuan: 2_500_000 },
  { kelompok: "Lain-lain", item: "Seminar hasil", satuan: "kegiatan", volume: 1, harga_satuan: 1_300_000 },
] as const;

const RAB_TOTAL = RAB_LINES.reduce((sum, line) => sum + line.volume * line.harga_satuan, 0);
/** The final RAB (perbaikan: one Bahan package less): a running project's budget. */
const RAB_PERBAIKAN_TOTAL = RAB_TOTAL - 1_250_000;

function isEmpty(db: Db): boolean {
  return (db.select({ n: count() }).from(schema.fakultas).get()?.n ?? 0) === 0;
}

export async function seedLppmDemo(db: Db, env: Env, log: Log): Promise<void> {
  if (!(env.SEED_DEMO_LPPM ?? env.SEED_DEMO) || !isEmpty(db)) return;
  const started = Date.now();
  const now = Date.now();

  // 1. Async work first: password hashes and the proposal PDFs.
  const password = generatePassword();
  const hashes = await Promise.all(LPPM_DEMO_PEOPLE.map(() => hashPassword(password)));
  const documents: StoredDocument[] = [];
  const docOf = new Map<string, StoredDocument>();
  /** The evidence of DEMO_KLAIM[i]. */
  const buktiKlaim: StoredDocument[] = [];
  try {
    for (const u of DEMO_USULAN) {
      const stored = await storeDocument(new File([demoPdf(u.judul, "Proposal usulan (contoh data demo)")], "proposal-usulan.pdf"), "usulan", ["pdf"]);
      documents.push(stored);
      docOf.set(`${u.judul}/usulan`, stored);
      const ran = u.status === "BERJALAN" || u.status === "SELESAI";
      if (u.status === "PERBAIKAN_DIAJUKAN" || ran) {
        const revised = await storeDocument(new File([demoPdf(u.judul, "Proposal perbaikan (contoh data demo)")], "proposal-perbaikan.pdf"), "usulan", ["pdf"]);
        documents.push(revised);
        docOf.set(`${u.judul}/perbaikan`, revised);
      }
      if (ran) {
        const nota = await storeDocument(new File([demoPdf(u.judul, "Nota pembelian bahan (contoh data demo)")], "nota-bahan.pdf"), "catatan", ["pdf"]);
        documents.push(nota);
        docOf.set(`${u.judul}/catatan`, nota);
      }
      // The reports' PDFs and the monev's berita acara, as far as each got.
      const store = async (key: string, name: string, subtitle: string, folder: string) => {
        const doc = await storeDocument(new File([demoPdf(u.judul, subtitle)], name), folder, ["pdf"]);
        documents.push(doc);
        docOf.set(`${u.judul}/${key}`, doc);
      };
      if (u.laporan && u.laporan.kemajuan !== "DRAF") await store("laporan_kemajuan", "laporan-kemajuan.pdf", "Laporan kemajuan (contoh data demo)", "laporan-kemajuan");
      if (u.laporan?.akhir && u.laporan.akhir !== "DRAF") await store("laporan_akhir", "laporan-akhir.pdf", "Laporan akhir (contoh data demo)", "laporan-akhir");
      if (u.laporan?.monev === "DINILAI") await store("berita_acara", "berita-acara-monev.pdf", "Berita acara monev (contoh data demo)", "monev");
    }
    // Each incentive claim's evidence (the published article, the certificate, the book's pages).
    for (const k of DEMO_KLAIM) {
      const judul = "luaran" in k.publikasi ? k.publikasi.luaran : k.publikasi.judul;
      const stored = await storeDocument(new File([demoPdf(judul, "Bukti publikasi untuk klaim insentif (contoh data demo)")], k.bukti), "insentif", ["pdf"]);
      documents.push(stored);
      buktiKlaim.push(stored);
    }
  } catch (error) {
    await Promise.all(documents.map((d) => removeDocument(d.file)));
    throw error;
  }

  const file = lppmDemoPasswordFile(env);
  const staged = file
    ? stagePrivateFile(
        file,
        [
          "Etalase: akun demo LPPM (semua memakai password yang sama)",
          `password: ${password}`,
          `akun: ${LPPM_DEMO_PEOPLE.map((p) => p.username).join(", ")}`,
          "",
          `Dibuat ${new Date().toISOString()}. Hanya untuk demo; hapus berkas ini setelah dicatat.`,
          "",
        ].join("\n"),
      )
    : null;

  // 2. Every row in one transaction.
  try {
    db.transaction((tx) => {
      const fakultasId = new Map<string, number>();
      const prodiId = new Map<string, number>();
      for (const f of FAKULTAS) {
        const row = tx.insert(schema.fakultas).values({ nama: f.nama }).returning({ id: schema.fakultas.id }).get();
        fakultasId.set(f.nama, row.id);
        for (const p of f.prodi) {
          prodiId.set(p, tx.insert(schema.prodi).values({ nama: p, id_fakultas: row.id }).returning({ id: schema.prodi.id }).get().id);
        }
      }

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

      // The substantive criteria of each jenis (seeded rubric), for the reviewers' items.
      const kriteriaOf = (jenis: "penelitian" | "pengabdian", tahap: "substansi" | "monev" = "substansi") =>
        tx
          .select({ kriteria: schema.rubrikKriteria.kriteria, bobot: schema.rubrikKriteria.bobot, urutan: schema.rubrikKriteria.urutan })
          .from(schema.rubrikKriteria)
          .innerJoin(schema.rubrik, eq(schema.rubrik.id, schema.rubrikKriteria.id_rubrik))
          .where(and(eq(schema.rubrik.jenis, jenis), eq(schema.rubrik.tahap, tahap)))
          .orderBy(schema.rubrikKriteria.urutan)
          .all();

      const reviewersFor = (jenis: "penelitian" | "pengabdian"): [string, string] =>
        jenis === "penelitian" ? ["reviewer.ekonomi", "reviewer.external"] : ["reviewer.internal", "reviewer.external"];
      /** Who made a step: the demo user holding the transition's role (null: the operator or the system). */
      const actorFor = (from: UsulanStatus, to: UsulanStatus, u: DemoUsulan): string | null => {
        const by = USULAN_WORKFLOW.transitions.find((t) => t.from === from && t.to === to)?.by;
        if (!by || by === "system") return null;
        if (by.includes("Pengusul")) return u.ketua;
        if (by.includes("Verifikator-Fakultas")) {
          const prodi = LPPM_DEMO_PEOPLE.find((p) => p.username === u.ketua)?.prodi ?? "";
          return (FAKULTAS[0].prodi as readonly string[]).includes(prodi) ? "verifikator.ft" : "verifikator.feb";
        }
        if (by.includes("Sekretaris-LPPM")) return "sekretaris.lppm";
        if (by.includes("Kepala-LPPM")) return "kepala.lppm";
        return null;
      };

      // One SK per call that decided winners (this year's, and last year's).
      const penetapanOf = new Map<number, number>();
      const skOf = (lalu: boolean) => `012/LPPM/SK/${lalu ? tahun - 1 : tahun}`;
      const penetapan = (periodeId: number, lalu: boolean) => {
        let id = penetapanOf.get(periodeId);
        if (id === undefined) {
          id = tx
            .insert(schema.penetapan)
            .values({ id_periode: periodeId, nomor_sk: skOf(lalu), tanggal_sk: new Date(now - (lalu ? 360 : 3) * DAY), id_user: userId.get("kepala.lppm")! })
            .returning({ id: schema.penetapan.id })
            .get().id;
          penetapanOf.set(periodeId, id);
        }
        return id;
      };

      DEMO_USULAN.forEach((u, index) => {
        const steps = pathTo(u.status);
        const reached = (s: UsulanStatus) => steps.includes(s);
        const periode = (u.lalu ? periodeLaluOf : periodeOf)[u.jenis];
        const funded = ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"].includes(u.status);
        const putaran = u.status === "DIKEMBALIKAN_KE_REVIEW" ? 2 : reached("REVIEW") ? 1 : 0;
        const [ra, rb] = reviewersFor(u.jenis);
        const kriteria = kriteriaOf(u.jenis);
        const totalOf = (level: number) =>
          kriteria.length ? kriteria.reduce((sum, k) => sum + k.bobot * SKALA[level]!, 0) : 100 * SKALA[level]!;
        const totals = u.skor ? [totalOf(u.skor[0]), totalOf(u.skor[1])] : null;
        const decidedOnBoard = u.status === "TIDAK_DIDANAI" || funded;

        // The timeline: one step a day, ending a day ago (last year's calls: a week a step, a year
        // ago; the final report's acceptance made it SELESAI two days ago).
        const t0 = (u.lalu ? now - 430 * DAY : now - (steps.length + 1) * DAY) - index * 60_000;
        const at = (i: number) => (steps[i] === "SELESAI" ? new Date(now - 2 * DAY - index * 60_000) : new Date(t0 + i * (u.lalu ? 7 : 1) * DAY));

        const row = tx
          .insert(schema.usulan)
          .values({
            id_periode: periode.id,
            jenis: u.jenis,
            id_ketua: userId.get(u.ketua)!,
            status: u.status,
            judul: u.judul,
            ringkasan:
              "Usulan ini merupakan contoh data demo. Latar belakang, tujuan, metode, dan luaran dijelaskan secara ringkas " +
              "agar layar LPPM dapat dicoba dari pengajuan sampai penetapan.",
            kata_kunci: JSON.stringify(u.jenis === "penelitian" ? ["mebel", "teknologi", "UMKM"] : ["pemberdayaan", "UMKM", "pelatihan"]),
            bidang_fokus: u.jenis === "penelitian" ? "Teknologi informasi dan komunikasi" : "Pemberdayaan ekonomi masyarakat",
            tkt: u.jenis === "penelitian" ? 2 : null,
            mitra_nama: u.jenis === "pengabdian" ? "Paguyuban Pengrajin Mebel Jepara" : "",
            mitra_alamat: u.jenis === "pengabdian" ? "Desa Mulyoharjo, Jepara" : "",
            mitra_kontak: u.jenis === "pengabdian" ? "081234560000" : "",
            lama_bulan: 8,
            dana_diusulkan: RAB_TOTAL,
            dana_disetujui: funded ? RAB_TOTAL - 1_000_000 : null,
            putaran_review: putaran,
            nilai_rata: totals && reached("DINILAI") ? (totals[0]! + totals[1]!) / 2 : null,
            id_penetapan: decidedOnBoard ? penetapan(periode.id, Boolean(u.lalu)) : null,
            diajukan_at: reached("DIAJUKAN") ? at(1) : null,
            created_at: at(0),
            updated_at: at(steps.length - 1),
          })
          .returning({ id: schema.usulan.id })
          .get();
        const id = row.id;

        // Team: a member (invitation still waiting on the draft), a student; RAB; luaran; the PDF.
        tx.insert(schema.usulanAnggota)
          .values({
            id_usulan: id,
            id_user: userId.get(u.anggota)!,
            status_undangan: u.status === "DRAF" ? "MENUNGGU" : "DITERIMA",
            dijawab_at: u.status === "DRAF" ? null : at(0),
          })
          .run();
        tx.insert(schema.usulanMahasiswa).values({ id_usulan: id, nama: `Mahasiswa Demo ${index + 1}`, nim: `2023${String(1000 + index)}`, prodi: LPPM_DEMO_PEOPLE.find((p) => p.username === u.ketua)?.prodi ?? "" }).run();
        const rabTahap: ("usulan" | "perbaikan")[] = reached("PERBAIKAN_DIAJUKAN") ? ["usulan", "perbaikan"] : ["usulan"];
        for (const tahap of rabTahap) {
          for (const line of RAB_LINES) {
            const volume = tahap === "perbaikan" && line.kelompok === "Bahan" ? line.volume - 1 : line.volume;
            tx.insert(schema.usulanRab).values({ id_usulan: id, tahap, ...line, volume, jumlah: volume * line.harga_satuan }).run();
          }
        }
        const luaranId = tx
          .insert(schema.usulanLuaran)
          .values({ id_usulan: id, jenis: "Jurnal nasional terakreditasi", target: "Submitted", keterangan: "Jurnal SINTA 2–4" })
          .returning({ id: schema.usulanLuaran.id })
          .get().id;
        const pdf = docOf.get(`${u.judul}/usulan`)!;
        tx.insert(schema.usulanDokumen)
          .values({ id_usulan: id, ronde: "usulan", versi: 1, file: pdf.file, nama_file: pdf.nama_file, ukuran: pdf.ukuran, id_pengunggah: userId.get(u.ketua)!, created_at: at(0) })
          .run();
        const revised = docOf.get(`${u.judul}/perbaikan`);
        if (revised) {
          tx.insert(schema.usulanDokumen)
            .values({ id_usulan: id, ronde: "perbaikan", versi: 1, file: revised.file, nama_file: revised.nama_file, ukuran: revised.ukuran, id_pengunggah: userId.get(u.ketua)!, created_at: at(steps.indexOf("PERBAIKAN_DIAJUKAN")) })
            .run();
        }

        // Catatan Harian of a running project: yesterday's by the ketua (with a receipt), today's by the member.
        const nota = docOf.get(`${u.judul}/catatan`);
        if (nota) {
          // Last year's projects wrote theirs before the progress report.
          const last = u.lalu ? now - 50 * DAY : now;
          const notes = [
            { by: u.ketua, day: last - DAY, kegiatan: "Pembelian bahan uji dan penyiapan data produksi bengkel mitra.", capaian: 10, kelompok: "Bahan" as const, biaya: 450_000 },
            { by: u.anggota, day: last, kegiatan: "Survei jadwal produksi di dua bengkel mebel mitra.", capaian: 20, kelompok: "Pengumpulan data" as const, biaya: 600_000 },
          ];
          notes.forEach((n, i) => {
            const catatan = tx
              .insert(schema.catatanHarian)
              .values({ id_usulan: id, id_penulis: userId.get(n.by)!, tanggal: toWibDateInput(new Date(n.day)), kegiatan: n.kegiatan, capaian: n.capaian, kelompok: n.kelompok, biaya: n.biaya, created_at: new Date(n.day), updated_at: new Date(n.day) })
              .returning({ id: schema.catatanHarian.id })
              .get();
            if (i === 0) tx.insert(schema.catatanHarianBukti).values({ id_catatan: catatan.id, file: nota.file, nama_file: nota.nama_file, ukuran: nota.ukuran }).run();
          });
        }

        // Reviews: round 1 (and round 2 for the one sent back), with items per criterion.
        if (reached("REVIEW")) {
          const rounds = u.status === "DIKEMBALIKAN_KE_REVIEW" ? [1, 2] : [1];
          for (const putaranKe of rounds) {
            const open = putaranKe === 2 || u.status === "REVIEW";
            [ra, rb].forEach((reviewer, which) => {
              const failed = u.status === "TIDAK_LOLOS" && which === 0;
              const scored = !open && !failed && totals;
              const adminDone = !open || (u.status === "REVIEW" && which === 0);
              const assignment = tx
                .insert(schema.penugasanReviewer)
                .values({
                  id_usulan: id,
                  id_reviewer: userId.get(reviewer)!,
                  putaran: putaranKe,
                  tenggat: open ? new Date(now + (which === 0 ? 2 : 9) * DAY) : at(steps.indexOf("REVIEW") + 1),
                  administrasi_lolos: adminDone || failed ? !failed : null,
                  administrasi_catatan: failed ? "Komposisi tim tidak memenuhi syarat skema." : adminDone ? "Dokumen lengkap." : null,
                  administrasi_at: adminDone || failed ? at(steps.indexOf("REVIEW")) : null,
                  total_nilai: scored ? totals![which]! : null,
                  rekomendasi: scored ? (totals![which]! >= 350 ? "Layak didanai" : "Layak didanai dengan perbaikan") : null,
                  dana_rekomendasi: scored ? RAB_TOTAL - 1_000_000 : null,
                  catatan: scored ? "Metode sudah jelas; perjelas jadwal luaran." : null,
                  substansi_at: scored ? at(steps.indexOf("REVIEW") + 1) : null,
                })
                .returning({ id: schema.penugasanReviewer.id })
                .get();
              if (scored) {
                kriteria.forEach((k) => {
                  const skor = SKALA[u.skor![which]!]!;
                  tx.insert(schema.penilaianItem)
                    .values({ id_penugasan: assignment.id, tahap: "substansi", kriteria: k.kriteria, urutan: k.urutan, bobot: k.bobot, skor, nilai: k.bobot * skor, justifikasi: `Penilaian ${k.kriteria.toLowerCase()} sesuai dokumen usulan.` })
                    .run();
                });
              }
            });
          }
        }

        // The timeline.
        steps.forEach((to, i) => {
          const who = i === 0 ? u.ketua : actorFor(steps[i - 1]!, to, u);
          const system = i > 0 && USULAN_WORKFLOW.transitions.find((t) => t.from === steps[i - 1] && t.to === to)?.by === "system";
          const name = system ? "Sistem" : who ? userName.get(who)! : (operator?.name ?? "Operator");
          const id_actor = system ? null : who ? userId.get(who)! : (operator?.id ?? null);
          const last = i === steps.length - 1;
          tx.insert(schema.statusLog)
            .values({
              entity: USULAN_WORKFLOW.kind,
              entity_id: id,
              from_status: i === 0 ? null : steps[i - 1]!,
              to_status: to,
              actor_id: id_actor,
              actor_name: name,
              note: last && u.note ? u.note : to === "DIDANAI" ? `SK ${skOf(Boolean(u.lalu))}` : null,
              created_at: at(i),
            })
            .run();
        });

        // The reports and the monev, each through its workflow's statuses.
        if (u.laporan) {
          const ketuaId = userId.get(u.ketua)!;
          const log = (kind: string, entityId: number, path: readonly string[], days: readonly number[], note?: string, by: (to: string) => { id: number | null; name: string } = () => ({ id: ketuaId, name: userName.get(u.ketua)! })) =>
            path.forEach((to, i) =>
              tx.insert(schema.statusLog)
                .values({
                  entity: kind,
                  entity_id: entityId,
                  from_status: i === 0 ? null : path[i - 1]!,
                  to_status: to,
                  actor_id: by(to).id,
                  actor_name: by(to).name,
                  note: i === path.length - 1 && note ? note : null,
                  created_at: new Date(now + days[i]! * DAY - index * 60_000),
                })
                .run(),
            );
          const office = (to: string) => (to === "DITERIMA" || to === "DIKEMBALIKAN" ? { id: operator?.id ?? null, name: operator?.name ?? "Operator" } : { id: ketuaId, name: userName.get(u.ketua)! });
          const report = (jenis: "kemajuan" | "akhir", status: LaporanStatus, days: readonly number[], note?: string) => {
            const path = LAPORAN_PATH[status];
            const akhir = jenis === "akhir";
            const laporanId = tx
              .insert(schema.laporan)
              .values({
                id_usulan: id,
                jenis,
                status,
                capaian: akhir ? 100 : 50,
                realisasi: akhir ? RAB_PERBAIKAN_TOTAL : Math.round(RAB_PERBAIKAN_TOTAL * 0.45),
                ringkasan: akhir
                  ? "Seluruh tahapan selesai; luaran telah terbit dan hasil dipaparkan kepada mitra. (contoh data demo)"
                  : "Pengumpulan data dan perancangan selesai; pengujian berjalan sesuai jadwal. (contoh data demo)",
                diajukan_at: path.includes("DIAJUKAN") ? new Date(now + days[1]! * DAY) : null,
                created_at: new Date(now + days[0]! * DAY),
                updated_at: new Date(now + days[path.length - 1]! * DAY),
              })
              .returning({ id: schema.laporan.id })
              .get().id;
            const doc = docOf.get(`${u.judul}/laporan_${jenis}`);
            if (doc) {
              tx.insert(schema.usulanDokumen)
                .values({ id_usulan: id, ronde: akhir ? "laporan_akhir" : "laporan_kemajuan", versi: 1, file: doc.file, nama_file: doc.nama_file, ukuran: doc.ukuran, id_pengunggah: ketuaId, created_at: new Date(now + days[0]! * DAY) })
                .run();
            }
            log((akhir ? LAPORAN_AKHIR_WORKFLOW : LAPORAN_KEMAJUAN_WORKFLOW).kind, laporanId, path, days, note, office);
          };
          report("kemajuan", u.laporan.kemajuan, [-40, -35, -30], u.laporan.note);
          const terbit = u.laporan.akhir === "DIAJUKAN" || u.laporan.akhir === "DITERIMA";
          tx.insert(schema.luaranCapaian)
            .values({
              id_luaran: luaranId,
              status: terbit ? "Published" : "Submitted",
              judul_publikasi: u.judul,
              nama_wadah: "Jurnal Teknologi dan Industri Mebel (contoh data demo)",
              issn_isbn: "2407-1234",
              doi_url: terbit ? `10.99999/etalase-demo.${tahun - 1}.${index + 1}` : "https://jurnal.example.ac.id/submission/demo",
              tahun: tahun - 1,
            })
            .run();
          if (u.laporan.monev) {
            const reviewer = u.jenis === "penelitian" ? "reviewer.internal" : "reviewer.ekonomi";
            const scored = u.laporan.monev === "DINILAI";
            const items = scored ? kriteriaOf(u.jenis, "monev").map((k, i) => ({ urutan: k.urutan, kriteria: k.kriteria, bobot: k.bobot, skor: u.laporan!.skorMonev![i]! })) : [];
            const ba = docOf.get(`${u.judul}/berita_acara`);
            const monevId = tx
              .insert(schema.monev)
              .values({
                id_usulan: id,
                id_reviewer: userId.get(reviewer)!,
                status: u.laporan.monev,
                tenggat: new Date(now + (scored ? -16 : 20) * DAY),
                total_nilai: scored ? monevTotal(items) : null,
                catatan: scored ? "Pelaksanaan sesuai rencana; dokumentasi kegiatan lengkap. (contoh data demo)" : null,
                berita_acara_file: ba?.file ?? null,
                berita_acara_nama: ba?.nama_file ?? null,
                berita_acara_ukuran: ba?.ukuran ?? null,
                dinilai_at: scored ? new Date(now - 15 * DAY) : null,
                created_at: new Date(now - 25 * DAY),
                updated_at: new Date(now - (scored ? 15 : 25) * DAY),
              })
              .returning({ id: schema.monev.id })
              .get().id;
            if (items.length) tx.insert(schema.monevItem).values(items.map((item) => ({ id_monev: monevId, ...item }))).run();
            log(MONEV_WORKFLOW.kind, monevId, scored ? ["DITUGASKAN", "DINILAI"] : ["DITUGASKAN"], [-25, -15], undefined, (to) =>
              to === "DINILAI" ? { id: userId.get(reviewer)!, name: userName.get(reviewer)! } : { id: operator?.id ?? null, name: operator?.name ?? "Operator" },
            );
          }
          if (u.laporan.akhir) report("akhir", u.laporan.akhir, [-10, -5, -2], u.laporan.noteAkhir);
        }
      });

      // The tariff table, this year's incentive call and last year's, and claims in every
      // status of INSENTIF_WORKFLOW, each with its evidence and its timeline.
      const jenisOf = new Map<string, typeof schema.jenisInsentif.$inferSelect>();
      for (const t of DEMO_TARIF) {
        jenisOf.set(`${t.jenis}|${t.peringkat}`, tx.insert(schema.jenisInsentif).values(t).returning().get());
      }
      // This year's call opened two months ago and stays open a month; last year's closed before
      // its claims were decided (its SK is 340 days old).
      const periodeInsentifOf = {
        ini: tx
          .insert(schema.periodeInsentif)
          .values({ tahun, anggaran_total: 75_000_000, pengajuan_buka: new Date(now - 60 * DAY), pengajuan_tutup: new Date(now + 30 * DAY) })
          .returning()
          .get(),
        lalu: tx
          .insert(schema.periodeInsentif)
          .values({ tahun: tahun - 1, anggaran_total: 60_000_000, pengajuan_buka: new Date(now - 420 * DAY), pengajuan_tutup: new Date(now - 350 * DAY) })
          .returning()
          .get(),
      };
      // One SK per call, made on the penetapan board; what it decided was paid some days later.
      const skInsentif = {
        ini: { nomor: `027/LPPM/SK-INS/${tahun}`, at: now - 8 * DAY, cair: now - 2 * DAY },
        lalu: { nomor: `031/LPPM/SK-INS/${tahun - 1}`, at: now - 340 * DAY, cair: now - 320 * DAY },
      };
      const skKlaimOf = new Map<keyof typeof skInsentif, number>();
      const skKlaim = (call: keyof typeof skInsentif) => {
        let id = skKlaimOf.get(call);
        if (id === undefined) {
          const at = new Date(skInsentif[call].at);
          id = tx
            .insert(schema.penetapanInsentif)
            .values({ id_periode: periodeInsentifOf[call].id, nomor_sk: skInsentif[call].nomor, tanggal_sk: at, id_user: userId.get("kepala.lppm")!, created_at: at, updated_at: at })
            .returning({ id: schema.penetapanInsentif.id })
            .get().id;
          skKlaimOf.set(call, id);
        }
        return id;
      };
      /** A demo project's recorded output, as the claim form's prefill reads it. */
      const luaranOf = (judulKegiatan: string) =>
        tx
          .select({
            id: schema.usulanLuaran.id,
            judul: schema.luaranCapaian.judul_publikasi,
            nama_wadah: schema.luaranCapaian.nama_wadah,
            issn_isbn: schema.luaranCapaian.issn_isbn,
            doi_url: schema.luaranCapaian.doi_url,
          })
          .from(schema.luaranCapaian)
          .innerJoin(schema.usulanLuaran, eq(schema.usulanLuaran.id, schema.luaranCapaian.id_luaran))
          .innerJoin(schema.usulan, eq(schema.usulan.id, schema.usulanLuaran.id_usulan))
          .where(eq(schema.usulan.judul, judulKegiatan))
          .get()!;
      const person = (username: string) => ({ id: userId.get(username)!, name: userName.get(username)! });
      /** Who made a claim's step: the demo user holding the transition's role (the Operator: the first operator). */
      const aktorKlaim = (from: InsentifStatus, to: InsentifStatus, k: DemoKlaim): { id: number | null; name: string } => {
        const by = INSENTIF_WORKFLOW.transitions.find((t) => t.from === from && t.to === to)?.by;
        if (!by || by === "system") return { id: null, name: "Sistem" };
        if (by.includes("Pengusul")) return person(k.pengusul);
        if (by.includes("Reviewer-Internal")) return person(k.reviewer!);
        if (by.includes("Sekretaris-LPPM")) return person("sekretaris.lppm");
        if (by.includes("Kepala-LPPM")) return person("kepala.lppm");
        return { id: operator?.id ?? null, name: operator?.name ?? "Operator" };
      };

      DEMO_KLAIM.forEach((k, index) => {
        const steps = klaimPath(k);
        const call = k.lalu ? "lalu" : "ini";
        const periode = periodeInsentifOf[call];
        const sk = skInsentif[call];
        const jenis = jenisOf.get(`${k.jenis}|${k.peringkat}`)!;
        let luaran: ReturnType<typeof luaranOf> | null = null;
        let publikasi: Publikasi;
        if ("luaran" in k.publikasi) publikasi = luaran = luaranOf(k.publikasi.luaran);
        else publikasi = k.publikasi;

        // The timeline: a claim the SK decided moved with its batch (on the SK's date) and was paid
        // later; the others' last step was a day ago. Steps a few days apart (last year's claims
        // started after the finished project was running, 367 days ago).
        const ditetapkan = steps.indexOf("DITETAPKAN");
        const anchor = ditetapkan >= 0 ? ditetapkan : steps.length - 1;
        const end = ditetapkan >= 0 ? sk.at : now - DAY;
        const gap = (k.lalu ? 5 : ditetapkan >= 0 ? 4 : 3) * DAY;
        const at = (i: number) => new Date((steps[i] === "DICAIRKAN" ? sk.cair : end - (anchor - i) * gap) - index * 60_000);
        const diajukan = steps.lastIndexOf("DIAJUKAN");
        const dievaluasi = steps.indexOf("DIEVALUASI");
        // The reviewer recommends the tariff of the claimant's role; the SK approves that amount.
        const nominal = tarifOf(jenis, k.peran)!;

        const id = tx
          .insert(schema.insentif)
          .values({
            id_periode: periode.id,
            id_pengusul: userId.get(k.pengusul)!,
            id_jenis: jenis.id,
            status: k.status,
            judul: publikasi.judul,
            nama_wadah: publikasi.nama_wadah,
            issn_isbn: publikasi.issn_isbn,
            doi_url: publikasi.doi_url,
            tahun: periode.tahun,
            volume_nomor: k.volume_nomor,
            peran: k.peran,
            jumlah_penulis: k.jumlah_penulis,
            doi_kunci: doiKunci(publikasi.doi_url),
            judul_kunci: judulKunci(publikasi.issn_isbn, publikasi.judul),
            id_luaran: luaran?.id ?? null,
            // Assigned on its first submission, with two weeks for the evaluation.
            id_reviewer: k.reviewer ? userId.get(k.reviewer)! : null,
            tenggat: k.reviewer ? new Date(at(steps.indexOf("DIAJUKAN")).getTime() + 14 * DAY) : null,
            evaluasi: dievaluasi >= 0 ? JSON.stringify(CHECKLIST_INSENTIF.map((butir) => ({ butir, sesuai: true }))) : null,
            nominal_rekomendasi: dievaluasi >= 0 ? nominal : null,
            catatan_evaluasi: dievaluasi >= 0 ? (k.note ?? null) : null,
            dievaluasi_at: dievaluasi >= 0 ? at(dievaluasi) : null,
            nominal_disetujui: ditetapkan >= 0 ? nominal : null,
            id_penetapan: ditetapkan >= 0 ? skKlaim(call) : null,
            diajukan_at: diajukan >= 0 ? at(diajukan) : null,
            dicairkan_at: k.status === "DICAIRKAN" ? at(steps.length - 1) : null,
            created_at: at(0),
            updated_at: at(steps.length - 1),
          })
          .returning({ id: schema.insentif.id })
          .get().id;
        const bukti = buktiKlaim[index]!;
        tx.insert(schema.insentifBukti).values({ id_insentif: id, file: bukti.file, nama_file: bukti.nama_file, ukuran: bukti.ukuran, created_at: at(0) }).run();

        steps.forEach((to, i) => {
          const from = i === 0 ? null : steps[i - 1]!;
          const actor = from === null ? person(k.pengusul) : aktorKlaim(from, to, k);
          // The reviewer's note where the workflow requires one (and the evaluation's remark); the SK's number.
          const note =
            to === "DITETAPKAN"
              ? `SK ${sk.nomor}`
              : to === "DIKEMBALIKAN" && i < steps.length - 1
                ? k.dikembalikan
                : to === "DIEVALUASI" || to === "DIKEMBALIKAN" || to === "TIDAK_VALID"
                  ? k.note
                  : undefined;
          tx.insert(schema.statusLog)
            .values({ entity: INSENTIF_WORKFLOW.kind, entity_id: id, from_status: from, to_status: to, actor_id: actor.id, actor_name: actor.name, note: note ?? null, created_at: at(i) })
            .run();
        });
      });
    });
  } catch (error) {
    staged?.discard();
    await Promise.all(documents.map((d) => removeDocument(d.file)));
    throw error;
  }
  staged?.commit();
  const where = file ? `password-nya ada di ${path.basename(file)} di folder database (hanya bisa dibaca pemilik berkas)` : `password "${password}" (database sementara di memori)`;
  log(`[etalase] Demo LPPM dibuat dalam ${Date.now() - started} ms: ${LPPM_DEMO_PEOPLE.length} akun (${LPPM_DEMO_PEOPLE.map((p) => p.username).join(", ")}); ${where}.`);
}

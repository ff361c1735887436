/**
 * The demo's proposals: one per status of the proposal cycle (more on the ranking board), and
 * last year's projects with their progress report, monev and final report in every status.
 */
import type { LaporanStatus, UsulanStatus } from "../../../../app/domain/lppm/workflow";

/** One proposal per status of the proposal cycle (and a second one on the ranking board). */
export type DemoUsulan = {
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
export type DemoLaporan = {
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

export const DEMO_USULAN: readonly DemoUsulan[] = [
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
  { status: "DITARIK", jenis: "pengabdian", ketua: "dosen.gilang", anggota: "dosen.eko", judul: "Pelatihan Perawatan Mesin Bubut bagi Bengkel Kayu Rakyat", note: "Ketua mendapat hibah eksternal untuk kegiatan yang sama." },
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

/**
 * The demo's publication-incentive claims: one or more in every status of INSENTIF_WORKFLOW, this
 * year's and last year's, one of them prefilled from a finished project's published article.
 */
import type { InsentifStatus } from "../../../../app/domain/lppm/workflow";
import type { Peran } from "../../../../app/domain/lppm/insentif/insentif.schema";
import type { JenisPublikasi, Peringkat } from "./tarif";

export type Publikasi = { judul: string; nama_wadah: string; issn_isbn: string; doi_url: string };

/** A claim of the demo: its publication, where it stands in INSENTIF_WORKFLOW, and its reviewer's words. */
export type DemoKlaim = {
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

export const DEMO_KLAIM: readonly DemoKlaim[] = [
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

/** The publication-incentive tariff table of the demo. */
import type { JENIS_PUBLIKASI, PERINGKAT } from "../../../../app/domain/lppm/insentif/insentif.schema";
import type { Pembagian } from "../../../../app/domain/lppm/insentif/tarif";

export type JenisPublikasi = (typeof JENIS_PUBLIKASI)[number];
export type Peringkat = (typeof PERINGKAT)[number];

/**
 * The tariff table as a private university might keep it: Scopus quartiles and SINTA ranks paid
 * to the first or corresponding author; a book's co-authors may claim a smaller amount of their
 * own; an HKI is worth one amount shared by its creators (60 % to the first, the rest split);
 * the national proceedings no longer earn one (inactive: it stays on earlier claims).
 */
export const DEMO_TARIF: readonly {
  jenis: JenisPublikasi;
  peringkat: Peringkat;
  tarif_utama: number;
  tarif_anggota?: number;
  anggota_boleh?: boolean;
  pembagian?: Pembagian;
  aktif?: boolean;
  aturan: string;
}[] = [
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
    anggota_boleh: true,
    pembagian: "proporsional",
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

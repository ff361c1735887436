/**
 * Texts of the demo shop "Mebel Jati Nusantara" (Jepara). Plain data, no I/O: seed.ts turns
 * it into rows and images.ts into pictures. Prices are free text like the operators type them.
 */
import type { FurnitureSpec } from "./draw";
import type { BannerText, GalleryScene } from "./images";

export const SHOP = {
  nama_toko: "Mebel Jati Nusantara",
  kota: "Jepara",
  alamat: "Jl. Raya Jepara–Kudus Km 5, Tahunan\nJepara, Jawa Tengah 59427",
  email: "halo@mebeljatinusantara.co.id",
  whatsapp: "081234567890",
  instagram: "https://www.instagram.com/mebeljatinusantara",
  facebook: "https://www.facebook.com/mebeljatinusantara",
  // Embed URL only; the iframe markup comes from the app's own template.
  maps:
    "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3962.4!2d110.6912!3d-6.6241!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x2e711f7b6a3c1d2b%3A0x4f1c2a9e8d7b6c5a!2sMebel%20Jati%20Nusantara!5e0!3m2!1sid!2sid!4v1718000000000!5m2!1sid!2sid",
};

export const OPERATOR_PROFILE = {
  name: "Operator Toko",
  email: "operator@mebeljatinusantara.co.id",
  no_hp: "081234567890",
};

export interface BranchData {
  kantor_cabang: string;
  alamat: string;
  kontak: string;
}

export const BRANCHES: BranchData[] = [
  {
    kantor_cabang: "Gudang Jepara",
    alamat: "Jl. Raya Jepara–Kudus Km 5, Tahunan, Jepara, Jawa Tengah 59427",
    kontak: "081234567890",
  },
  {
    kantor_cabang: "Cabang Semarang",
    alamat: "Jl. Majapahit No. 218, Pedurungan, Semarang, Jawa Tengah 50192",
    kontak: "081325567812",
  },
  {
    kantor_cabang: "Cabang Yogyakarta",
    alamat: "Jl. Magelang Km 6,5 No. 41, Sinduadi, Mlati, Sleman, DI Yogyakarta 55284",
    kontak: "082134908877",
  },
  {
    kantor_cabang: "Cabang Surabaya",
    alamat: "Jl. Raya Darmo Permai III No. 12, Dukuh Pakis, Surabaya, Jawa Timur 60226",
    kontak: "085733120456",
  },
];

export const mapsLink = (alamat: string) => `https://maps.google.com/?q=${encodeURIComponent(alamat)}`;

export interface ProductData {
  nama: string;
  harga: string;
  deskripsi: string;
  art: FurnitureSpec;
}

export interface CategoryData {
  kategori: string;
  produk: ProductData[];
}

// Wood tones: jati natural, jati tua, mahoni, sonokeling, jati belanda, duco putih.
const JATI = "#a0652d";
const JATI_TUA = "#7b4a2a";
const MAHONI = "#7b3f2a";
const SONO = "#5a3522";
const BELANDA = "#c89b66";
const DUCO = "#ece5d8";
const TREMBESI = "#9a6a3e";

// Upholstery: linen, sage, terakota, navy, mustard, abu, dusty rose.
const LINEN = "#e6dcc8";
const SAGE = "#9aae8f";
const TERAKOTA = "#c2703d";
const NAVY = "#3e4c63";
const MUSTARD = "#c9a045";
const ABU = "#8d8a84";
const ROSE = "#c99a94";

export const CATEGORIES: CategoryData[] = [
  {
    kategori: "Kursi Tamu",
    produk: [
      {
        nama: "Kursi Tamu Jati Minimalis Ukir",
        harga: "8750000",
        deskripsi:
          "Set kursi tamu 3-1-1 dari kayu jati solid Jepara dengan ukiran bunga melati di sandaran. Finishing natural melamin doff, dudukan busa rebonded berlapis kain linen yang bisa dilepas untuk dicuci.\nUkuran sofa 3 dudukan 190 x 80 x 95 cm, kursi single 80 x 75 x 95 cm.",
        art: { kind: "sofa", wood: JATI, fabric: SAGE, style: "ukir", count: 3 },
      },
      {
        nama: "Sofa Jati Retro Tiga Dudukan",
        harga: "6450000",
        deskripsi:
          "Sofa bergaya retro 70-an dengan kaki tirus dan rangka jati grade A. Jok kain bertekstur warna terakota, jahitan rapi dan kuat.\nUkuran 185 x 78 x 82 cm, tinggi dudukan 43 cm.",
        art: { kind: "sofa", wood: JATI_TUA, fabric: TERAKOTA, style: "retro", count: 3 },
      },
      {
        nama: "Set Kursi Tamu Jepara Sudut L",
        harga: "Mulai 12.500.000",
        deskripsi:
          "Sofa sudut model L yang bisa dipesan kiri atau kanan, rangka jati oven dengan kadar air di bawah 12%. Pilihan kain dan warna finishing bisa disesuaikan.\nUkuran standar 260 x 190 x 85 cm; harga tergantung ukuran dan kain.",
        art: { kind: "sofa", wood: JATI, fabric: NAVY, style: "", count: 3 },
      },
      {
        nama: "Sofa Scandinavian Jati Belanda",
        harga: "4750000",
        deskripsi:
          "Sofa dua dudukan dengan rangka terbuka dari kayu jati belanda yang ringan dan berserat halus. Finishing clear doff water-based yang aman untuk anak.\nUkuran 150 x 76 x 80 cm.",
        art: { kind: "sofa", wood: BELANDA, fabric: LINEN, style: "jati", count: 2 },
      },
      {
        nama: "Kursi Tamu Mahoni Klasik Rahwana",
        harga: "9950000",
        deskripsi:
          "Kursi tamu klasik model Rahwana dari kayu mahoni dengan ukiran tangan khas Jepara di lengan dan sandaran. Finishing salak brown mengilap, jok kain beludru.\nSofa 3 dudukan 200 x 85 x 110 cm, sudah termasuk meja tamu 120 x 60 cm.",
        art: { kind: "sofa", wood: MAHONI, fabric: MUSTARD, style: "ukir", count: 3 },
      },
    ],
  },
  {
    kategori: "Meja Makan",
    produk: [
      {
        nama: "Set Meja Makan Jati 6 Kursi",
        harga: "11800000",
        deskripsi:
          "Set meja makan keluarga dari jati solid dengan enam kursi berdudukan jok. Daun meja tebal 4 cm dengan sambungan pen dan pasak, finishing natural doff anti noda.\nMeja 180 x 90 x 76 cm, kursi 45 x 50 x 95 cm.",
        art: { kind: "dining", wood: JATI, fabric: LINEN, style: "rect", count: 6 },
      },
      {
        nama: "Meja Makan Bundar Jati Solid",
        harga: "5250000",
        deskripsi:
          "Meja makan bundar dengan kaki tunggal bubut, pas untuk ruang makan mungil. Dilengkapi empat kursi jok kain abu.\nDiameter meja 110 cm, tinggi 76 cm.",
        art: { kind: "dining", wood: JATI_TUA, fabric: ABU, style: "round", count: 4 },
      },
      {
        nama: "Meja Makan Trembesi Live Edge",
        harga: "Mulai 14.000.000",
        deskripsi:
          "Daun meja utuh dari satu lembar kayu trembesi dengan tepi alami (live edge), dilapis epoxy bening di bagian retak alami. Setiap meja punya serat yang berbeda.\nPanjang 200–240 cm, lebar 90–100 cm, tebal 5 cm; kaki jati atau besi sesuai pesanan.",
        art: { kind: "dining", wood: TREMBESI, fabric: LINEN, style: "live", count: 6 },
      },
      {
        nama: "Set Meja Makan Minimalis 4 Kursi",
        harga: "6900000",
        deskripsi:
          "Set meja makan minimalis dengan kaki tirus dan kursi sandaran jari-jari. Finishing walnut doff yang hangat dan mudah dirawat.\nMeja 140 x 80 x 76 cm, kursi 42 x 48 x 90 cm.",
        art: { kind: "dining", wood: SONO, fabric: SAGE, style: "retro", count: 4 },
      },
      {
        nama: "Meja Makan Lipat Mahoni",
        harga: "3450000",
        deskripsi:
          "Meja makan dengan daun lipat di kedua sisi, cocok untuk apartemen. Kayu mahoni finishing natural, engsel kuningan.\nUkuran terbuka 150 x 80 cm, terlipat 60 x 80 cm, tinggi 75 cm.",
        art: { kind: "dining", wood: MAHONI, fabric: ROSE, style: "rect", count: 2 },
      },
    ],
  },
  {
    kategori: "Lemari",
    produk: [
      {
        nama: "Lemari Pakaian Jati 3 Pintu Ukir",
        harga: "9750000",
        deskripsi:
          "Lemari pakaian tiga pintu dengan mahkota ukir dan panel pintu timbul. Bagian dalam berisi gantungan baju, rak susun dan dua laci kecil berkunci.\nUkuran 160 x 60 x 210 cm, finishing jati tua doff.",
        art: { kind: "wardrobe", wood: JATI_TUA, fabric: TERAKOTA, style: "ukir", count: 3 },
      },
      {
        nama: "Lemari Pakaian Minimalis 2 Pintu",
        harga: "4950000",
        deskripsi:
          "Lemari dua pintu bergaya minimalis dari jati solid dengan handle kuningan. Rak dalam bisa diatur tingginya.\nUkuran 100 x 55 x 190 cm.",
        art: { kind: "wardrobe", wood: JATI, fabric: LINEN, style: "", count: 2 },
      },
      {
        nama: "Lemari Hias Kaca Jati",
        harga: "6850000",
        deskripsi:
          "Lemari hias (vitrin) dengan pintu kaca bening 5 mm untuk memajang piring, guci dan koleksi. Rak kaca di dalam, laci di bagian bawah.\nUkuran 120 x 45 x 200 cm, finishing natural semi gloss.",
        art: { kind: "wardrobe", wood: JATI, fabric: NAVY, style: "kaca", count: 2 },
      },
      {
        nama: "Lemari Anak Duco Putih 2 Pintu",
        harga: "3750000",
        deskripsi:
          "Lemari anak dengan cat duco putih tulang yang lembut dan tidak berbau. Sudut dibuat membulat agar aman untuk anak.\nUkuran 90 x 50 x 170 cm.",
        art: { kind: "wardrobe", wood: DUCO, fabric: ROSE, style: "duco", count: 2 },
      },
      {
        nama: "Lemari Sliding Jati Modern 4 Pintu",
        harga: "Mulai 15.900.000",
        deskripsi:
          "Lemari pakaian empat pintu geser dengan rel aluminium senyap, cocok untuk kamar yang sempit. Panel pintu bermotif garis horizontal.\nLebar 200–240 cm, tinggi 220 cm, dalam 60 cm; ukuran bisa dipesan custom.",
        art: { kind: "wardrobe", wood: BELANDA, fabric: LINEN, style: "sliding", count: 4 },
      },
    ],
  },
  {
    kategori: "Tempat Tidur",
    produk: [
      {
        nama: "Tempat Tidur Jati Ukir Jepara 180x200",
        harga: "12500000",
        deskripsi:
          "Tempat tidur king size dengan sandaran kepala berukir motif daun dan bunga khas Jepara. Rangka jati solid, papan dasar multipleks 18 mm.\nUntuk kasur 180 x 200 cm, tinggi sandaran 140 cm.",
        art: { kind: "bed", wood: JATI_TUA, fabric: MUSTARD, style: "ukir" },
      },
      {
        nama: "Dipan Minimalis Jati 160x200",
        harga: "5750000",
        deskripsi:
          "Dipan minimalis dengan sandaran polos dan kaki pendek. Finishing natural doff yang menonjolkan serat jati.\nUntuk kasur 160 x 200 cm, tinggi sandaran 110 cm.",
        art: { kind: "bed", wood: JATI, fabric: SAGE, style: "" },
      },
      {
        nama: "Ranjang Anak Tingkat Mahoni",
        harga: "6250000",
        deskripsi:
          "Ranjang susun untuk dua anak dengan tangga di sisi dan pagar pengaman di tingkat atas. Kayu mahoni kuat, finishing non-toxic.\nUntuk kasur 90 x 200 cm, tinggi total 165 cm.",
        art: { kind: "bed", wood: MAHONI, fabric: NAVY, style: "bunk" },
      },
      {
        nama: "Tempat Tidur Panel Sandaran Jok",
        harga: "7450000",
        deskripsi:
          "Tempat tidur dengan sandaran berlapis jok kancing (tufted) yang empuk untuk bersandar. Rangka jati, kain bisa dipilih dari katalog.\nUntuk kasur 160 x 200 cm, tinggi sandaran 120 cm.",
        art: { kind: "bed", wood: SONO, fabric: ROSE, style: "jok" },
      },
      {
        nama: "Dipan Laci Sorong Jati 160x200",
        harga: "6950000",
        deskripsi:
          "Dipan dengan dua laci sorong besar di sisi bawah untuk menyimpan sprei dan selimut. Rel laci full extension.\nUntuk kasur 160 x 200 cm, tinggi rangka 45 cm.",
        art: { kind: "bed", wood: JATI, fabric: NAVY, style: "laci" },
      },
    ],
  },
  {
    kategori: "Bufet & Rak TV",
    produk: [
      {
        nama: "Bufet TV Jati Minimalis 180 cm",
        harga: "3950000",
        deskripsi:
          "Bufet TV rendah dengan dua pintu dan ruang terbuka di tengah untuk perangkat. Lubang kabel di panel belakang.\nUkuran 180 x 45 x 55 cm, muat TV hingga 65 inci.",
        art: { kind: "cabinet", wood: BELANDA, fabric: MUSTARD, style: "tv" },
      },
      {
        nama: "Rak TV Gantung Jati Belanda",
        harga: "1850000",
        deskripsi:
          "Rak TV gantung (floating) yang dipasang di dinding sehingga lantai tetap lega. Termasuk bracket besi tersembunyi.\nUkuran 160 x 35 x 30 cm, beban maksimal 40 kg.",
        art: { kind: "cabinet", wood: BELANDA, fabric: SAGE, style: "gantung" },
      },
      {
        nama: "Bufet Klasik Ukir Jepara 4 Laci",
        harga: "7250000",
        deskripsi:
          "Bufet klasik dengan empat laci berukir dan handle kuningan antik. Cocok untuk ruang makan atau ruang tamu bergaya klasik.\nUkuran 120 x 45 x 90 cm, finishing jati tua semi gloss.",
        art: { kind: "cabinet", wood: JATI_TUA, fabric: TERAKOTA, style: "ukir" },
      },
      {
        nama: "Rak Buku Jati 5 Susun",
        harga: "2750000",
        deskripsi:
          "Rak buku lima susun dari jati solid dengan papan rak tebal 2,5 cm yang tidak melengkung. Bisa dipakai sebagai partisi ruangan.\nUkuran 90 x 35 x 180 cm.",
        art: { kind: "bookshelf", wood: BELANDA, fabric: NAVY, count: 3 },
      },
      {
        nama: "Meja TV Retro Kaki Tirus",
        harga: "2450000",
        deskripsi:
          "Meja TV bergaya retro dengan pintu anyaman rotan sintetis dan kaki tirus miring. Finishing natural doff.\nUkuran 150 x 40 x 60 cm.",
        art: { kind: "cabinet", wood: JATI, fabric: LINEN, style: "retro" },
      },
    ],
  },
  {
    kategori: "Kursi Teras / Outdoor",
    produk: [
      {
        nama: "Kursi Teras Jati Santai",
        harga: "1450000",
        deskripsi:
          "Kursi teras dengan sandaran jari-jari dan lengan lebar untuk meletakkan cangkir kopi. Kayu jati tahan cuaca dengan finishing teak oil.\nUkuran 60 x 65 x 90 cm.",
        art: { kind: "terraceChair", wood: JATI, fabric: SAGE, style: "arm" },
      },
      {
        nama: "Set Kursi Teras Bundar 2 Kursi",
        harga: "3250000",
        deskripsi:
          "Set teras berisi dua kursi santai dan satu meja bundar kecil. Bantal dudukan berbahan outdoor yang cepat kering.\nMeja diameter 60 cm, kursi 58 x 60 x 88 cm.",
        art: { kind: "terraceSet", wood: JATI, fabric: TERAKOTA },
      },
      {
        nama: "Kursi Malas Jati Lipat",
        harga: "2150000",
        deskripsi:
          "Kursi malas model lipat dengan sandaran rebah yang nyaman untuk membaca. Bisa dilipat dan disimpan saat musim hujan.\nUkuran terbuka 60 x 110 x 95 cm.",
        art: { kind: "lounger", wood: JATI_TUA, fabric: MUSTARD },
      },
      {
        nama: "Bangku Taman Jati 150 cm",
        harga: "2850000",
        deskripsi:
          "Bangku taman tiga dudukan dengan bilah-bilah jati tebal dan sandaran melengkung. Sambungan baut stainless agar tidak berkarat.\nUkuran 150 x 60 x 90 cm.",
        art: { kind: "bench", wood: TREMBESI, fabric: LINEN },
      },
      {
        nama: "Kursi Goyang Jati Klasik",
        harga: "Mulai 1.950.000",
        deskripsi:
          "Kursi goyang klasik dengan ayunan halus dan bantal sandaran. Kayu jati dipilih dari bagian teras kayu yang padat.\nUkuran 65 x 90 x 100 cm; harga belum termasuk bantal motif.",
        art: { kind: "terraceChair", wood: JATI_TUA, fabric: ROSE, style: "goyang" },
      },
    ],
  },
  {
    kategori: "Dekorasi",
    produk: [
      {
        nama: "Cermin Hias Bingkai Ukir Jati",
        harga: "1250000",
        deskripsi:
          "Cermin berdiri dengan bingkai oval berukir dan kaki penyangga. Kaca cermin 5 mm anti buram.\nUkuran 70 x 45 x 170 cm.",
        art: { kind: "mirror", wood: JATI_TUA, fabric: LINEN },
      },
      {
        nama: "Pot Tanaman Kayu Jati Berkaki",
        harga: "450000",
        deskripsi:
          "Pot tanaman dari kayu jati dengan dudukan berkaki, bagian dalam dilapis plastik agar tidak lembap. Cocok untuk monstera atau sirih gading.\nDiameter 35 cm, tinggi total 75 cm.",
        art: { kind: "plant", wood: JATI, fabric: SAGE, style: "berkaki" },
      },
      {
        nama: "Rak Dinding Akar Jati",
        harga: "650000",
        deskripsi:
          "Set tiga rak dinding dari potongan akar jati dengan bentuk alami yang unik. Pemasangan dengan bracket tersembunyi.\nPanjang 60–80 cm, dalam 20 cm.",
        art: { kind: "wallShelf", wood: JATI, fabric: TERAKOTA },
      },
      {
        nama: "Lampu Lantai Kayu Jati",
        harga: "1150000",
        deskripsi:
          "Lampu lantai berkaki tiga dari kayu jati dengan kap kain linen. Cahaya hangat untuk sudut baca.\nTinggi 155 cm, diameter kap 45 cm, fitting E27.",
        art: { kind: "lamp", wood: BELANDA, fabric: LINEN },
      },
      {
        nama: "Set Vas Kayu Jati Bubut (3 pcs)",
        harga: "Mulai 1.200.000",
        deskripsi:
          "Tiga vas kayu jati hasil bubut tangan dengan tinggi berbeda, finishing minyak alami. Cantik diisi ranting kering atau bunga kering.\nTinggi 25, 35 dan 45 cm.",
        art: { kind: "vases", wood: JATI, fabric: MUSTARD },
      },
      {
        nama: "Pot Lantai Jati Sirih Gading",
        harga: "375000",
        deskripsi:
          "Pot lantai kayu jati bentuk kerucut, sudah termasuk tanaman sirih gading. Alas karet agar lantai tidak tergores.\nDiameter 30 cm, tinggi pot 35 cm.",
        art: { kind: "plant", wood: SONO, fabric: SAGE, style: "" },
      },
    ],
  },
];

export const BANNERS: Array<{ text: BannerText; pieces: FurnitureSpec[] }> = [
  {
    text: {
      headline: ["Koleksi Jati", "Terbaru"],
      sub: "Kayu jati solid Jepara, dikerjakan tangan oleh pengrajin kami.",
      cta: "Lihat Koleksi",
    },
    pieces: [
      { kind: "sofa", wood: JATI, fabric: SAGE, style: "ukir", count: 3 },
      { kind: "plant", wood: JATI, fabric: SAGE, style: "berkaki" },
      { kind: "lamp", wood: JATI_TUA, fabric: LINEN },
    ],
  },
  {
    text: {
      headline: ["Diskon Akhir Tahun", "s.d. 30%"],
      sub: "Untuk meja makan, lemari dan tempat tidur pilihan.",
      cta: "Belanja Sekarang",
    },
    pieces: [
      { kind: "dining", wood: JATI_TUA, fabric: LINEN, style: "rect", count: 6 },
      { kind: "plant", wood: SONO, fabric: SAGE, style: "" },
    ],
  },
  {
    text: {
      headline: ["Pesan Custom", "Sesuai Ukuran"],
      sub: "Ukuran, kain dan warna finishing sesuai keinginan Anda.",
      cta: "Konsultasi Gratis",
    },
    pieces: [
      { kind: "wardrobe", wood: JATI, fabric: TERAKOTA, style: "ukir", count: 3 },
      { kind: "mirror", wood: JATI_TUA, fabric: LINEN },
      { kind: "vases", wood: BELANDA, fabric: MUSTARD },
    ],
  },
  {
    text: {
      headline: ["Gratis Ongkir", "Se-Jawa Tengah"],
      sub: "Dikirim dengan armada sendiri, dirakit di rumah Anda.",
      cta: "Hubungi Kami",
    },
    pieces: [
      { kind: "bed", wood: JATI, fabric: NAVY, style: "" },
      { kind: "lamp", wood: BELANDA, fabric: LINEN },
    ],
  },
];

export const REVIEWS: Array<{ ulasan: string; oleh: string }> = [
  {
    ulasan:
      "Set meja makan jatinya kokoh dan finishingnya halus sekali. Pengiriman ke Semarang tepat waktu dan tim langsung merakit di rumah.",
    oleh: "Ibu Ratna, Semarang",
  },
  {
    ulasan:
      "Pesan lemari custom ukuran 2 meter, hasilnya persis seperti gambar. Adminnya sabar menjawab pertanyaan lewat WhatsApp.",
    oleh: "Bapak Hendra, Surabaya",
  },
  {
    ulasan:
      "Sofa retronya jadi pusat perhatian di ruang tamu. Kainnya tebal dan jahitannya rapi. Terima kasih Mebel Jati Nusantara!",
    oleh: "Mbak Dinda, Yogyakarta",
  },
  {
    ulasan:
      "Sudah tiga kali belanja di sini untuk mengisi homestay kami. Harga jujur, kualitas kayu tidak pernah mengecewakan.",
    oleh: "Bapak Wayan, Sleman",
  },
  {
    ulasan:
      "Ranjang tingkat untuk anak-anak sangat kuat dan sudutnya aman. Anak saya senang sekali dengan tangganya.",
    oleh: "Ibu Sari, Kudus",
  },
  {
    ulasan:
      "Datang langsung ke gudang di Jepara, pilihannya banyak dan bisa lihat proses produksinya. Pelayanan ramah.",
    oleh: "Bapak Agus, Demak",
  },
  {
    ulasan:
      "Kursi terasnya tetap bagus walau kena hujan dan panas setahun. Recommended untuk yang cari furnitur outdoor.",
    oleh: "Ibu Maya, Salatiga",
  },
];

export const GALLERY: GalleryScene[] = [
  {
    pieces: [
      { spec: { kind: "sofa", wood: JATI, fabric: SAGE, style: "jati", count: 3 }, x: 560, maxW: 560, maxH: 360 },
      { spec: { kind: "lamp", wood: BELANDA, fabric: LINEN }, x: 190, maxW: 160, maxH: 440 },
      { spec: { kind: "plant", wood: TERAKOTA, fabric: SAGE }, x: 1000, maxW: 200, maxH: 360 },
    ],
    decor: ["art", "rug"],
  },
  {
    pieces: [{ spec: { kind: "dining", wood: JATI_TUA, fabric: LINEN, style: "rect", count: 6 }, x: 600, maxW: 760, maxH: 460 }],
    decor: ["window", "pendant"],
  },
  {
    pieces: [
      { spec: { kind: "bed", wood: JATI, fabric: NAVY, style: "ukir" }, x: 560, maxW: 700, maxH: 420 },
      { spec: { kind: "cabinet", wood: JATI, fabric: MUSTARD, style: "ukir" }, x: 1040, maxW: 180, maxH: 200 },
    ],
    decor: ["arch", "rug"],
  },
  {
    pieces: [
      { spec: { kind: "wardrobe", wood: MAHONI, fabric: TERAKOTA, style: "ukir", count: 2 }, x: 300, maxW: 300, maxH: 500 },
      { spec: { kind: "wardrobe", wood: JATI, fabric: NAVY, style: "kaca", count: 2 }, x: 640, maxW: 300, maxH: 500 },
      { spec: { kind: "wardrobe", wood: BELANDA, fabric: LINEN, style: "", count: 2 }, x: 960, maxW: 300, maxH: 480 },
    ],
    decor: [],
  },
  {
    pieces: [
      { spec: { kind: "terraceSet", wood: JATI, fabric: TERAKOTA }, x: 560, maxW: 720, maxH: 420 },
      { spec: { kind: "plant", wood: SONO, fabric: SAGE, style: "berkaki" }, x: 1060, maxW: 220, maxH: 420 },
    ],
    decor: ["window"],
  },
  {
    pieces: [
      { spec: { kind: "cabinet", wood: BELANDA, fabric: MUSTARD, style: "tv" }, x: 600, maxW: 620, maxH: 440 },
      { spec: { kind: "plant", wood: JATI, fabric: SAGE }, x: 1020, maxW: 200, maxH: 360 },
    ],
    decor: ["arch"],
  },
  {
    pieces: [
      { spec: { kind: "bookshelf", wood: JATI, fabric: NAVY, count: 5 }, x: 330, maxW: 320, maxH: 520 },
      { spec: { kind: "sofa", wood: JATI_TUA, fabric: TERAKOTA, style: "retro", count: 1 }, x: 760, maxW: 300, maxH: 320 },
      { spec: { kind: "lamp", wood: JATI, fabric: LINEN }, x: 1030, maxW: 150, maxH: 420 },
    ],
    decor: ["rug"],
  },
  {
    pieces: [
      { spec: { kind: "bench", wood: TREMBESI, fabric: LINEN }, x: 520, maxW: 520, maxH: 360 },
      { spec: { kind: "vases", wood: JATI, fabric: MUSTARD }, x: 960, maxW: 260, maxH: 360 },
    ],
    decor: ["window", "art"],
  },
  {
    pieces: [
      { spec: { kind: "mirror", wood: JATI_TUA, fabric: LINEN }, x: 360, maxW: 260, maxH: 560 },
      { spec: { kind: "bed", wood: DUCO, fabric: ROSE, style: "jok" }, x: 800, maxW: 560, maxH: 380 },
    ],
    decor: ["pendant"],
  },
];

const ABOUT_HTML = `
<h2>Tentang Mebel Jati Nusantara</h2>
<p>Mebel Jati Nusantara lahir di <strong>Jepara</strong> pada tahun 2009 dari sebuah bengkel ukir keluarga di Desa Tahunan. Hari ini kami mengerjakan kursi tamu, meja makan, lemari, tempat tidur dan dekorasi rumah bersama lebih dari 40 pengrajin lokal.</p>
<p>Setiap produk dibuat dari kayu jati dan mahoni bersertifikat legal (SVLK) yang dikeringkan di oven sampai kadar air di bawah 12%, sehingga tidak mudah retak atau melengkung.</p>
<h3>Kenapa memilih kami</h3>
<ul>
  <li>Kayu solid grade A, bukan partikel atau veneer.</li>
  <li>Sambungan pen dan pasak tradisional yang kuat puluhan tahun.</li>
  <li>Finishing water-based yang aman untuk keluarga.</li>
  <li>Garansi rangka 5 tahun dan layanan purna jual di setiap cabang.</li>
</ul>
<p>Kunjungi showroom kami di Jepara, Semarang, Yogyakarta dan Surabaya, atau hubungi kami lewat WhatsApp untuk konsultasi gratis.</p>`;

const COOPERATION_HTML = `
<h2>Kerja Sama</h2>
<p>Kami terbuka untuk kerja sama dengan <strong>hotel, villa, kafe, kantor, arsitek dan desainer interior</strong> yang membutuhkan furnitur kayu dalam jumlah besar atau desain khusus.</p>
<h3>Yang kami tawarkan</h3>
<ul>
  <li>Produksi sesuai gambar kerja dan sampel material.</li>
  <li>Harga proyek dan termin pembayaran yang fleksibel.</li>
  <li>Pengiriman ke seluruh Indonesia dan siap ekspor (dokumen SVLK lengkap).</li>
  <li>Pendampingan pemasangan oleh tim kami.</li>
</ul>
<h3>Alur kerja sama</h3>
<ol>
  <li>Kirim kebutuhan dan denah ruangan lewat email atau WhatsApp.</li>
  <li>Kami siapkan penawaran dan contoh finishing dalam 3 hari kerja.</li>
  <li>Produksi dimulai setelah sampel disetujui.</li>
</ol>
<p>Hubungi tim proyek kami di <a href="mailto:halo@mebeljatinusantara.co.id">halo@mebeljatinusantara.co.id</a>.</p>`;

export const PROFIL: Array<{ jenis: "tentang-kami" | "kerja-sama"; html: string }> = [
  { jenis: "tentang-kami", html: ABOUT_HTML },
  { jenis: "kerja-sama", html: COOPERATION_HTML },
];

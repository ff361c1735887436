/**
 * The papers the institute prints and signs, made on request as PDF (nothing is stored: each is
 * made again from the data as it is now, so a corrected name or a new signatory prints at once):
 * - a proposal's lembar pengesahan (approval sheet) and, once funded, its surat perjanjian
 *   (research contract) with the amount in figures and in words;
 * - an SK penetapan with its attachment, the winners' table;
 * - a project's monev berita acara, its scores once given (blank lines before, to fill in by
 *   hand at the visit).
 * Letterhead and signatories come from Setting. Each maker takes the viewer and answers null to
 * whoever may not read that paper (the route answers 404): the proposal's papers follow the
 * proposal's own rule (usulanDetail), and a blind skema's reviewer gets none — they name the team.
 */
import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { fakultas, monev, penetapan, periode, prodi, skema, usulan, users } from "../../../../db/schema";
import { getSetting, type Setting } from "~/domain/setting/setting.server";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { adaKontrak, type NaskahUsulan } from "~/domain/lppm/naskah/naskah";
import { getPeriode } from "~/domain/lppm/master/periode.server";
import { getMonev } from "~/domain/lppm/monev/monev.server";
import { usulanDetail, type UsulanDetail } from "~/domain/lppm/usulan/read.server";
import type { UsulanViewer } from "~/domain/lppm/usulan/access.server";
import type { Db } from "~/lib/server/db.server";
import { renderNaskah, type Blok, type Kop, type Penandatangan } from "~/lib/server/naskah-pdf.server";
import { readUploadedImage } from "~/lib/server/uploads.server";
import { rupiahResmi } from "~/lib/util/rupiah";
import { terbilangRupiah } from "~/lib/util/terbilang";
import { tanggalPanjang } from "~/lib/util/wib";

/** A made paper: its bytes and the name it is saved under. */
export type NaskahPdf = { bytes: Uint8Array; nama: string };

const LEMBAGA = "Lembaga Penelitian dan Pengabdian kepada Masyarakat";
/** A blank to fill by hand, where the data has nothing yet (a signatory not set, a date to come). */
const KOSONG = "..................................";

function kopOf(setting: Setting): Kop {
  const logo = setting.kop_logo ? readUploadedImage(setting.kop_logo) : null;
  return {
    institusi: setting.kop_institusi,
    lembaga: setting.nama_lppm.trim() || LEMBAGA,
    alamat: setting.kop_alamat,
    logo,
  };
}

function kepala(setting: Setting, atas?: string): Penandatangan {
  return { atas, peran: `${setting.ttd_kepala_jabatan.trim() || "Kepala LPPM"},`, nama: setting.ttd_kepala_nama, nomor: `NIP. ${setting.ttd_kepala_nip || KOSONG}` };
}

function sekretaris(setting: Setting, atas?: string): Penandatangan {
  return { atas, peran: `${setting.ttd_sekretaris_jabatan.trim() || "Sekretaris LPPM"},`, nama: setting.ttd_sekretaris_nama, nomor: `NIP. ${setting.ttd_sekretaris_nip || KOSONG}` };
}

const nidn = (value: string | null | undefined) => `NIDN. ${value || KOSONG}`;
const kegiatan = (jenis: Jenis) => (jenis === "penelitian" ? "Penelitian" : "Pengabdian kepada Masyarakat");
const ketuaLabel = (jenis: Jenis) => (jenis === "penelitian" ? "Ketua Peneliti" : "Ketua Pelaksana");

/** The approval sheet: what is proposed, by whom, for how much; signed by the ketua and the Kepala LPPM. */
function lembarPengesahan(detail: UsulanDetail & { tim: NonNullable<UsulanDetail["tim"]> }, setting: Setting, now: Date): Blok[] {
  const { usulan: u, tim } = detail;
  const anggota = tim.anggota.filter((a) => a.status === "DITERIMA");
  const tanggal = tanggalPanjang(u.diajukan_at ?? now);
  return [
    { jenis: "judul", teks: "HALAMAN PENGESAHAN" },
    { jenis: "judul", teks: `USULAN ${kegiatan(u.jenis).toUpperCase()}`, ukuran: 11 },
    { jenis: "spasi", tinggi: 6 },
    {
      jenis: "isian",
      baris: [
        ["Judul", u.judul],
        ["Skema", detail.skema.nama],
        ["Tahun Anggaran", String(detail.periode.tahun)],
        [ketuaLabel(u.jenis), ""],
        ["   a. Nama Lengkap", tim.ketua.nama],
        ["   b. NIDN", tim.ketua.nidn ?? "-"],
        ["   c. Jabatan Fungsional", tim.ketua.jabatan ?? "-"],
        ["   d. Program Studi", tim.ketua.prodi ?? "-"],
        ["   e. Fakultas", tim.ketua.fakultas ?? "-"],
        ["Anggota Dosen", anggota.length ? anggota.map((a, i) => `${i + 1}. ${a.nama} (NIDN ${a.nidn ?? "-"})`).join("\n") : "-"],
        ["Anggota Mahasiswa", tim.mahasiswa.length ? tim.mahasiswa.map((m, i) => `${i + 1}. ${m.nama} (NIM ${m.nim})`).join("\n") : "-"],
        ...(u.mitra.nama ? ([["Mitra", u.mitra.nama]] as [string, string][]) : []),
        ["Lama Kegiatan", `${u.lama_bulan} bulan`],
        ["Biaya Diusulkan", rupiahResmi(u.dana_diusulkan)],
        ...(u.dana_disetujui !== null ? ([["Dana Disetujui", rupiahResmi(u.dana_disetujui)]] as [string, string][]) : []),
      ],
    },
    { jenis: "spasi", tinggi: 10 },
    {
      jenis: "ttd",
      kolom: [
        { ...kepala(setting, "Menyetujui,") },
        { atas: tanggal, peran: `${ketuaLabel(u.jenis)},`, nama: tim.ketua.nama, nomor: nidn(tim.ketua.nidn) },
      ],
    },
  ];
}

type SkInfo = { nomor_sk: string; tanggal_sk: Date };

/** The decree that funded it, for the contract's preamble. */
function skOf(db: Db, usulanId: number): SkInfo | null {
  return (
    db
      .select({ nomor_sk: penetapan.nomor_sk, tanggal_sk: penetapan.tanggal_sk })
      .from(usulan)
      .innerJoin(penetapan, eq(penetapan.id, usulan.id_penetapan))
      .where(eq(usulan.id, usulanId))
      .get() ?? null
  );
}

/** The research contract between the Kepala LPPM (first party) and the ketua (second party). */
function kontrak(db: Db, detail: UsulanDetail & { tim: NonNullable<UsulanDetail["tim"]> }, setting: Setting): Blok[] {
  const { usulan: u, tim } = detail;
  const dana = u.dana_disetujui ?? 0;
  const sk = skOf(db, u.id);
  const sumber = getPeriode(db, detail.periode.id)?.sumber_dana.trim() || "anggaran LPPM";
  const ttdKepala = kepala(setting);
  const luaran = detail.luaran.map((l, i) => `${i + 1}. ${l.jenis}${l.target ? ` (${l.target})` : ""}`).join("\n");
  const pasal = (nomor: number, judul: string, teks: string): Blok[] => [
    { jenis: "paragraf", teks: `Pasal ${nomor}`, tebal: true, tengah: true },
    { jenis: "paragraf", teks: judul, tebal: true, tengah: true },
    { jenis: "paragraf", teks },
  ];
  return [
    { jenis: "judul", teks: `SURAT PERJANJIAN PELAKSANAAN ${kegiatan(u.jenis).toUpperCase()}` },
    { jenis: "paragraf", teks: `Nomor: ${KOSONG}`, tengah: true },
    {
      jenis: "paragraf",
      teks: sk
        ? `Berdasarkan Keputusan Kepala LPPM Nomor ${sk.nomor_sk} tanggal ${tanggalPanjang(sk.tanggal_sk)} tentang penetapan penerima hibah, yang bertanda tangan di bawah ini:`
        : "Yang bertanda tangan di bawah ini:",
    },
    { jenis: "isian", baris: [["1. Nama", ttdKepala.nama || KOSONG], ["    NIP", setting.ttd_kepala_nip || KOSONG], ["    Jabatan", ttdKepala.peran.replace(/,$/, "")]] },
    { jenis: "paragraf", teks: "selanjutnya disebut PIHAK PERTAMA;" },
    {
      jenis: "isian",
      baris: [
        ["2. Nama", tim.ketua.nama],
        ["    NIDN", tim.ketua.nidn ?? "-"],
        ["    Program Studi", [tim.ketua.prodi, tim.ketua.fakultas].filter(Boolean).join(", ") || "-"],
        ["    Jabatan", ketuaLabel(u.jenis)],
      ],
    },
    { jenis: "paragraf", teks: "selanjutnya disebut PIHAK KEDUA. Kedua pihak sepakat mengikatkan diri dalam perjanjian ini dengan ketentuan sebagai berikut." },
    ...pasal(1, "Ruang Lingkup", `PIHAK PERTAMA memberi tugas kepada PIHAK KEDUA, dan PIHAK KEDUA menerima tugas itu, untuk melaksanakan ${kegiatan(u.jenis).toLowerCase()} berjudul "${u.judul}" pada skema ${detail.skema.nama} tahun anggaran ${detail.periode.tahun}.`),
    ...pasal(2, "Dana", `PIHAK PERTAMA memberikan dana sebesar ${rupiahResmi(dana)} (${terbilangRupiah(dana)}) kepada PIHAK KEDUA, yang dibebankan pada ${sumber}.`),
    ...pasal(3, "Jangka Waktu", `Kegiatan dilaksanakan selama ${u.lama_bulan} bulan sesuai jadwal periode, termasuk laporan kemajuan, monitoring dan evaluasi internal, serta laporan akhir.`),
    ...pasal(4, "Luaran", luaran ? `PIHAK KEDUA wajib menghasilkan luaran:\n${luaran}` : "PIHAK KEDUA wajib menghasilkan luaran yang ditetapkan skema."),
    ...pasal(5, "Kewajiban Pelaporan", "PIHAK KEDUA mengisi catatan harian, menyampaikan laporan kemajuan dan laporan akhir beserta realisasi anggaran melalui sistem LPPM dalam jadwal yang ditetapkan."),
    { jenis: "spasi", tinggi: 10 },
    {
      jenis: "ttd",
      kolom: [
        { ...ttdKepala, atas: "PIHAK PERTAMA," },
        { atas: "PIHAK KEDUA,", peran: `${ketuaLabel(u.jenis)},`, nama: tim.ketua.nama, nomor: nidn(tim.ketua.nidn) },
      ],
    },
  ];
}

/** Who reads a proposal's approval sheet and contract: whoever reads it with its team (not a blind reviewer). */
function detailWithTeam(db: Db, viewer: UsulanViewer, usulanId: number) {
  const detail = usulanDetail(db, viewer, usulanId);
  if (!detail || detail.blind || !detail.tim) return null;
  return detail as UsulanDetail & { tim: NonNullable<UsulanDetail["tim"]> };
}

function monevBlok(
  monevDetail: NonNullable<ReturnType<typeof getMonev>>,
  dinilaiAt: Date | null,
  detail: UsulanDetail & { tim: NonNullable<UsulanDetail["tim"]> },
  setting: Setting,
): Blok[] {
  const { usulan: u, tim } = detail;
  const m = monevDetail.monev;
  const dinilai = m?.status === "DINILAI" && m.total_nilai !== null;
  const skor = new Map((m?.items ?? []).map((item) => [item.urutan, item]));
  const kriteria = m && m.items.length ? m.items : monevDetail.kriteria;
  const angka = (n: number) => n.toLocaleString("id-ID", { maximumFractionDigits: 2 });
  return [
    { jenis: "judul", teks: "BERITA ACARA MONITORING DAN EVALUASI INTERNAL" },
    { jenis: "judul", teks: `${kegiatan(u.jenis).toUpperCase()} TAHUN ${detail.periode.tahun}`, ukuran: 11 },
    {
      jenis: "paragraf",
      teks: `Pada tanggal ${dinilai && dinilaiAt ? tanggalPanjang(dinilaiAt) : KOSONG} telah dilaksanakan monitoring dan evaluasi internal atas kegiatan berikut:`,
    },
    {
      jenis: "isian",
      baris: [
        ["Judul", u.judul],
        ["Skema", detail.skema.nama],
        [ketuaLabel(u.jenis), `${tim.ketua.nama} (NIDN ${tim.ketua.nidn ?? "-"})`],
        ["Reviewer Monev", m?.reviewer ?? KOSONG],
      ],
    },
    {
      jenis: "tabel",
      kolom: [
        { judul: "No", lebar: 1 },
        { judul: "Kriteria", lebar: 8 },
        { judul: "Bobot (%)", lebar: 2, kanan: true },
        { judul: "Skor (0–100)", lebar: 2, kanan: true },
        { judul: "Nilai", lebar: 2, kanan: true },
      ],
      baris: kriteria.map((k, i) => {
        const s = dinilai ? skor.get(k.urutan) : undefined;
        return [String(i + 1), k.kriteria, String(k.bobot), s ? String(s.skor) : "", s ? angka((s.bobot * s.skor) / 100) : ""];
      }),
    },
    {
      jenis: "isian",
      baris: [
        ["Total Nilai", dinilai ? angka(m.total_nilai!) : KOSONG],
        ["Predikat", dinilai ? (m.grade ?? "") : KOSONG],
        ["Catatan", dinilai ? m.catatan || "-" : KOSONG],
      ],
    },
    {
      jenis: "ttd",
      kolom: [
        { peran: "Reviewer Monev,", nama: m?.reviewer ?? "", nomor: "" },
        { peran: `${ketuaLabel(u.jenis)},`, nama: tim.ketua.nama, nomor: nidn(tim.ketua.nidn) },
      ],
    },
    { jenis: "ttd", kolom: [sekretaris(setting, "Mengetahui,")] },
  ];
}

/**
 * One of a proposal's papers for this viewer, or null when they may not read it (or it does not
 * exist yet: no contract before funding, no berita acara before a monev is assigned).
 */
export async function naskahUsulan(db: Db, viewer: UsulanViewer, usulanId: number, naskah: NaskahUsulan, now = new Date()): Promise<NaskahPdf | null> {
  const setting = getSetting(db);
  if (naskah === "berita-acara-monev") {
    // Who reads the monev (the LPPM office, its monev reviewer) reads its berita acara.
    const monevDetail = getMonev(db, viewer, usulanId, now);
    if (!monevDetail?.monev) return null;
    // The monev meets the team: its reviewer reads the names (getMonev has checked who asks).
    const detail = usulanDetail(db, viewer, usulanId);
    if (!detail?.tim) return null;
    const dinilaiAt = db.select({ at: monev.dinilai_at }).from(monev).where(eq(monev.id, monevDetail.monev.id)).get()?.at ?? null;
    const blok = monevBlok(monevDetail, dinilaiAt, detail as UsulanDetail & { tim: NonNullable<UsulanDetail["tim"]> }, setting);
    return { bytes: await renderNaskah({ judul: `Berita Acara Monev — ${detail.usulan.judul}`, kop: kopOf(setting), blok }), nama: `berita-acara-monev-usulan-${usulanId}.pdf` };
  }
  const detail = detailWithTeam(db, viewer, usulanId);
  if (!detail) return null;
  if (naskah === "lembar-pengesahan") {
    const blok = lembarPengesahan(detail, setting, now);
    return { bytes: await renderNaskah({ judul: `Lembar Pengesahan — ${detail.usulan.judul}`, kop: kopOf(setting), blok }), nama: `lembar-pengesahan-usulan-${usulanId}.pdf` };
  }
  if (!adaKontrak(detail.usulan)) return null;
  const blok = kontrak(db, detail, setting);
  return { bytes: await renderNaskah({ judul: `Surat Perjanjian — ${detail.usulan.judul}`, kop: kopOf(setting), blok }), nama: `kontrak-usulan-${usulanId}.pdf` };
}

/** "12/LPPM/2026" → "12-lppm-2026": an SK number in a file name. */
function namaBerkasSk(nomor: string): string {
  return nomor.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "sk";
}

/**
 * An SK penetapan and its attachment (the proposals it funded, with their ketua and amount), or
 * null for an SK that does not exist. The route is the Kepala-LPPM's (their board lists the SKs).
 */
export async function naskahSk(db: Db, penetapanId: number): Promise<NaskahPdf | null> {
  const sk = db
    .select({ nomor_sk: penetapan.nomor_sk, tanggal_sk: penetapan.tanggal_sk, tahun: periode.tahun, skema: skema.nama, jenis: skema.jenis, sumber_dana: periode.sumber_dana })
    .from(penetapan)
    .innerJoin(periode, eq(periode.id, penetapan.id_periode))
    .innerJoin(skema, eq(skema.id, periode.id_skema))
    .where(eq(penetapan.id, penetapanId))
    .get();
  if (!sk) return null;
  const pemenang = db
    .select({ judul: usulan.judul, dana: usulan.dana_disetujui, ketua: users.name, nidn: users.nidn, prodi: prodi.nama, fakultas: fakultas.nama })
    .from(usulan)
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
    .where(and(eq(usulan.id_penetapan, penetapanId), ne(usulan.status, "TIDAK_DIDANAI"), isNotNull(usulan.dana_disetujui)))
    .orderBy(asc(users.name), asc(usulan.id))
    .all();
  const setting = getSetting(db);
  const total = pemenang.reduce((sum, p) => sum + (p.dana ?? 0), 0);
  const hibah = `${JENIS_LABELS[sk.jenis].toUpperCase()} SKEMA ${sk.skema.toUpperCase()} TAHUN ${sk.tahun}`;
  const tanggal = tanggalPanjang(sk.tanggal_sk);
  const blok: Blok[] = [
    { jenis: "judul", teks: `KEPUTUSAN ${(setting.ttd_kepala_jabatan.trim() || "Kepala LPPM").toUpperCase()}` },
    { jenis: "paragraf", teks: `NOMOR ${sk.nomor_sk}`, tebal: true, tengah: true },
    { jenis: "paragraf", teks: "TENTANG", tebal: true, tengah: true },
    { jenis: "paragraf", teks: `PENETAPAN PENERIMA HIBAH ${hibah}`, tebal: true, tengah: true },
    { jenis: "spasi", tinggi: 8 },
    {
      jenis: "isian",
      baris: [
        ["Menimbang", `bahwa usulan ${JENIS_LABELS[sk.jenis].toLowerCase()} skema ${sk.skema} tahun ${sk.tahun} telah melalui seleksi administrasi, penilaian substansi oleh reviewer, verifikasi, dan rekomendasi, sehingga perlu ditetapkan penerima hibahnya.`],
        ["Mengingat", "Pedoman hibah penelitian dan pengabdian kepada masyarakat LPPM yang berlaku."],
      ],
    },
    { jenis: "paragraf", teks: "MEMUTUSKAN", tebal: true, tengah: true },
    {
      jenis: "isian",
      baris: [
        ["Menetapkan", `Penerima hibah ${hibah.toLowerCase()} sebanyak ${pemenang.length} judul dengan dana seluruhnya ${rupiahResmi(total)} (${terbilangRupiah(total)}), sebagaimana tercantum dalam Lampiran keputusan ini.`],
        ["Kedua", `Dana dibebankan pada ${sk.sumber_dana.trim() || "anggaran LPPM"}.`],
        ["Ketiga", "Keputusan ini berlaku sejak tanggal ditetapkan."],
      ],
    },
    { jenis: "ttd", kolom: [kepala(setting, `Ditetapkan tanggal ${tanggal}`)] },
    { jenis: "halaman-baru" },
    { jenis: "paragraf", teks: `LAMPIRAN KEPUTUSAN ${(setting.ttd_kepala_jabatan.trim() || "Kepala LPPM").toUpperCase()}`, tebal: true },
    { jenis: "isian", baris: [["Nomor", sk.nomor_sk], ["Tanggal", tanggal]] },
    { jenis: "paragraf", teks: `DAFTAR PENERIMA HIBAH ${hibah}`, tebal: true, tengah: true },
    {
      jenis: "tabel",
      kolom: [
        { judul: "No", lebar: 1 },
        { judul: "Ketua", lebar: 5 },
        { judul: "Program Studi", lebar: 4 },
        { judul: "Judul", lebar: 8 },
        { judul: "Dana Disetujui", lebar: 4, kanan: true },
      ],
      baris: [
        ...pemenang.map((p, i) => [String(i + 1), `${p.ketua}\nNIDN ${p.nidn ?? "-"}`, [p.prodi, p.fakultas].filter(Boolean).join(", ") || "-", p.judul, rupiahResmi(p.dana ?? 0)]),
        ["", "Jumlah", "", "", rupiahResmi(total)],
      ],
    },
    { jenis: "ttd", kolom: [kepala(setting)] },
  ];
  return { bytes: await renderNaskah({ judul: `SK ${sk.nomor_sk}`, kop: kopOf(setting), blok }), nama: `sk-${namaBerkasSk(sk.nomor_sk)}.pdf` };
}

/**
 * Data of the penetapan tests (tests/integration/lppm-penetapan*.test.ts): a faculty and study
 * programme, a skema and a periode whose windows are all open, the LPPM office, two proposers
 * and two reviewers, and proposals scored by both reviewers (the review step's rows written
 * directly: penugasan_reviewer totals and penilaian_item scores), plus area requests with real
 * sessions through the area layout's middleware.
 */
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import type { Role } from "../../app/domain/users/roles";
import type { RootDb } from "../../app/lib/server/db.server";
import { startSession } from "../../app/http/session.server";
import { storeDocument } from "../../app/lib/server/documents.server";
import { saveJenisInsentif, savePeriodeInsentif } from "../../app/domain/lppm/insentif/master.server";
import { rubrikInsentif } from "../../app/domain/lppm/master/rubrik.server";
import type { EvaluasiInsentifInput } from "../../app/domain/lppm/insentif/insentif.schema";
import { addUser } from "./data";
import { toFormData, type FormFields } from "./operator-helpers";
import { withinLayouts } from "./app-routes";
import { runRoute, TEST_ORIGIN, type RouteResult } from "./route";
import { KRITERIA_SUBSTANSI as KRITERIA } from "./lppm-kriteria";
import { simplePdf } from "../../scripts/seed/lppm-demo/pdf";

export const DAY = 24 * 60 * 60 * 1000;

export type Person = { id: number; name: string; roles: Role[]; cookie: string };

export type PenetapanWorld = {
  periodeId: number;
  skemaId: number;
  prodiId: number;
  people: Record<"sekretaris" | "kepala" | "operator" | "pengusul" | "pengusulLain" | "reviewer1" | "reviewer2" | "verifikator", Person>;
};

/** A user with `roles` (and a study programme or verified faculty) and a session cookie. */
export async function person(
  db: RootDb,
  name: string,
  roles: Role[],
  over: { nidn?: string; id_prodi?: number; id_fakultas_verifikasi?: number } = {},
): Promise<Person> {
  const user = await addUser(db, roles, { name, nidn: over.nidn ?? null });
  if (over.id_prodi || over.id_fakultas_verifikasi) {
    db.update(schema.users)
      .set({ id_prodi: over.id_prodi ?? null, id_fakultas_verifikasi: over.id_fakultas_verifikasi ?? null })
      .where(eq(schema.users.id, user.id))
      .run();
  }
  const setCookie = await startSession(new Request(`${TEST_ORIGIN}/login`), user.id);
  return { id: user.id, name, roles, cookie: setCookie.split(";")[0]! };
}

/** Windows relative to `now`: every stage open from a day ago to a week ahead unless `closed`. */
export function windows(now: Date, closed: readonly string[] = []) {
  const stages = ["pengajuan", "review", "penetapan", "perbaikan", "laporan_kemajuan", "monev", "laporan_akhir"];
  const values: Record<string, Date> = {};
  for (const stage of stages) {
    const past = closed.includes(stage);
    values[`${stage}_buka`] = new Date(now.getTime() - (past ? 10 : 1) * DAY);
    values[`${stage}_tutup`] = new Date(now.getTime() + (past ? -5 : 7) * DAY);
  }
  return values;
}

export async function penetapanWorld(db: RootDb, options: { kuota?: number; anggaran?: number; closed?: string[] } = {}): Promise<PenetapanWorld> {
  const now = new Date();
  const fakultasId = db.insert(schema.fakultas).values({ nama: `Fakultas Teknik ${Math.random()}` }).returning().get().id;
  const prodiId = db.insert(schema.prodi).values({ id_fakultas: fakultasId, nama: "Teknik Informatika" }).returning().get().id;
  const skemaId = db
    .insert(schema.skema)
    .values({ jenis: "penelitian", nama: `Penelitian Dasar Internal ${Math.random()}`, dana_maksimal: 50_000_000, honor_maks_persen: 10 })
    .returning()
    .get().id;
  const periodeId = db
    .insert(schema.periode)
    .values({
      tahun: 2026,
      id_skema: skemaId,
      sumber_dana: "DIPA",
      anggaran_total: options.anggaran ?? 100_000_000,
      kuota_judul: options.kuota ?? 3,
      ...windows(now, options.closed),
    })
    .returning()
    .get().id;
  const people = {
    sekretaris: await person(db, "Sekretaris LPPM", ["Sekretaris-LPPM"]),
    kepala: await person(db, "Kepala LPPM", ["Kepala-LPPM"]),
    operator: await person(db, "Operator LPPM", ["Operator"]),
    pengusul: await person(db, "Dr. Budi Santoso", ["Pengusul"], { nidn: "0011223344", id_prodi: prodiId }),
    pengusulLain: await person(db, "Dr. Sari Dewi", ["Pengusul"], { nidn: "0011223355", id_prodi: prodiId }),
    reviewer1: await person(db, "Prof. Reviewer Satu", ["Reviewer-Internal"]),
    reviewer2: await person(db, "Dr. Reviewer Dua", ["Reviewer-External"]),
    verifikator: await person(db, "Verifikator Teknik", ["Verifikator-Fakultas"], { id_fakultas_verifikasi: fakultasId }),
  };
  return { periodeId, skemaId, prodiId, people };
}


/**
 * A proposal of the world's periode in `status`, reviewed in round 1 by both reviewers with
 * every criterion at skor1 / skor2 (totals 100 × skor), recommending dana1 / dana2.
 */
export function addScoredUsulan(
  db: RootDb,
  world: PenetapanWorld,
  options: {
    judul: string;
    status?: string;
    ketua?: Person;
    skor?: [number, number];
    dana?: number;
    rekomendasi?: [number, number];
    dana_disetujui?: number | null;
  },
): number {
  const [skor1, skor2] = options.skor ?? [6, 5];
  const dana = options.dana ?? 20_000_000;
  const [rek1, rek2] = options.rekomendasi ?? [dana - 2_000_000, dana];
  const now = new Date();
  const id = db
    .insert(schema.usulan)
    .values({
      id_periode: world.periodeId,
      jenis: "penelitian",
      id_ketua: (options.ketua ?? world.people.pengusul).id,
      status: options.status ?? "DINILAI",
      judul: options.judul,
      ringkasan: `Ringkasan ${options.judul}`,
      dana_diusulkan: dana,
      dana_disetujui: options.dana_disetujui ?? null,
      putaran_review: 1,
      nilai_rata: (100 * skor1 + 100 * skor2) / 2,
      diajukan_at: now,
    })
    .returning()
    .get().id;
  db.insert(schema.usulanRab)
    .values([
      { id_usulan: id, kelompok: "Honor", item: "Honor peneliti", satuan: "OB", volume: 1, harga_satuan: dana / 10, jumlah: dana / 10 },
      { id_usulan: id, kelompok: "Bahan", item: "Bahan penelitian", satuan: "paket", volume: 1, harga_satuan: dana - dana / 10, jumlah: dana - dana / 10 },
    ])
    .run();
  for (const [reviewer, skor, rek] of [
    [world.people.reviewer1, skor1, rek1],
    [world.people.reviewer2, skor2, rek2],
  ] as const) {
    const penugasanId = db
      .insert(schema.penugasanReviewer)
      .values({
        id_usulan: id,
        id_reviewer: reviewer.id,
        putaran: 1,
        tenggat: new Date(now.getTime() + 7 * DAY),
        administrasi_lolos: true,
        administrasi_at: now,
        total_nilai: 100 * skor,
        rekomendasi: "Layak didanai",
        dana_rekomendasi: rek,
        catatan: `Catatan ${reviewer.name}`,
        substansi_at: now,
      })
      .returning()
      .get().id;
    KRITERIA.forEach(([kriteria, bobot], i) =>
      db
        .insert(schema.penilaianItem)
        .values({ id_penugasan: penugasanId, tahap: "substansi", kriteria, urutan: i + 1, bobot, skor, nilai: bobot * skor, justifikasi: `Alasan ${kriteria} ${reviewer.name}` })
        .run(),
    );
  }
  return id;
}

export function statusOf(db: RootDb, id: number) {
  return db.select().from(schema.usulan).where(eq(schema.usulan.id, id)).get()!;
}

type Fn = (args: never) => unknown;
type AreaModule = { loader?: Fn; action?: Fn };

/**
 * A request to an area page the way React Router runs it: the middleware of the layouts above it
 * (module switch, session and role) first, then the page's loader or action. `who`: a person, or null (anonymous).
 */
export async function areaRequest(
  mod: AreaModule,
  path: string,
  who: Person | null,
  options: { form?: FormFields | FormData; params?: Record<string, string> } = {},
): Promise<RouteResult> {
  const headers: Record<string, string> = who ? { Cookie: who.cookie } : {};
  const post = options.form !== undefined;
  const request = new Request(`${TEST_ORIGIN}${path}`, post ? { method: "POST", body: toFormData(options.form!), headers: { ...headers, Origin: TEST_ORIGIN } } : { headers });
  const fn = post ? mod.action : mod.loader;
  if (!fn) throw new Error(`no ${post ? "action" : "loader"}`);
  return runRoute(
    (async (args: never) => withinLayouts(request.url, args, () => fn(args))) as Fn,
    request,
    options.params ?? {},
  );
}

export function pdfFile(name = "perbaikan.pdf", text = "Perbaikan usulan", metadata: Omit<Parameters<typeof simplePdf>[0], "lines"> = {}) {
  return new File([simplePdf({ lines: [text], ...metadata })], name, { type: "application/pdf" });
}

/** A funded proposal with one stored perbaikan PDF (for tests that walk every route): the document's id. */
export async function addPerbaikanDokumen(db: RootDb, existing?: PenetapanWorld): Promise<number> {
  const world = existing ?? (await penetapanWorld(db));
  const idUsulan = addScoredUsulan(db, world, { judul: "Usulan dengan dokumen perbaikan", status: "DIDANAI", dana_disetujui: 15_000_000 });
  const stored = await storeDocument(pdfFile(), "perbaikan", ["pdf"]);
  return db
    .insert(schema.usulanDokumen)
    .values({ id_usulan: idUsulan, ronde: "perbaikan", versi: 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: world.people.pengusul.id })
    .returning()
    .get().id;
}

/** A 1×1 PNG: a daily note's photo. */
export const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A daily note of proposal `idUsulan` by `idPenulis` with one stored photo: the photo's (bukti) id. */
export async function addCatatanBukti(db: RootDb, idUsulan: number, idPenulis: number): Promise<number> {
  const foto = await storeDocument(new File([PNG_1X1], "foto.png"), "catatan", ["pdf", "jpg", "png"]);
  const catatan = db
    .insert(schema.catatanHarian)
    .values({ id_usulan: idUsulan, id_penulis: idPenulis, tanggal: "2026-11-20", kegiatan: "Survei", capaian: 10, kelompok: "Bahan", biaya: 0 })
    .returning()
    .get().id;
  return db.insert(schema.catatanHarianBukti).values({ id_catatan: catatan, file: foto.file, nama_file: foto.nama_file, ukuran: foto.ukuran }).returning().get().id;
}

/**
 * A funded project of a periode of its own (so the world's periode keeps tranches it may still
 * change) with its first tranche paid and the transfer's proof stored: the payment's id.
 */
export async function addPembayaranBukti(db: RootDb, world: PenetapanWorld, operatorId: number): Promise<number> {
  const periodeId = db.insert(schema.periode).values({ tahun: 2025, id_skema: world.skemaId, anggaran_total: 50_000_000, kuota_judul: 2 }).returning().get().id;
  const usulanId = db
    .insert(schema.usulan)
    .values({ id_periode: periodeId, jenis: "penelitian", id_ketua: world.people.pengusul.id, judul: "Proyek yang sudah dibayar", status: "BERJALAN", dana_disetujui: 10_000_000 })
    .returning()
    .get().id;
  const terminId = db.insert(schema.terminDana).values({ id_periode: periodeId, urutan: 1, nama: "Termin 1", persen: 100, syarat: "DIDANAI" }).returning().get().id;
  const bukti = await storeDocument(pdfFile("transfer.pdf", "Bukti transfer"), "pembayaran", ["pdf", "jpg", "png"]);
  return db
    .insert(schema.pembayaranDana)
    .values({ id_usulan: usulanId, id_termin: terminId, tanggal: "2026-11-20", jumlah: 10_000_000, nomor_referensi: "TRF-1", file: bukti.file, nama_file: bukti.nama_file, ukuran: bukti.ukuran, id_pencatat: operatorId })
    .returning()
    .get().id;
}

/**
 * A running project whose monev was scored by `reviewerId` (the world's reviewer 1 by default),
 * with a stored berita acara: the project's id (for tests that walk every route).
 */
export async function addMonevBeritaAcara(db: RootDb, world?: PenetapanWorld, reviewerId?: number): Promise<number> {
  const w = world ?? (await penetapanWorld(db));
  const id = addScoredUsulan(db, w, { judul: "Proyek dengan monev", status: "BERJALAN", dana_disetujui: 15_000_000 });
  db.insert(schema.laporan).values({ id_usulan: id, jenis: "kemajuan", status: "DITERIMA", capaian: 50, realisasi: 0, ringkasan: "Laporan kemajuan." }).run();
  const stored = await storeDocument(pdfFile("berita-acara.pdf", "Berita acara monev"), "monev", ["pdf"]);
  db.insert(schema.monev)
    .values({
      id_usulan: id,
      id_reviewer: reviewerId ?? w.people.reviewer1.id,
      status: "DINILAI",
      tenggat: new Date(Date.now() + DAY),
      total_nilai: 75,
      berita_acara_file: stored.file,
      berita_acara_nama: stored.nama_file,
      berita_acara_ukuran: stored.ukuran,
      dinilai_at: new Date(),
    })
    .run();
  return id;
}

/**
 * A submitted publication-incentive claim by `pengusulId`, assigned to `reviewerId`, with one
 * stored evidence PDF (for tests that walk every route): the claim's and the file's ids.
 */
export async function addInsentifBukti(db: RootDb, pengusulId: number, reviewerId: number): Promise<{ insentif: number; bukti: number }> {
  const tahun = new Date().getFullYear();
  const jenis = db.insert(schema.jenisInsentif).values({ jenis: "Jurnal nasional terakreditasi", peringkat: "Sinta 3", tarif_utama: 4_000_000 }).returning().get().id;
  const periode =
    db.select({ id: schema.periodeInsentif.id }).from(schema.periodeInsentif).where(eq(schema.periodeInsentif.tahun, tahun)).get()?.id ??
    db.insert(schema.periodeInsentif).values({ tahun, anggaran_total: 50_000_000, pengajuan_buka: new Date(Date.now() - DAY), pengajuan_tutup: new Date(Date.now() + DAY) }).returning().get().id;
  const insentif = db
    .insert(schema.insentif)
    .values({ id_periode: periode, id_pengusul: pengusulId, id_jenis: jenis, status: "DIAJUKAN", judul: "Artikel yang dijaga", nama_wadah: "Jurnal", tahun, peran: "pertama", jumlah_penulis: 2, id_reviewer: reviewerId, tenggat: new Date(Date.now() + DAY) })
    .returning()
    .get().id;
  const stored = await storeDocument(pdfFile("bukti-insentif.pdf", "Bukti insentif"), "insentif", ["pdf"]);
  const bukti = db.insert(schema.insentifBukti).values({ id_insentif: insentif, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran }).returning().get().id;
  return { insentif, bukti };
}

/**
 * The incentives' master data the claim tests work in: one tariff row (Jurnal nasional
 * terakreditasi, Sinta 2: Rp 5.000.000, co-authors Rp 1.000.000 but not entitled) and this
 * year's call (Rp 12.000.000, open from yesterday for 30 days).
 */
export function insentifWorld(db: RootDb): { jenisId: number; periodeId: number } {
  const jenis = saveJenisInsentif(db, {
    jenis: "Jurnal nasional terakreditasi",
    peringkat: "Sinta 2",
    tarif_utama: 5_000_000,
    tarif_anggota: 1_000_000,
    anggota_boleh: false,
    pembagian: "per_peran",
    porsi_utama: 60,
    aturan: "Terindeks SINTA pada saat terbit.",
    aktif: true,
  });
  const periode = savePeriodeInsentif(db, {
    tahun: new Date().getFullYear(),
    anggaran_total: 12_000_000,
    pengajuan_buka: new Date(Date.now() - DAY),
    pengajuan_tutup: new Date(Date.now() + 30 * DAY),
  });
  if (!("id" in jenis) || !("id" in periode)) throw new Error("master data not saved");
  return { jenisId: jenis.id, periodeId: periode.id };
}

/** The ids of the insentif rubric's criteria, in order (the reviewer's checklist). */
export function kriteriaInsentif(db: RootDb): number[] {
  return rubrikInsentif(db)?.kriteria.map((k) => k.id) ?? [];
}

/** The reviewer's complete evaluation as the domain takes it: every criterion of the rubric met, Rp 4.500.000. */
export function evaluasiLengkap(db: RootDb, over: Partial<EvaluasiInsentifInput> = {}): EvaluasiInsentifInput {
  const ids = kriteriaInsentif(db);
  return { kriteria: ids, butir: ids, nominal_rekomendasi: 4_500_000, catatan: "", ...over };
}

/** A publication-incentive claim as the lecturer posts it ('Simpan'), for the claim kind `jenisId`. */
export function klaimForm(jenisId: number, over: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "simpan",
    id_jenis: String(jenisId),
    judul: "Pengeringan Kayu Jati dengan Tenaga Surya",
    nama_wadah: "Jurnal Teknik Kayu",
    issn_isbn: "1234-567X",
    doi_url: "https://doi.org/10.1234/JTK.2026.15",
    tahun: String(new Date().getFullYear()),
    volume_nomor: "Vol. 5 No. 2",
    peran: "pertama",
    jumlah_penulis: "3",
    ...over,
  };
}

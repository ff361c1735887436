/** The master-data forms' rules (client and server share them). */
import { describe, expect, it } from "vitest";
import { periodeSchema } from "~/domain/lppm/master/periode.schema";
import { barisFromForm, kriteriaSchema } from "~/domain/lppm/master/rubrik.schema";
import { skemaSchema } from "~/domain/lppm/master/skema.schema";
import { fakultasSchema, prodiSchema } from "~/domain/lppm/master/fakultas.schema";
import { templateCreateSchema, templateUpdateSchema } from "~/domain/lppm/master/template.schema";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("periodeSchema", () => {
  const base = { tahun: "2026", id_skema: "1", anggaran_total: "100.000.000", kuota_judul: "5" };

  it("reads windows as WIB, defaults the eligibility limits, leaves unscheduled stages null", () => {
    const v = periodeSchema.parse({ ...base, pengajuan_buka: "2026-01-05T08:00", pengajuan_tutup: "2026-02-05T23:59" });
    expect(v.pengajuan_buka?.toISOString()).toBe("2026-01-05T01:00:00.000Z");
    expect(v).toMatchObject({ maks_ketua: 1, maks_anggota: 2, anggaran_total: 100_000_000, review_buka: null, review_tutup: null });
  });

  it("wants stages in the workflow's order, skipping unscheduled ones; overlaps are fine", () => {
    const ok = periodeSchema.safeParse({
      ...base,
      pengajuan_buka: "2026-01-01T08:00",
      pengajuan_tutup: "2026-03-01T08:00",
      penetapan_buka: "2026-02-15T08:00",
      penetapan_tutup: "2026-03-15T08:00",
    });
    expect(ok.success).toBe(true);
    const early = periodeSchema.safeParse({
      ...base,
      pengajuan_buka: "2026-01-01T08:00",
      pengajuan_tutup: "2026-03-01T08:00",
      laporan_akhir_buka: "2025-12-01T08:00",
      laporan_akhir_tutup: "2026-12-01T08:00",
    });
    expect(issues(early)).toEqual({ laporan_akhir_buka: "Laporan akhir tidak boleh dibuka sebelum pengajuan dibuka." });
    const closesFirst = periodeSchema.safeParse({
      ...base,
      pengajuan_buka: "2026-01-01T08:00",
      pengajuan_tutup: "2026-03-01T08:00",
      review_buka: "2026-01-02T08:00",
      review_tutup: "2026-02-01T08:00",
    });
    expect(issues(closesFirst)).toEqual({ review_tutup: "Review tidak boleh ditutup sebelum pengajuan ditutup." });
  });

  it("refuses an impossible date, a year out of range, a quota of 0", () => {
    expect(issues(periodeSchema.safeParse({ ...base, tahun: "1999", kuota_judul: "0", monev_buka: "2026-02-30T08:00", monev_tutup: "2026-03-30T08:00" }))).toEqual({
      tahun: "Tahun harus antara 2000 dan 2100.",
      kuota_judul: "Kuota judul harus antara 1 dan 10000.",
      monev_buka: "Tanggal buka monev tidak valid.",
    });
  });
});

describe("skemaSchema", () => {
  const base = { jenis: "pengabdian", nama: "PkM Internal", dana_maksimal: "10.000.000" };
  it("one ticked luaran arrives as a string; the list keeps the catalogue's order without repeats", () => {
    expect(skemaSchema.parse({ ...base, luaran_wajib: "HKI" }).luaran_wajib).toEqual(["HKI"]);
    expect(skemaSchema.parse({ ...base, luaran_wajib: ["Video kegiatan", "HKI", "HKI"] }).luaran_wajib).toEqual(["HKI", "Video kegiatan"]);
    expect(skemaSchema.parse(base).luaran_wajib).toEqual([]);
  });
  it("defaults: honor 10 %, 2 members, no students, any jabatan, switched off unless ticked", () => {
    expect(skemaSchema.parse(base)).toMatchObject({ honor_maks_persen: 10, max_anggota_dosen: 2, wajib_mahasiswa: 0, min_jabatan: null, aktif: false });
  });
  it("TKT is a research pair in order", () => {
    const research = { ...base, jenis: "penelitian" };
    expect(issues(skemaSchema.safeParse({ ...research, tkt_min: "3" }))).toEqual({ tkt_max: "Isi TKT minimal dan maksimal, atau kosongkan keduanya." });
    expect(issues(skemaSchema.safeParse({ ...research, tkt_min: "5", tkt_max: "3" }))).toEqual({ tkt_max: "TKT maksimal tidak boleh lebih kecil dari TKT minimal." });
  });
});

describe("kriteriaSchema and the rows of the editor", () => {
  const skor = (name: string) => Object.fromEntries([1, 2, 3, 5, 6, 7].map((s) => [`skor_${s}`, `${name} ${s}`]));
  it("substansi: weights sum to 100, every score described; blank rows ignored; ticked rows dropped", () => {
    const ok = kriteriaSchema("substansi").parse({
      baris: [
        { kriteria: "A", bobot: "60", ...skor("A") },
        { kriteria: "B", bobot: "40", ...skor("B") },
        { kriteria: "C", bobot: "10", hapus: "on", ...skor("C") },
        {},
      ],
    });
    expect(ok.map((k) => [k.kriteria, k.bobot, k.deskripsi_skor?.[7]])).toEqual([
      ["A", 60, "A 7"],
      ["B", 40, "B 7"],
    ]);
    const undescribed = kriteriaSchema("substansi").safeParse({ baris: [{ kriteria: "A", bobot: "100", skor_1: "x" }] });
    expect(issues(undescribed)["baris.0.skor_2"]).toBe("Deskripsi skor 2 wajib diisi.");
    expect(issues(kriteriaSchema("substansi").safeParse({ baris: [{ kriteria: "A", bobot: "100" }] }))["baris.0.skor_1"]).toBe("Deskripsi skor 1 wajib diisi.");
  });
  it("monev: weights sum to 100 and the criterion's text; no score descriptions, an optional guidance text", () => {
    expect(kriteriaSchema("monev").parse({ baris: [{ kriteria: "Luaran wajib", bobot: "70", panduan: "80–100: semua luaran wajib terbit." }, { kriteria: "Realisasi anggaran", bobot: "30" }] })).toEqual([
      { id: null, kriteria: "Luaran wajib", bobot: 70, deskripsi_skor: null, panduan: "80–100: semua luaran wajib terbit." },
      { id: null, kriteria: "Realisasi anggaran", bobot: 30, deskripsi_skor: null, panduan: null },
    ]);
    // Score descriptions an older form might still post are not kept.
    expect(kriteriaSchema("monev").parse({ baris: [{ kriteria: "A", bobot: "100", ...skor("A") }] })[0]!.deskripsi_skor).toBeNull();
    expect(issues(kriteriaSchema("monev").safeParse({ baris: [{ kriteria: "A", bobot: "60" }] }))).toEqual({ "": "Total bobot harus 100 (sekarang 60)." });
    expect(issues(kriteriaSchema("monev").safeParse({ baris: [{ kriteria: "A", bobot: "100", panduan: "x".repeat(1001) }] }))).toEqual({ "baris.0.panduan": "Panduan penilaian maksimal 1000 karakter." });
  });
  it("administrasi and insentif: a checklist without weights; at least one criterion", () => {
    for (const tahap of ["administrasi", "insentif"] as const) {
      expect(kriteriaSchema(tahap).parse({ baris: [{ kriteria: "Komposisi tim" }] })).toEqual([
        { id: null, kriteria: "Komposisi tim", bobot: 0, deskripsi_skor: null, panduan: null },
      ]);
      expect(issues(kriteriaSchema(tahap).safeParse({ baris: [{ kriteria: "X", bobot: "10" }] }))).toEqual({
        "baris.0.bobot": "Kriteria daftar periksa tidak memakai bobot.",
      });
      expect(issues(kriteriaSchema(tahap).safeParse({ baris: [{}] }))).toEqual({ "": "Rubrik harus memiliki minimal satu kriteria." });
    }
  });
  it("barisFromForm reads the posted rows in index order, without ticked ones", () => {
    const form = new FormData();
    form.append("baris[10].kriteria", "Kesepuluh");
    form.append("baris[2].kriteria", "Kedua");
    form.append("baris[2].bobot", "20");
    form.append("baris[3].kriteria", "Dihapus");
    form.append("baris[3].hapus", "on");
    form.append("baris[2].bukan_kolom", "x");
    form.append("nama", "Rubrik");
    expect(barisFromForm(form).map((b) => [b.kriteria, b.bobot])).toEqual([
      ["Kedua", "20"],
      ["Kesepuluh", ""],
    ]);
  });
});

describe("fakultas, prodi and template forms", () => {
  it("need a name (and a faculty); the code is optional", () => {
    expect(fakultasSchema.parse({ nama: " Fakultas Teknik " })).toEqual({ nama: "Fakultas Teknik", kode: "" });
    expect(issues(prodiSchema.safeParse({ nama: "Informatika" }))).toEqual({ id_fakultas: "Fakultas wajib dipilih." });
  });
  it("a new template needs a file; an edit does not", () => {
    const base = { judul: "Panduan", tanggal_versi: "2026-11-01" };
    expect(issues(templateCreateSchema.safeParse(base))).toEqual({ file: "File wajib dipilih." });
    expect(templateUpdateSchema.parse(base)).toMatchObject({ judul: "Panduan", keterangan: "", aktif: false });
  });
});

import { describe, expect, it } from "vitest";
import { aturanTarif, nominalKlaim, type Tarif } from "~/domain/lppm/insentif/tarif";

const perPeran: Tarif = { tarif_utama: 5_000_000, tarif_anggota: 1_000_000, anggota_boleh: true, pembagian: "per_peran", porsi_utama: 60 };
const proporsional: Tarif = { ...perPeran, tarif_utama: 10_000_000, pembagian: "proporsional" };

describe("nominalKlaim: what a claim is worth by its tariff's rule", () => {
  it("per role: the first or corresponding author's amount, the co-author's amount; the number of authors changes nothing", () => {
    for (const peran of ["pertama", "korespondensi"]) {
      for (const jumlah_penulis of [1, 2, 7]) {
        expect(nominalKlaim(perPeran, { peran, jumlah_penulis })).toEqual({ nominal: 5_000_000, cara: "Tarif penulis pertama/korespondensi." });
      }
    }
    expect(nominalKlaim(perPeran, { peran: "anggota", jumlah_penulis: 5 })).toEqual({ nominal: 1_000_000, cara: "Tarif penulis anggota." });
  });

  it("a co-author where co-authors may not claim gets nothing to claim, under either rule", () => {
    expect(nominalKlaim({ ...perPeran, anggota_boleh: false }, { peran: "anggota", jumlah_penulis: 3 })).toBeNull();
    expect(nominalKlaim({ ...proporsional, anggota_boleh: false }, { peran: "anggota", jumlah_penulis: 3 })).toBeNull();
    expect(nominalKlaim({ ...proporsional, anggota_boleh: false }, { peran: "pertama", jumlah_penulis: 3 })).toMatchObject({ nominal: 6_000_000 });
  });

  it("shared by the authors: a sole author gets it all; otherwise the first or corresponding author 60 %, each co-author 40 % ÷ (authors − 1)", () => {
    expect(nominalKlaim(proporsional, { peran: "pertama", jumlah_penulis: 1 })).toEqual({ nominal: 10_000_000, cara: "Penulis tunggal: seluruh Rp. 10.000.000." });
    expect(nominalKlaim(proporsional, { peran: "korespondensi", jumlah_penulis: 3 })).toEqual({
      nominal: 6_000_000,
      cara: "60% dari Rp. 10.000.000 untuk penulis pertama/korespondensi (3 penulis).",
    });
    expect(nominalKlaim(proporsional, { peran: "anggota", jumlah_penulis: 3 })).toEqual({ nominal: 2_000_000, cara: "40% dari Rp. 10.000.000 dibagi 2 penulis anggota." });
    expect(nominalKlaim(proporsional, { peran: "anggota", jumlah_penulis: 2 })).toMatchObject({ nominal: 4_000_000 });
    // The tariff's co-author amount plays no part in a shared amount.
    expect(nominalKlaim({ ...proporsional, tarif_anggota: 9_999_999 }, { peran: "anggota", jumlah_penulis: 5 })).toMatchObject({ nominal: 1_000_000 });
  });

  it("the kind's share of the first author; amounts rounded down to whole rupiah", () => {
    const separuh = { ...proporsional, porsi_utama: 50 };
    expect(nominalKlaim(separuh, { peran: "pertama", jumlah_penulis: 2 })).toMatchObject({ nominal: 5_000_000 });
    expect(nominalKlaim(separuh, { peran: "anggota", jumlah_penulis: 2 })).toMatchObject({ nominal: 5_000_000 });
    expect(nominalKlaim(proporsional, { peran: "anggota", jumlah_penulis: 4 })).toMatchObject({ nominal: 1_333_333 });
    expect(nominalKlaim({ ...proporsional, tarif_utama: 1_000_001, porsi_utama: 70 }, { peran: "pertama", jumlah_penulis: 2 })).toMatchObject({ nominal: 700_000 });
  });

  it("an older co-author's claim that names one author is shared with nobody rather than divided by zero", () => {
    expect(nominalKlaim(proporsional, { peran: "anggota", jumlah_penulis: 1 })).toMatchObject({ nominal: 4_000_000 });
  });
});

describe("aturanTarif: the rule in words for lecturers", () => {
  it("says the amounts and whether the number of authors matters", () => {
    expect(aturanTarif(perPeran)).toBe("Penulis pertama/korespondensi Rp. 5.000.000; penulis anggota Rp. 1.000.000. Jumlah penulis tidak mengubah tarif.");
    expect(aturanTarif({ ...perPeran, anggota_boleh: false })).toBe("Penulis pertama/korespondensi Rp. 5.000.000; penulis anggota tidak berhak. Jumlah penulis tidak mengubah tarif.");
    expect(aturanTarif(proporsional)).toBe(
      "Rp. 10.000.000 per publikasi: penulis tunggal menerima seluruhnya; bila lebih dari satu penulis, penulis pertama/korespondensi 60%, dan 40% dibagi rata kepada penulis anggota.",
    );
    expect(aturanTarif({ ...proporsional, anggota_boleh: false })).toBe(
      "Rp. 10.000.000 per publikasi: penulis tunggal menerima seluruhnya; bila lebih dari satu penulis, penulis pertama/korespondensi 60%; penulis anggota tidak berhak.",
    );
  });
});

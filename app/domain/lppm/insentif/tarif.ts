/**
 * What a claim is worth: the rule of its kind's tariff (jenis_insentif.pembagian) applied to the
 * claimant's role and the publication's number of authors. Client-safe: the lecturer's tariff
 * page, the claim's summary, the reviewer's maximum, the penetapan's proposed amount and the
 * lists all read it from here.
 *
 * Indonesian incentive guidelines pay in one of two ways, so the kind says which:
 * - 'per_peran' (as the national IAJI incentive and most internal guidelines): a fixed amount
 *   per role — tarif_utama to the first or corresponding author, tarif_anggota to a co-author
 *   where co-authors may claim; the number of authors changes nothing.
 * - 'proporsional' (as the angka kredit split of PO PAK, which many universities reuse for their
 *   incentives): tarif_utama is what the publication is worth; a sole author gets all of it,
 *   otherwise the first or corresponding author gets porsi_utama percent (60 by default) and the
 *   co-authors share the rest equally, each (100 − porsi_utama) % ÷ (jumlah_penulis − 1).
 * Amounts are whole rupiah, rounded down (the budget never pays a fraction more).
 */
import { formatRupiah } from "~/lib/util/rupiah";

export const PEMBAGIAN = ["per_peran", "proporsional"] as const;
export type Pembagian = (typeof PEMBAGIAN)[number];

export const PEMBAGIAN_LABELS: Record<Pembagian, string> = {
  per_peran: "Tarif tetap per peran",
  proporsional: "Dibagi menurut jumlah penulis",
};

export const PORSI_UTAMA_BAKU = 60;

/** The tariff of a kind, as the rule reads it. */
export type Tarif = { tarif_utama: number; tarif_anggota: number; anggota_boleh: boolean; pembagian: Pembagian; porsi_utama: number };

/** A claim's amount and, in words, how it follows from the tariff. */
export type Nominal = { nominal: number; cara: string };

const persen = (n: number) => `${n}%`;

/**
 * The amount of a claim by `peran` on a publication of `jumlah_penulis` authors, with how it was
 * reached; null when the role may not claim this kind (a co-author where co-authors may not).
 */
export function nominalKlaim(tarif: Tarif, klaim: { peran: string; jumlah_penulis: number }): Nominal | null {
  const anggota = klaim.peran === "anggota";
  if (anggota && !tarif.anggota_boleh) return null;
  if (tarif.pembagian === "per_peran") {
    return anggota
      ? { nominal: tarif.tarif_anggota, cara: "Tarif penulis anggota." }
      : { nominal: tarif.tarif_utama, cara: "Tarif penulis pertama/korespondensi." };
  }
  const penulis = Math.max(1, klaim.jumlah_penulis);
  const utama = tarif.tarif_utama;
  if (!anggota && penulis === 1) return { nominal: utama, cara: `Penulis tunggal: seluruh ${formatRupiah(utama)}.` };
  if (!anggota) {
    return {
      nominal: Math.floor((utama * tarif.porsi_utama) / 100),
      cara: `${persen(tarif.porsi_utama)} dari ${formatRupiah(utama)} untuk penulis pertama/korespondensi (${penulis} penulis).`,
    };
  }
  // A co-author's claim names at least two authors (the claim form checks it); an older row may not.
  const rekan = Math.max(1, penulis - 1);
  const sisa = 100 - tarif.porsi_utama;
  return {
    nominal: Math.floor((utama * sisa) / 100 / rekan),
    cara: `${persen(sisa)} dari ${formatRupiah(utama)} dibagi ${rekan} penulis anggota.`,
  };
}

/** The kind's rule in one sentence, as lecturers read it before claiming. */
export function aturanTarif(tarif: Tarif): string {
  if (tarif.pembagian === "per_peran") {
    return tarif.anggota_boleh
      ? `Penulis pertama/korespondensi ${formatRupiah(tarif.tarif_utama)}; penulis anggota ${formatRupiah(tarif.tarif_anggota)}. Jumlah penulis tidak mengubah tarif.`
      : `Penulis pertama/korespondensi ${formatRupiah(tarif.tarif_utama)}; penulis anggota tidak berhak. Jumlah penulis tidak mengubah tarif.`;
  }
  const sisa = 100 - tarif.porsi_utama;
  return (
    `${formatRupiah(tarif.tarif_utama)} per publikasi: penulis tunggal menerima seluruhnya; bila lebih dari satu penulis, ` +
    `penulis pertama/korespondensi ${persen(tarif.porsi_utama)}` +
    (tarif.anggota_boleh ? `, dan ${persen(sisa)} dibagi rata kepada penulis anggota.` : `; penulis anggota tidak berhak.`)
  );
}

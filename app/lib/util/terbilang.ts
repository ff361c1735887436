/**
 * An amount in Indonesian words (terbilang), as written beside the figures on a contract or a
 * receipt: 10300000 → "sepuluh juta tiga ratus ribu". Client-safe. Written here rather than taken
 * from npm: the packages that do it are little used (a few thousand downloads a week at most) and
 * this is thirty lines. The rule of Indonesian spelling: se- for one hundred and one thousand
 * only ("seratus", "seribu", but "satu juta").
 */

const SATUAN = ["", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan", "sepuluh", "sebelas"];

/** Scales of a thousand, up to triliun (the forms' MAX_RUPIAH is Rp 1 triliun). */
const SKALA = ["", "ribu", "juta", "miliar", "triliun"];

/** 0–999 in words ("" for 0). */
function ratusan(n: number): string {
  if (n < 12) return SATUAN[n]!;
  if (n < 20) return `${SATUAN[n - 10]} belas`;
  if (n < 100) return [`${SATUAN[Math.floor(n / 10)]} puluh`, ratusan(n % 10)].filter(Boolean).join(" ");
  const ratus = Math.floor(n / 100) === 1 ? "seratus" : `${SATUAN[Math.floor(n / 100)]} ratus`;
  return [ratus, ratusan(n % 100)].filter(Boolean).join(" ");
}

/**
 * A whole number from 0 to 999 triliun in words, lower case ("nol" for 0). Throws on anything
 * else: an amount that cannot be written must not reach a signed paper.
 */
export function terbilang(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1e15) throw new RangeError(`terbilang: ${value}`);
  if (value === 0) return "nol";
  const parts: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0; scale++, rest = Math.floor(rest / 1000)) {
    const group = rest % 1000;
    if (group === 0) continue;
    // "seribu", never "satu ribu"; but "satu juta", "satu miliar".
    const words = scale === 1 && group === 1 ? "seribu" : [ratusan(group), SKALA[scale]].filter(Boolean).join(" ");
    parts.unshift(words);
  }
  return parts.join(" ");
}

/** "sepuluh juta tiga ratus ribu rupiah": an amount in words with its currency. */
export function terbilangRupiah(value: number): string {
  return `${terbilang(value)} rupiah`;
}

/**
 * A lecturer's research identifiers (SINTA, ORCID, Scopus Author ID, Google Scholar ID): the
 * formats their own profile accepts, and the public profile page each one links to wherever the
 * team is listed. Client-safe.
 *
 * Each field also takes the profile's address as copied from the browser (the id is taken out
 * of it), since that is what a lecturer usually has at hand.
 */

/** ORCID's check character (ISO 7064 MOD 11-2) over the first 15 digits. */
export function orcidCheck(digits15: string): string {
  let total = 0;
  for (const ch of digits15) total = (total + Number(ch)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? "X" : String(result);
}

export const ORCID_FORMAT = "ORCID harus berbentuk 0000-0000-0000-000X (16 karakter, angka terakhir boleh X).";
export const ORCID_CHECKSUM = "ORCID tidak valid: angka pemeriksanya (karakter terakhir) tidak cocok. Salin ulang dari orcid.org.";
export const SINTA_FORMAT = "SINTA ID hanya boleh berisi angka (maksimal 12 digit).";
export const SCOPUS_FORMAT = "Scopus Author ID hanya boleh berisi angka (10–11 digit).";
export const SCHOLAR_FORMAT = "Google Scholar ID berisi 12 karakter huruf, angka, - atau _ (bagian user=… pada alamat profil).";

/** The id in a value that may be a profile's address; the value itself otherwise. */
function fromAddress(value: string, pattern: RegExp): string {
  const match = pattern.exec(value);
  return match ? match[1]! : value;
}

type Checked = { ok: true; value: string | null } | { ok: false; message: string };

/** "" clears; otherwise the normalised id, or why it is refused. */
export function cekOrcid(raw: string): Checked {
  const value = fromAddress(raw.trim(), /orcid\.org\/([0-9X-]+)\/?$/i).toUpperCase();
  if (!value) return { ok: true, value: null };
  if (!/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(value)) return { ok: false, message: ORCID_FORMAT };
  const digits = value.replaceAll("-", "");
  if (orcidCheck(digits.slice(0, 15)) !== digits[15]) return { ok: false, message: ORCID_CHECKSUM };
  return { ok: true, value };
}

export function cekSinta(raw: string): Checked {
  const value = fromAddress(raw.trim(), /authors\/profile\/(\d+)/i);
  if (!value) return { ok: true, value: null };
  return /^\d{1,12}$/.test(value) ? { ok: true, value } : { ok: false, message: SINTA_FORMAT };
}

export function cekScopus(raw: string): Checked {
  const value = fromAddress(raw.trim(), /authorId=(\d+)/i);
  if (!value) return { ok: true, value: null };
  return /^\d{10,11}$/.test(value) ? { ok: true, value } : { ok: false, message: SCOPUS_FORMAT };
}

export function cekScholar(raw: string): Checked {
  const value = fromAddress(raw.trim(), /[?&]user=([A-Za-z0-9_-]+)/);
  if (!value) return { ok: true, value: null };
  return /^[A-Za-z0-9_-]{12}$/.test(value) ? { ok: true, value } : { ok: false, message: SCHOLAR_FORMAT };
}

export type IdentitasPeneliti = { sinta_id: string | null; orcid: string | null; scopus_id: string | null; scholar_id: string | null };

/** The profile pages the identifiers name, in this order: SINTA, ORCID, Scopus, Google Scholar. */
export function tautanPeneliti(id: IdentitasPeneliti): { label: string; href: string }[] {
  const links: { label: string; href: string }[] = [];
  if (id.sinta_id) links.push({ label: "SINTA", href: `https://sinta.kemdikbud.go.id/authors/profile/${encodeURIComponent(id.sinta_id)}` });
  if (id.orcid) links.push({ label: "ORCID", href: `https://orcid.org/${encodeURIComponent(id.orcid)}` });
  if (id.scopus_id) links.push({ label: "Scopus", href: `https://www.scopus.com/authid/detail.uri?authorId=${encodeURIComponent(id.scopus_id)}` });
  if (id.scholar_id) links.push({ label: "Google Scholar", href: `https://scholar.google.com/citations?user=${encodeURIComponent(id.scholar_id)}` });
  return links;
}

/** Roles (spec section 6) — client-safe, no server imports. */
export const ROLES = [
  "Pengusul",
  "Reviewer-Internal",
  "Reviewer-External",
  "Verifikator-Fakultas",
  "Kepala-LPPM",
  "Sekretaris-LPPM",
  "Operator",
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Whether these roles open any logged-in area: the back office for an Operator, and while the
 * LPPM module is on, an LPPM area for every other role (app/navigation/areas.ts lists which).
 */
export function opensAnArea(roles: readonly Role[], modulLppm: boolean): boolean {
  return roles.includes("Operator") || (modulLppm && roles.some((role) => role !== "Operator"));
}

/** Reads hak_akses stored as a JSON list (or, from old data, a comma-separated string). */
export function parseRoles(value: string | null | undefined): Role[] {
  if (!value) return [];
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    list = value.split(",");
  }
  if (!Array.isArray(list)) return [];
  return list
    .map((r) => String(r).trim())
    .filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

/** jabatan_akademik: a JSON list string or a comma-separated string, shown as badges. */
export function parseJabatan(value: string | null | undefined): string[] {
  if (!value) return [];
  // Most are one plain title ('Lektor'): a JSON.parse that throws was ~1 % of a proposal
  // page's CPU, so only what looks like JSON is parsed as JSON.
  const first = value.trimStart()[0];
  if (first === "[" || first === '"') {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list)) return list.map(String).map((s) => s.trim()).filter(Boolean);
      if (typeof list === "string") return [list];
    } catch {
      /* not JSON after all: comma-separated */
    }
  }
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}

/** Academic positions (jabatan akademik), lowest first (LPPM.md, "Dosen profile"). */
export const JABATAN_AKADEMIK = ["Tenaga Pengajar", "Asisten Ahli", "Lektor", "Lektor Kepala", "Guru Besar"] as const;
export type JabatanAkademik = (typeof JABATAN_AKADEMIK)[number];

/**
 * The highest known position among a user's jabatan_akademik values (0 = Tenaga Pengajar …
 * 4 = Guru Besar), or -1 when none is one of them (a skema's min_jabatan then refuses).
 */
export function jabatanRank(value: string | null | undefined): number {
  return Math.max(-1, ...parseJabatan(value).map((j) => (JABATAN_AKADEMIK as readonly string[]).indexOf(j)));
}

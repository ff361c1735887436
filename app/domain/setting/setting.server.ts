import { eq } from "drizzle-orm";
import { setting } from "../../../db/schema";
import { readThrough, type Db } from "~/lib/server/db.server";
import { sanitizeAddress } from "~/lib/server/sanitize.server";
import { withStoredImage } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";
import { SETTING_FIELDS, type JadwalCadangan, type SettingInput } from "~/domain/setting/setting.schema";

export type Setting = typeof setting.$inferSelect;

/** The Setting of a shop that never saved one: every text empty, the defaults of the schema. */
export const EMPTY_SETTING: Setting = {
  id: 1,
  nama_toko: "",
  kota: "",
  alamat: "",
  email: "",
  whatsapp: "",
  instagram: "",
  facebook: "",
  maps: "",
  modul_lppm: true,
  zona_waktu: "Asia/Jakarta",
  nama_lppm: "",
  cadangan_jam: 2,
  cadangan_simpan: 7,
  kop_institusi: "",
  kop_alamat: "",
  kop_logo: null,
  ttd_kepala_nama: "",
  ttd_kepala_nip: "",
  ttd_kepala_jabatan: "Kepala LPPM",
  ttd_sekretaris_nama: "",
  ttd_sekretaris_nip: "",
  ttd_sekretaris_jabatan: "Sekretaris LPPM",
  created_at: new Date(0),
  updated_at: new Date(0),
};

/**
 * The single store setting row (id 1); an empty shape when the shop has none yet. Every page
 * shows it (the shell's shop name, the LPPM switch), so it is read once until the database
 * changes.
 */
export function getSetting(db: Db): Setting {
  return readThrough(db, "setting", () => {
    const row = db.select().from(setting).where(eq(setting.id, 1)).get();
    // Stored sanitized; a row an older version or the legacy back end wrote is made safe here too.
    return row ? { ...row, alamat: sanitizeAddress(row.alamat) } : EMPTY_SETTING;
  });
}

/** Who signs the research institute's messages: the Setting's institute name, "LPPM" until it is set. */
export function namaLppm(db: Db): string {
  return getSetting(db).nama_lppm.trim() || "LPPM";
}

// ---- Back office ---------------------------------------------------------------------------

/**
 * The values to store: each field the form carried, and the stored value for each field it
 * did not (a legacy client never sends kota, email or maps). Stored values are kept as they
 * are, even empty: a partial save changes what was sent and nothing else.
 */
export function mergeSetting(stored: Setting, patch: Partial<SettingInput>): SettingInput {
  const merged: Record<string, unknown> = {};
  for (const field of SETTING_FIELDS) {
    const value = patch[field];
    merged[field] = value === undefined ? stored[field] : value;
  }
  return merged as SettingInput;
}

/**
 * Saves the store setting — the single row id 1, created when the shop has none yet — merging
 * the fields given over the stored ones in one transaction (the HTML form gives all of them,
 * the legacy API some).
 */
export function updateSetting(db: Db, patch: Partial<SettingInput>): Setting {
  return db.transaction((tx) => {
    const before = getSetting(tx);
    const values = mergeSetting(before, patch);
    // The address may carry line breaks and a little markup: it is stored sanitized.
    values.alamat = sanitizeAddress(values.alamat);
    const row = tx
      .insert(setting)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: setting.id, set: { ...values, updated_at: new Date() } })
      .returning()
      .get();
    domainChanged(tx, { entity: "setting", action: "ubah", id: 1, before, after: row });
    return row;
  });
}

/**
 * Saves the daily backup's schedule (Cadangan page) into the setting row, created when the shop
 * has none yet; the serving process reads it at its next check (within a minute).
 */
export function updateJadwalCadangan(db: Db, jadwal: JadwalCadangan): Setting {
  return db.transaction((tx) => {
    const before = getSetting(tx);
    const { id: _id, created_at: _c, updated_at: _u, ...stored } = before;
    const row = tx
      .insert(setting)
      .values({ ...stored, ...jadwal, id: 1 })
      .onConflictDoUpdate({ target: setting.id, set: { ...jadwal, updated_at: new Date() } })
      .returning()
      .get();
    domainChanged(tx, { entity: "setting", action: "ubah", id: 1, before, after: row });
    return row;
  });
}

/**
 * Replaces (or, with no file, removes) the logo of the LPPM papers' letterhead: the image is
 * checked by content (JPEG or PNG, under 2 MB) before it is stored, and the old file is removed
 * once the setting no longer points at it. Throws UploadError for a refused file.
 */
export async function saveKopLogo(db: Db, file: File | null): Promise<Setting> {
  return withStoredImage(file, "kop", (stored) =>
    db.transaction((tx) => {
      const before = getSetting(tx);
      const { id: _id, created_at: _c, updated_at: _u, ...rest } = before;
      const row = tx
        .insert(setting)
        .values({ ...rest, id: 1, kop_logo: stored })
        .onConflictDoUpdate({ target: setting.id, set: { kop_logo: stored, updated_at: new Date() } })
        .returning()
        .get();
      domainChanged(tx, { entity: "setting", action: "ubah", id: 1, before, after: row });
      return { result: row, oldFiles: [before.kop_logo] };
    }),
  );
}

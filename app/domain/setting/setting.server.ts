import { eq } from "drizzle-orm";
import { setting } from "../../../db/schema";
import type { Db } from "../../lib/db.server";
import { domainChanged } from "../changes.server";
import type { SettingInput } from "./setting.schema";

export type Setting = typeof setting.$inferSelect;

const EMPTY: Setting = {
  id: 1,
  nama_toko: "",
  kota: "",
  alamat: "",
  email: "",
  whatsapp: "",
  instagram: "",
  facebook: "",
  maps: "",
  created_at: new Date(0),
  updated_at: new Date(0),
};

/** The single store setting row (id 1); an empty shape when the shop has none yet. */
export function getSetting(db: Db): Setting {
  return db.select().from(setting).where(eq(setting.id, 1)).get() ?? EMPTY;
}

// ---- Back office ---------------------------------------------------------------------------

/** Saves the store setting: the single row id 1, created when the shop has none yet. */
export function updateSetting(db: Db, input: SettingInput): Setting {
  const values = {
    nama_toko: input.nama_toko,
    kota: input.kota,
    alamat: input.alamat,
    email: input.email,
    whatsapp: input.whatsapp,
    instagram: input.instagram,
    facebook: input.facebook,
    maps: input.maps,
  };
  const row = db
    .insert(setting)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: setting.id, set: { ...values, updated_at: new Date() } })
    .returning()
    .get();
  domainChanged("setting");
  return row;
}

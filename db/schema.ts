/**
 * The whole data model of Etalase (spec section 3). Column names follow the spec's field
 * names (nama_produk, kantor_cabang, …) so the domain layer maps them 1:1 to the legacy API.
 * Image columns hold a path relative to UPLOADS_DIR (e.g. "produk/ab12….jpg"); the public URL
 * is "/uploads/<path>".
 */
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const timestamps = {
  created_at: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updated_at: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
};

/** Store setting: a single row, id fixed at 1. */
export const setting = sqliteTable("setting", {
  id: integer("id").primaryKey(),
  nama_toko: text("nama_toko").notNull(),
  kota: text("kota").notNull().default(""),
  alamat: text("alamat").notNull().default(""),
  email: text("email").notNull().default(""),
  whatsapp: text("whatsapp").notNull().default(""),
  instagram: text("instagram").notNull().default(""),
  facebook: text("facebook").notNull().default(""),
  /** Map URL only (checked host); the iframe is rendered from our own template. */
  maps: text("maps").notNull().default(""),
  ...timestamps,
});

/** Branch office / warehouse (kantorcabang, gudang). */
export const kantorCabang = sqliteTable("kantor_cabang", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  kantor_cabang: text("kantor_cabang").notNull(),
  alamat: text("alamat").notNull().default(""),
  /** WhatsApp number as typed (0812… or 62812…). */
  kontak: text("kontak").notNull().default(""),
  /** Map URL (link or embed src), host-checked. */
  maps: text("maps").notNull().default(""),
  ...timestamps,
});

export const banner = sqliteTable("banner", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  image: text("image").notNull(),
  ...timestamps,
});

export const kategori = sqliteTable(
  "kategori",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kategori: text("kategori").notNull(),
    seo: text("seo").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("kategori_seo_unique").on(t.seo)],
);

export const produk = sqliteTable(
  "produk",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Optional (the spec's category select is not required); a category in use cannot be deleted. */
    id_kategori: integer("id_kategori").references(() => kategori.id, { onDelete: "restrict" }),
    nama_produk: text("nama_produk").notNull(),
    nama_seo: text("nama_seo").notNull(),
    /** Free text as the spec says ("1.250.000", "Mulai 900 ribu", …). */
    harga: text("harga").notNull(),
    deskripsi: text("deskripsi").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("produk_nama_seo_unique").on(t.nama_seo),
    index("produk_id_kategori_idx").on(t.id_kategori, t.id),
    index("produk_nama_produk_idx").on(t.nama_produk),
  ],
);

/** Availability of a product at a branch: a join table, not a comma string. */
export const produkGudang = sqliteTable(
  "produk_gudang",
  {
    id_produk: integer("id_produk")
      .notNull()
      .references(() => produk.id, { onDelete: "cascade" }),
    id_kantor_cabang: integer("id_kantor_cabang")
      .notNull()
      .references(() => kantorCabang.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.id_produk, t.id_kantor_cabang] }),
    index("produk_gudang_kantor_idx").on(t.id_kantor_cabang),
  ],
);

export const gambarProduk = sqliteTable(
  "gambar_produk",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_produk: integer("id_produk")
      .notNull()
      .references(() => produk.id, { onDelete: "cascade" }),
    gambar: text("gambar").notNull(),
    ...timestamps,
  },
  (t) => [index("gambar_produk_id_produk_idx").on(t.id_produk, t.id)],
);

export const ulasan = sqliteTable("ulasan", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ulasan: text("ulasan").notNull(),
  oleh: text("oleh").notNull(),
  ...timestamps,
});

/** About (jenis 'tentang-kami') and cooperation (jenis 'kerja-sama') pages. */
export const profil = sqliteTable(
  "profil",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    jenis: text("jenis", { enum: ["tentang-kami", "kerja-sama"] }).notNull(),
    /** Sanitized HTML (sanitize-html allowlist) — never stored unsanitized. */
    keterangan: text("keterangan").notNull().default(""),
    foto: text("foto"),
    ...timestamps,
  },
  (t) => [uniqueIndex("profil_jenis_unique").on(t.jenis)],
);

export const galeri = sqliteTable("galeri", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  gambar: text("gambar").notNull(),
  ...timestamps,
});

/** Old slugs keep working: a renamed category or product answers 301 to its new slug. */
export const slugRedirect = sqliteTable(
  "slug_redirect",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    jenis: text("jenis", { enum: ["kategori", "produk"] }).notNull(),
    slug_lama: text("slug_lama").notNull(),
    target_id: integer("target_id").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("slug_redirect_jenis_slug_unique").on(t.jenis, t.slug_lama)],
);


export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    name: text("name").notNull(),
    no_hp: text("no_hp").notNull().default(""),
    email: text("email").notNull().default(""),
    /** argon2id hash; never leaves the server. */
    password_hash: text("password_hash").notNull(),
    /** JSON list of role names (spec: hak_akses; see app/domain/users/roles.ts). */
    hak_akses: text("hak_akses").notNull().default("[]"),
    status_aktif: text("status_aktif", { enum: ["Aktif", "Tidak-Aktif"] })
      .notNull()
      .default("Aktif"),
    nidn: text("nidn"),
    /** JSON list string or comma-separated string (spec section 3). */
    jabatan_akademik: text("jabatan_akademik"),
    /**
     * A pending reset from /lupa-password: the new password's hash. The old password keeps
     * working until this one is used once (then it replaces password_hash), so a prank reset
     * cannot lock anyone out.
     */
    reset_password_hash: text("reset_password_hash"),
    reset_requested_at: integer("reset_requested_at", { mode: "timestamp_ms" }),
    /** Bumped on every password change: sessions and tokens issued before it die. */
    password_changed_at: integer("password_changed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_username_unique").on(t.username),
    uniqueIndex("users_nidn_unique").on(t.nidn),
  ],
);

/** Server-side sessions: the cookie carries a random id, the row stores its SHA-256. */
export const sessions = sqliteTable(
  "sessions",
  {
    id_hash: text("id_hash").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    last_seen_at: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expires_at: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ip: text("ip"),
    user_agent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

/** Bearer tokens of the legacy API, stored only as a SHA-256 hash. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    token_hash: text("token_hash").notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    last_used_at: integer("last_used_at", { mode: "timestamp_ms" }),
    expires_at: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_unique").on(t.token_hash),
    index("api_tokens_user_id_idx").on(t.user_id),
  ],
);

/**
 * Outgoing notifications (password resets). Always written; the WhatsApp gateway, when
 * configured, is tried afterwards and its outcome recorded here. The body holds the new
 * credentials so an owner can resend it; pages show it with the password masked.
 */
export const notificationOutbox = sqliteTable(
  "notification_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel").notNull().default("whatsapp"),
    recipient: text("recipient").notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    created_at: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    sent_at: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("notification_outbox_created_idx").on(t.created_at)],
);

/**
 * Password attempts (login, and the old-password check of "Ubah Password") per scope, account
 * and client address: counted before the password is checked, with a growing delay
 * (app/domain/users/attempts.server.ts). A row is forgotten at `expires_at`.
 */
export const passwordAttempts = sqliteTable(
  "password_attempts",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    blocked_until: integer("blocked_until", { mode: "timestamp_ms" }).notNull(),
    expires_at: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("password_attempts_expires_idx").on(t.expires_at)],
);

/**
 * Every status change of an LPPM record (usulan, laporan, insentif), appended by the one
 * workflow engine (app/domain/lppm/workflow.server.ts) in the same transaction as the change.
 * Never edited: triggers in the migration refuse UPDATE and DELETE. Who acted is kept as id
 * and name at that moment (no foreign key, so deleting a user or a draft keeps the history).
 */
export const statusLog = sqliteTable(
  "status_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    entity: text("entity").notNull(),
    entity_id: integer("entity_id").notNull(),
    from_status: text("from_status"),
    to_status: text("to_status").notNull(),
    actor_id: integer("actor_id"),
    actor_name: text("actor_name").notNull(),
    note: text("note"),
    created_at: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("status_log_entity_idx").on(t.entity, t.entity_id, t.id)],
);

/**
 * The counters of rate-limiter-flexible's SQLite store (login per address, recovery lookups and
 * resets): the library's own columns. Created by the migrations like every table.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: integer("expire"),
});

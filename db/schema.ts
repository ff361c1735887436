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
  real,
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
  /** The research-institute (LPPM) module: off, its areas, menus and logins are gone (404). */
  modul_lppm: integer("modul_lppm", { mode: "boolean" }).notNull().default(true),
  /** IANA time zone of the shop's opening hours ('Buka sekarang'): WIB unless set. */
  zona_waktu: text("zona_waktu").notNull().default("Asia/Jakarta"),
  /** The research institute's name: LPPM messages are signed with it (shop messages keep nama_toko). */
  nama_lppm: text("nama_lppm").notNull().default(""),
  /** The hour (0–23, WIB) of the daily automatic backup the serving process makes. */
  cadangan_jam: integer("cadangan_jam").notNull().default(2),
  /** How many automatic backups are kept; older ones are removed (other backups never are). */
  cadangan_simpan: integer("cadangan_simpan").notNull().default(7),
  /**
   * The letterhead of the papers the research institute prints and signs (approval sheets, SK,
   * contracts, berita acara): the institution it belongs to, its address, and its logo (a
   * relative path under UPLOADS_DIR, kop/…; PNG or JPEG, checked by content).
   */
  kop_institusi: text("kop_institusi").notNull().default(""),
  kop_alamat: text("kop_alamat").notNull().default(""),
  kop_logo: text("kop_logo"),
  /**
   * Who signs those papers: the Kepala LPPM (the approval sheet, the SK, the contract as first
   * party) and the Sekretaris LPPM (the monev berita acara, 'Mengetahui'). Name, NIP and the
   * title printed under the signature.
   */
  ttd_kepala_nama: text("ttd_kepala_nama").notNull().default(""),
  ttd_kepala_nip: text("ttd_kepala_nip").notNull().default(""),
  ttd_kepala_jabatan: text("ttd_kepala_jabatan").notNull().default("Kepala LPPM"),
  ttd_sekretaris_nama: text("ttd_sekretaris_nama").notNull().default(""),
  ttd_sekretaris_nip: text("ttd_sekretaris_nip").notNull().default(""),
  ttd_sekretaris_jabatan: text("ttd_sekretaris_jabatan").notNull().default("Sekretaris LPPM"),
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

/**
 * A branch's opening hours per ISO weekday (1 = Senin … 7 = Minggu). A branch with
 * no rows has no hours on record (no 'Buka/Tutup sekarang'); a row with null times is a closed
 * day. Times are "HH:MM" in the shop's zone (setting.zona_waktu).
 */
export const jamBuka = sqliteTable(
  "jam_buka",
  {
    id_kantor_cabang: integer("id_kantor_cabang")
      .notNull()
      .references(() => kantorCabang.id, { onDelete: "cascade" }),
    hari: integer("hari").notNull(),
    buka: text("buka"),
    tutup: text("tutup"),
  },
  (t) => [primaryKey({ columns: [t.id_kantor_cabang, t.hari] })],
);

/** Published on the public site and the public API ('Tayang') or visible in the back office only ('Draf'). */
const statusTayang = {
  status: text("status", { enum: ["Tayang", "Draf"] }).notNull().default("Tayang"),
};

export const banner = sqliteTable("banner", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  image: text("image").notNull(),
  ...statusTayang,
  /** Manual order on the public site (ascending, then id). */
  urutan: integer("urutan").notNull().default(0),
  ...timestamps,
});

export const kategori = sqliteTable(
  "kategori",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kategori: text("kategori").notNull(),
    seo: text("seo").notNull(),
    ...statusTayang,
    /** Manual order on the public site (ascending, then id). */
    urutan: integer("urutan").notNull().default(0),
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
    ...statusTayang,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("produk_nama_seo_unique").on(t.nama_seo),
    index("produk_id_kategori_idx").on(t.id_kategori, t.id),
    index("produk_nama_produk_idx").on(t.nama_produk),
    // The drafts alone (few): the public count is all products minus these (countProdukTayang).
    index("produk_draf_idx").on(t.id_kategori).where(sql`status <> 'Tayang'`),
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
    /** Manual order within the product (ascending, then id): the first is the cover. */
    urutan: integer("urutan").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("gambar_produk_urutan_idx").on(t.id_produk, t.urutan, t.id)],
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
    /** LPPM dosen profile: the lecturer's study programme (its faculty follows from it). */
    id_prodi: integer("id_prodi").references(() => prodi.id),
    bidang_keahlian: text("bidang_keahlian"),
    sinta_id: text("sinta_id"),
    /** For a Verifikator-Fakultas: the faculty whose proposals they approve. */
    id_fakultas_verifikasi: integer("id_fakultas_verifikasi").references(() => fakultas.id),
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
    /**
     * A one-time link to set one's own password (an imported lecturer gets no password from the
     * operator): the SHA-256 of its random token, never the token, and when it stops working.
     * Cleared once used; a new link overwrites it, so the old one dies.
     */
    undangan_hash: text("undangan_hash"),
    undangan_expires_at: integer("undangan_expires_at", { mode: "timestamp_ms" }),
    /** Research identifiers of the lecturer's own profile, shown as links beside their name. */
    orcid: text("orcid"),
    scopus_id: text("scopus_id"),
    scholar_id: text("scholar_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_username_unique").on(t.username),
    uniqueIndex("users_nidn_unique").on(t.nidn),
    // A faculty's lecturers (through their prodi): the LPPM lists' fakultas filters.
    index("users_prodi_idx").on(t.id_prodi),
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
 * Every notification, one row per channel it goes out on (app/domain/notifications):
 * - `inbox`: the in-app list of a user (always written; delivered on insert, `read_at` once opened);
 * - `email` and `whatsapp`: a delivery queue — pending until `next_attempt_at`; claimed as
 *   `sending` with a lease (then `next_attempt_at` is the lease's end), so a second process or a
 *   restart never takes a row that is being sent; then sent, retried with backoff, or failed
 *   with `last_error`;
 *   `skipped` when the user has no address for the channel (the reason in `last_error`).
 * A password-reset message (`secret`) is stored with the password masked and sent from memory
 * by the request that made it; the queue never sends it.
 */
export const notificationOutbox = sqliteTable(
  "notification_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: ["inbox", "email", "whatsapp"] }).notNull().default("whatsapp"),
    recipient: text("recipient").notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    /** The page where the recipient acts (a path of this site). */
    link: text("link"),
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "skipped"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    /** Pending: when it may be tried; sending: when its claim lapses. */
    next_attempt_at: integer("next_attempt_at", { mode: "timestamp_ms" }),
    secret: integer("secret", { mode: "boolean" }).notNull().default(false),
    read_at: integer("read_at", { mode: "timestamp_ms" }),
    created_at: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    sent_at: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("notification_outbox_created_idx").on(t.created_at),
    // The header's unread count on every logged-in page: one probe of this small index.
    index("notification_outbox_unread_idx").on(t.user_id).where(sql`channel = 'inbox' and read_at is null`),
    // A user's inbox, newest first.
    index("notification_outbox_inbox_idx").on(t.user_id, t.id).where(sql`channel = 'inbox'`),
    // The queue's due rows: pending ones whose time has come, and claims that lapsed.
    index("notification_outbox_queue_idx").on(t.status, t.next_attempt_at).where(sql`status in ('pending', 'sending')`),
  ],
);

/**
 * A user's choice of channels beyond the inbox (always on). No row: both on, as before the
 * choice existed.
 */
export const notificationPreference = sqliteTable("notification_preference", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: integer("email", { mode: "boolean" }).notNull().default(true),
  whatsapp: integer("whatsapp", { mode: "boolean" }).notNull().default(true),
  updated_at: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

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
    /**
     * The override that made this move, when it was not a step of the normal flow
     * (OVERRIDES of app/domain/lppm/workflow.ts: 'ganti-reviewer', 'perpanjang-tenggat',
     * 'buka-kembali', 'tarik'). A step that keeps the status (from = to) is known by it.
     */
    aksi: text("aksi"),
    created_at: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("status_log_entity_idx").on(t.entity, t.entity_id, t.id)],
);

/**
 * The activity log: every write of the domain layer, recorded by its one
 * hook (app/domain/changes.server.ts) in the same transaction as the write. Who acted is kept as
 * id and name at that moment (no foreign key: the log outlives a deleted user); `perubahan` is
 * JSON of the changed fields ({ field: [before, after] }), never passwords, tokens or hashes.
 * Rows older than the retention (AKTIVITAS_RETENSI_HARI, 365 days) are pruned daily.
 */
export const aktivitas = sqliteTable(
  "aktivitas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    waktu: integer("waktu", { mode: "timestamp_ms" }).notNull(),
    id_user: integer("id_user"),
    nama_user: text("nama_user").notNull(),
    aksi: text("aksi").notNull(),
    entitas: text("entitas").notNull(),
    id_entitas: text("id_entitas"),
    ringkasan: text("ringkasan"),
    perubahan: text("perubahan"),
  },
  (t) => [
    index("aktivitas_waktu_idx").on(t.waktu),
    index("aktivitas_user_idx").on(t.id_user, t.waktu),
    index("aktivitas_entitas_idx").on(t.entitas, t.waktu),
  ],
);

/**
 * WhatsApp clicks: one row per click on a /wa/… link of the public site,
 * written by the redirect (app/routes/wa.ts) and read by Statistik WhatsApp. No personal data:
 * the target (`tujuan` 'toko' = the shop's own number, 'cabang' = a branch), the product asked
 * about, the kind of page the link was on, and the day in WIB. Not a domain write (no activity
 * log, no page-cache flush). Deleting a branch or a product keeps its clicks with a null id, so
 * past totals do not change ('cabang' with a null branch = a deleted branch).
 */
export const waKlik = sqliteTable(
  "wa_klik",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tujuan: text("tujuan", { enum: ["toko", "cabang"] }).notNull(),
    id_kantor_cabang: integer("id_kantor_cabang").references(() => kantorCabang.id, { onDelete: "set null" }),
    id_produk: integer("id_produk").references(() => produk.id, { onDelete: "set null" }),
    halaman: text("halaman").notNull(),
    /** YYYY-MM-DD, the click's day in Asia/Jakarta. */
    hari: text("hari").notNull(),
    created_at: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // The statistics of a period read this one alone (a range of days, covering).
    index("wa_klik_hari_idx").on(t.hari, t.tujuan, t.id_kantor_cabang, t.id_produk, t.halaman),
    // A branch's or a product's clicks by day, and the ON DELETE SET NULL of each.
    index("wa_klik_cabang_hari_idx").on(t.id_kantor_cabang, t.hari),
    index("wa_klik_produk_hari_idx").on(t.id_produk, t.hari),
  ],
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

/**
 * The rows the demo seed wrote: one marker per row (table name and id), written by the seed in
 * the same transaction as the rows, and back-filled by the migration that made this table for
 * databases seeded before it (by the seed's names and the minutes it ran). Removing the demo
 * (app/domain/demo/) removes what is marked and then every marker: what is left is the owner's.
 * No foreign keys: a marker names rows of many tables, and one whose row is gone marks nothing.
 */
export const demoData = sqliteTable(
  "demo_data",
  {
    tabel: text("tabel").notNull(),
    id_baris: integer("id_baris").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tabel, t.id_baris] })],
);


// ---- LPPM master data (../shared/LPPM.md, "Master data") -------------------------------------

export const fakultas = sqliteTable(
  "fakultas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nama: text("nama").notNull(),
    /** Short code (e.g. "FT"); "" when none. */
    kode: text("kode").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("fakultas_nama_unique").on(t.nama)],
);

export const prodi = sqliteTable(
  "prodi",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_fakultas: integer("id_fakultas")
      .notNull()
      .references(() => fakultas.id, { onDelete: "restrict" }),
    nama: text("nama").notNull(),
    /** Short code (e.g. the national PDDikti code); "" when none. */
    kode: text("kode").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("prodi_fakultas_nama_unique").on(t.id_fakultas, t.nama)],
);

/** A grant scheme: its kind, budget ceiling and the rules a proposal must meet. */
export const skema = sqliteTable(
  "skema",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    jenis: text("jenis", { enum: ["penelitian", "pengabdian"] }).notNull(),
    nama: text("nama").notNull(),
    /** Rupiah. */
    dana_maksimal: integer("dana_maksimal").notNull(),
    /** The Honor group's share of the RAB at most, in percent. */
    honor_maks_persen: integer("honor_maks_persen").notNull().default(10),
    /** The lowest jabatan akademik a ketua may hold (null: any). */
    min_jabatan: text("min_jabatan"),
    max_anggota_dosen: integer("max_anggota_dosen").notNull().default(2),
    wajib_mahasiswa: integer("wajib_mahasiswa").notNull().default(0),
    /** JSON list of the outputs (luaran) a proposal must target. */
    luaran_wajib: text("luaran_wajib").notNull().default("[]"),
    tkt_min: integer("tkt_min"),
    tkt_max: integer("tkt_max"),
    wajib_mitra: integer("wajib_mitra", { mode: "boolean" }).notNull().default(false),
    /** Reviewers may not come from the ketua's own study programme. */
    reviewer_lain_prodi: integer("reviewer_lain_prodi", { mode: "boolean" }).notNull().default(false),
    /** Substantive reviewers do not see the team. */
    review_buta: integer("review_buta", { mode: "boolean" }).notNull().default(false),
    aktif: integer("aktif", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("skema_jenis_nama_unique").on(t.jenis, t.nama)],
);

/** A call (periode) of one scheme: its budget, quota, eligibility limits and stage windows. */
export const periode = sqliteTable(
  "periode",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tahun: integer("tahun").notNull(),
    id_skema: integer("id_skema")
      .notNull()
      .references(() => skema.id, { onDelete: "restrict" }),
    sumber_dana: text("sumber_dana").notNull().default(""),
    /** Rupiah. */
    anggaran_total: integer("anggaran_total").notNull(),
    kuota_judul: integer("kuota_judul").notNull(),
    maks_ketua: integer("maks_ketua").notNull().default(1),
    maks_anggota: integer("maks_anggota").notNull().default(2),
    pengajuan_buka: integer("pengajuan_buka", { mode: "timestamp_ms" }),
    pengajuan_tutup: integer("pengajuan_tutup", { mode: "timestamp_ms" }),
    review_buka: integer("review_buka", { mode: "timestamp_ms" }),
    review_tutup: integer("review_tutup", { mode: "timestamp_ms" }),
    penetapan_buka: integer("penetapan_buka", { mode: "timestamp_ms" }),
    penetapan_tutup: integer("penetapan_tutup", { mode: "timestamp_ms" }),
    perbaikan_buka: integer("perbaikan_buka", { mode: "timestamp_ms" }),
    perbaikan_tutup: integer("perbaikan_tutup", { mode: "timestamp_ms" }),
    laporan_kemajuan_buka: integer("laporan_kemajuan_buka", { mode: "timestamp_ms" }),
    laporan_kemajuan_tutup: integer("laporan_kemajuan_tutup", { mode: "timestamp_ms" }),
    monev_buka: integer("monev_buka", { mode: "timestamp_ms" }),
    monev_tutup: integer("monev_tutup", { mode: "timestamp_ms" }),
    laporan_akhir_buka: integer("laporan_akhir_buka", { mode: "timestamp_ms" }),
    laporan_akhir_tutup: integer("laporan_akhir_tutup", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [index("periode_skema_idx").on(t.id_skema, t.tahun)],
);

/**
 * Scoring rubric per kind and stage; its criteria carry weights (sum 100) and score texts. The
 * insentif rubric serves every claim (claims have no kind): it is stored once, as 'penelitian'.
 */
export const rubrik = sqliteTable(
  "rubrik",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    jenis: text("jenis", { enum: ["penelitian", "pengabdian"] }).notNull(),
    tahap: text("tahap", { enum: ["administrasi", "substansi", "monev", "insentif"] }).notNull(),
    nama: text("nama").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("rubrik_jenis_tahap_unique").on(t.jenis, t.tahap)],
);

export const rubrikKriteria = sqliteTable(
  "rubrik_kriteria",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_rubrik: integer("id_rubrik")
      .notNull()
      .references(() => rubrik.id, { onDelete: "cascade" }),
    urutan: integer("urutan").notNull(),
    kriteria: text("kriteria").notNull(),
    /** Percent; 0 for a pass/fail checklist item (administrasi). */
    bobot: integer("bobot").notNull().default(0),
    /** JSON object: score (1, 2, 3, 5, 6, 7) → what it means; only for the substansi scale. */
    deskripsi_skor: text("deskripsi_skor"),
    /** Optional guidance for the reviewer scoring a monev criterion 0–100. */
    panduan: text("panduan"),
    ...timestamps,
  },
  (t) => [index("rubrik_kriteria_rubrik_idx").on(t.id_rubrik, t.urutan)],
);

/** Downloadable templates (PDF/DOCX) for proposers, listed at /pengusul/download. */
export const templateUnduhan = sqliteTable("template_unduhan", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  judul: text("judul").notNull(),
  keterangan: text("keterangan").notNull().default(""),
  /** Listed at /pengusul/download (and downloadable there) only while active. */
  aktif: integer("aktif", { mode: "boolean" }).notNull().default(true),
  /** Path below the private files folder (never under /uploads). */
  file: text("file").notNull(),
  nama_file: text("nama_file").notNull(),
  ukuran: integer("ukuran").notNull(),
  tanggal_versi: integer("tanggal_versi", { mode: "timestamp_ms" }).notNull(),
  ...timestamps,
});

// ---- Usulan: the proposal and what it holds (../shared/LPPM.md, "The proposal") --------------

/**
 * A proposal (penelitian or pengabdian, from its periode's skema). Its status moves only through
 * the workflow engine (app/domain/lppm/workflow.server.ts). dana_diusulkan is the RAB's sum,
 * computed on the server whenever the RAB changes.
 */
export const usulan = sqliteTable(
  "usulan",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_periode: integer("id_periode")
      .notNull()
      .references(() => periode.id, { onDelete: "restrict" }),
    jenis: text("jenis", { enum: ["penelitian", "pengabdian"] }).notNull(),
    id_ketua: integer("id_ketua")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("DRAF"),
    judul: text("judul").notNull(),
    ringkasan: text("ringkasan").notNull().default(""),
    /** JSON list of 3–5 keywords. */
    kata_kunci: text("kata_kunci").notNull().default("[]"),
    bidang_fokus: text("bidang_fokus").notNull().default(""),
    tkt: integer("tkt"),
    mitra_nama: text("mitra_nama").notNull().default(""),
    mitra_alamat: text("mitra_alamat").notNull().default(""),
    mitra_kontak: text("mitra_kontak").notNull().default(""),
    lama_bulan: integer("lama_bulan").notNull().default(12),
    /** Rupiah: the sum of the RAB lines of the current round (usulan, then perbaikan). */
    dana_diusulkan: integer("dana_diusulkan").notNull().default(0),
    /** Rupiah, set by the penetapan (DIDANAI). */
    dana_disetujui: integer("dana_disetujui"),
    /** The review round (1, then 2 after DIKEMBALIKAN_KE_REVIEW, …). */
    putaran_review: integer("putaran_review").notNull().default(0),
    /** Average of the current round's substantive totals (0–700), set when every review is done. */
    nilai_rata: real("nilai_rata"),
    /** The SK batch that decided it (DIDANAI / TIDAK_DIDANAI). */
    id_penetapan: integer("id_penetapan").references(() => penetapan.id, { onDelete: "restrict" }),
    diajukan_at: integer("diajukan_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("usulan_ketua_idx").on(t.id_ketua, t.jenis, t.status),
    // A lecturer's proposals in one periode (the eligibility check before submitting): without
    // it the check read every proposal of the periode.
    index("usulan_ketua_periode_idx").on(t.id_ketua, t.id_periode),
    index("usulan_periode_idx").on(t.id_periode, t.status),
    index("usulan_status_idx").on(t.status, t.jenis, t.id),
    // Daftar Usulan, newest change first: a page is read off this index instead of sorting
    // every proposal for it.
    index("usulan_updated_idx").on(t.updated_at),
  ],
);

/** A dosen invited to a proposal's team; they accept or refuse in their own /pengusul area. */
export const usulanAnggota = sqliteTable(
  "usulan_anggota",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    id_user: integer("id_user")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    peran: text("peran").notNull().default("Anggota"),
    status_undangan: text("status_undangan", { enum: ["MENUNGGU", "DITERIMA", "DITOLAK"] })
      .notNull()
      .default("MENUNGGU"),
    dijawab_at: integer("dijawab_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("usulan_anggota_unique").on(t.id_usulan, t.id_user),
    index("usulan_anggota_user_idx").on(t.id_user, t.status_undangan),
  ],
);

/** Student members (no account): name, NIM, study programme. */
export const usulanMahasiswa = sqliteTable(
  "usulan_mahasiswa",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    nama: text("nama").notNull(),
    nim: text("nim").notNull(),
    prodi: text("prodi").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("usulan_mahasiswa_unique").on(t.id_usulan, t.nim)],
);

export const RAB_KELOMPOK = ["Honor", "Bahan", "Pengumpulan data", "Perjalanan", "Publikasi & luaran", "Lain-lain"] as const;

/** Budget lines; `tahap` keeps the proposal's RAB and the final one of the perbaikan apart. */
export const usulanRab = sqliteTable(
  "usulan_rab",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    tahap: text("tahap", { enum: ["usulan", "perbaikan"] }).notNull().default("usulan"),
    kelompok: text("kelompok", { enum: RAB_KELOMPOK }).notNull(),
    item: text("item").notNull(),
    satuan: text("satuan").notNull(),
    volume: integer("volume").notNull(),
    /** Rupiah. */
    harga_satuan: integer("harga_satuan").notNull(),
    /** volume × harga_satuan, computed on the server. */
    jumlah: integer("jumlah").notNull(),
    ...timestamps,
  },
  (t) => [index("usulan_rab_usulan_idx").on(t.id_usulan, t.tahap)],
);

/** Target outputs (luaran): kind from the skema's list and the status aimed at. */
export const usulanLuaran = sqliteTable(
  "usulan_luaran",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    jenis: text("jenis").notNull(),
    target: text("target").notNull(),
    keterangan: text("keterangan").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("usulan_luaran_usulan_idx").on(t.id_usulan)],
);

/**
 * What became of a target output (the reports): its status so far and the evidence —
 * the publication's details (from which a publication-incentive claim can be prefilled), a DOI
 * or URL, and/or a certificate or letter (usulan_dokumen ronde 'bukti_luaran'). One row per
 * target, written by the ketua while a report is being prepared.
 */
export const luaranCapaian = sqliteTable("luaran_capaian", {
  id_luaran: integer("id_luaran")
    .primaryKey()
    .references(() => usulanLuaran.id, { onDelete: "cascade" }),
  /** One of LUARAN_CAPAIAN (app/domain/lppm/usulan/rules.ts). */
  status: text("status").notNull(),
  judul_publikasi: text("judul_publikasi").notNull().default(""),
  /** Journal, publisher, conference or the HKI office. */
  nama_wadah: text("nama_wadah").notNull().default(""),
  issn_isbn: text("issn_isbn").notNull().default(""),
  /** A DOI ("10.…") or an http(s) URL. */
  doi_url: text("doi_url").notNull().default(""),
  tahun: integer("tahun"),
  id_dokumen_bukti: integer("id_dokumen_bukti").references(() => usulanDokumen.id, { onDelete: "set null" }),
  ...timestamps,
});

/**
 * Documents of a proposal, versioned per round; the file lives in the private files folder
 * (never under /uploads) and is served only by an authorized route.
 */
export const usulanDokumen = sqliteTable(
  "usulan_dokumen",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    ronde: text("ronde", { enum: ["usulan", "perbaikan", "laporan_kemajuan", "laporan_akhir", "bukti_luaran"] }).notNull(),
    versi: integer("versi").notNull(),
    file: text("file").notNull(),
    nama_file: text("nama_file").notNull(),
    ukuran: integer("ukuran").notNull(),
    id_pengunggah: integer("id_pengunggah"),
    created_at: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("usulan_dokumen_versi_unique").on(t.id_usulan, t.ronde, t.versi)],
);

/**
 * Catatan Harian: the team's log of a running (BERJALAN) project — one day's
 * activity, the progress reached (0–100 %) and what it cost from one RAB group, so spending can
 * be held against the budget per group.
 */
export const catatanHarian = sqliteTable(
  "catatan_harian",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    id_penulis: integer("id_penulis")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The day it happened, 'YYYY-MM-DD' (WIB). */
    tanggal: text("tanggal").notNull(),
    kegiatan: text("kegiatan").notNull(),
    /** Progress of the whole project after this day, 0–100. */
    capaian: integer("capaian").notNull(),
    kelompok: text("kelompok", { enum: RAB_KELOMPOK }).notNull(),
    /** Rupiah spent that day from the group (0 when nothing was spent). */
    biaya: integer("biaya").notNull(),
    ...timestamps,
  },
  (t) => [index("catatan_harian_usulan_idx").on(t.id_usulan, t.tanggal)],
);

/** Evidence of a daily note (PDF, JPEG or PNG, at most 5 a note), private like every document. */
export const catatanHarianBukti = sqliteTable(
  "catatan_harian_bukti",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_catatan: integer("id_catatan")
      .notNull()
      .references(() => catatanHarian.id, { onDelete: "cascade" }),
    file: text("file").notNull(),
    nama_file: text("nama_file").notNull(),
    ukuran: integer("ukuran").notNull(),
    created_at: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("catatan_harian_bukti_catatan_idx").on(t.id_catatan)],
);

/**
 * A project's report (LPPM.md "Execution"): the progress report (kemajuan) and the
 * final report (akhir), one of each per project, written by the ketua within its window and
 * checked by the Operator. Its status moves only through the workflow engine (the laporan
 * workflows); its PDF is a usulan_dokumen of ronde 'laporan_kemajuan' / 'laporan_akhir'.
 */
export const laporan = sqliteTable(
  "laporan",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    jenis: text("jenis", { enum: ["kemajuan", "akhir"] }).notNull(),
    status: text("status").notNull().default("DRAF"),
    /** The project's progress, 0–100 %. */
    capaian: integer("capaian").notNull().default(0),
    /** Rupiah of the budget spent so far (realisasi anggaran). */
    realisasi: integer("realisasi").notNull().default(0),
    ringkasan: text("ringkasan").notNull().default(""),
    diajukan_at: integer("diajukan_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("laporan_usulan_jenis_unique").on(t.id_usulan, t.jenis), index("laporan_jenis_status_idx").on(t.jenis, t.status)],
);

/**
 * The ketua's window reminders (LPPM.md "Reminders"): one row per project and step once its
 * ketua was told that the window of that step — a report ('kemajuan', 'akhir') or the revision
 * of a funded proposal ('perbaikan') — closes within 3 days, so the daily job tells them once.
 */
export const pengingatLaporan = sqliteTable(
  "pengingat_laporan",
  {
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    jenis: text("jenis", { enum: ["kemajuan", "akhir", "perbaikan"] }).notNull(),
    sent_at: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.id_usulan, t.jenis] })],
);

/**
 * The operators told that a project's window closed with the ketua's work not done — the
 * revision of a funded proposal ('perbaikan') or a report ('kemajuan', 'akhir'): one row per
 * project and step, so the daily job tells them once.
 */
export const eskalasiUsulan = sqliteTable(
  "eskalasi_usulan",
  {
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    jenis: text("jenis", { enum: ["kemajuan", "akhir", "perbaikan"] }).notNull(),
    sent_at: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.id_usulan, t.jenis] })],
);

/**
 * Monev Internal (LPPM.md "Execution"): after a project's progress report is
 * accepted, the Operator assigns it one monev reviewer with a deadline; the reviewer scores the
 * monev rubric (0–100 per criterion, weighted) with a berita acara file. Its status
 * (DITUGASKAN → DINILAI) moves only through the workflow engine. One per project.
 */
export const monev = sqliteTable(
  "monev",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    id_reviewer: integer("id_reviewer")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("DITUGASKAN"),
    tenggat: integer("tenggat", { mode: "timestamp_ms" }).notNull(),
    /** Σ bobot × skor / 100 over the criteria: 0–100, two decimals. */
    total_nilai: real("total_nilai"),
    catatan: text("catatan"),
    /** The berita acara (private document, PDF). */
    berita_acara_file: text("berita_acara_file"),
    berita_acara_nama: text("berita_acara_nama"),
    berita_acara_ukuran: integer("berita_acara_ukuran"),
    dinilai_at: integer("dinilai_at", { mode: "timestamp_ms" }),
    /** When the 3-day deadline reminder was queued (once; cleared when the deadline is extended or the reviewer changed). */
    pengingat_at: integer("pengingat_at", { mode: "timestamp_ms" }),
    /** When the operators were told the deadline had passed (once; cleared like pengingat_at). */
    eskalasi_at: integer("eskalasi_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("monev_usulan_unique").on(t.id_usulan), index("monev_reviewer_idx").on(t.id_reviewer, t.status)],
);

/** One criterion's score (0–100) in a monev, with the criterion as it was when scored. */
export const monevItem = sqliteTable(
  "monev_item",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_monev: integer("id_monev")
      .notNull()
      .references(() => monev.id, { onDelete: "cascade" }),
    urutan: integer("urutan").notNull(),
    kriteria: text("kriteria").notNull(),
    bobot: integer("bobot").notNull(),
    skor: integer("skor").notNull(),
  },
  (t) => [uniqueIndex("monev_item_unique").on(t.id_monev, t.urutan)],
);

/**
 * A reviewer assigned to a proposal for one review round, with a deadline; their
 * administrative verdict and substantive total live here, the per-criterion scores in
 * penilaian_item. Rounds are history: a redo is a new round, never an overwrite.
 */
export const penugasanReviewer = sqliteTable(
  "penugasan_reviewer",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    id_reviewer: integer("id_reviewer")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    putaran: integer("putaran").notNull(),
    tenggat: integer("tenggat", { mode: "timestamp_ms" }).notNull(),
    /** null: not yet checked; true: Lolos; false: Tidak lolos. */
    administrasi_lolos: integer("administrasi_lolos", { mode: "boolean" }),
    administrasi_catatan: text("administrasi_catatan"),
    administrasi_at: integer("administrasi_at", { mode: "timestamp_ms" }),
    /** Sum of bobot × skor over the substantive criteria (max 700). */
    total_nilai: integer("total_nilai"),
    rekomendasi: text("rekomendasi"),
    dana_rekomendasi: integer("dana_rekomendasi"),
    catatan: text("catatan"),
    substansi_at: integer("substansi_at", { mode: "timestamp_ms" }),
    /** When the 3-day deadline reminder was queued (once; cleared when the deadline is extended). */
    pengingat_at: integer("pengingat_at", { mode: "timestamp_ms" }),
    /** When the operators were told the deadline had passed (once; cleared when it is extended). */
    eskalasi_at: integer("eskalasi_at", { mode: "timestamp_ms" }),
    /**
     * Why the assignment ended without its result: 'DIGANTI' (the Operator replaced the reviewer;
     * the row stays as history and what it saved counts for nothing) or 'DITARIK' (the proposal
     * was withdrawn). null: open, or ended by its result.
     */
    ditutup: text("ditutup", { enum: ["DIGANTI", "DITARIK"] }),
    ditutup_at: integer("ditutup_at", { mode: "timestamp_ms" }),
    /** The assignment that took over from this replaced one. */
    id_pengganti: integer("id_pengganti"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("penugasan_reviewer_unique").on(t.id_usulan, t.putaran, t.id_reviewer),
    index("penugasan_reviewer_reviewer_idx").on(t.id_reviewer, t.putaran, t.tenggat),
  ],
);

/** One criterion's verdict in a review: a checklist tick (administrasi) or a score (substansi). */
export const penilaianItem = sqliteTable(
  "penilaian_item",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_penugasan: integer("id_penugasan")
      .notNull()
      .references(() => penugasanReviewer.id, { onDelete: "cascade" }),
    tahap: text("tahap", { enum: ["administrasi", "substansi"] }).notNull(),
    /** The criterion as it was when scored (the rubric may change later). */
    kriteria: text("kriteria").notNull(),
    urutan: integer("urutan").notNull(),
    bobot: integer("bobot").notNull().default(0),
    lolos: integer("lolos", { mode: "boolean" }),
    skor: integer("skor"),
    /** bobot × skor. */
    nilai: integer("nilai"),
    justifikasi: text("justifikasi").notNull().default(""),
  },
  (t) => [uniqueIndex("penilaian_item_unique").on(t.id_penugasan, t.tahap, t.urutan)],
);

/** A penetapan batch: the SK (decree) that decided the winners of a periode. */
export const penetapan = sqliteTable(
  "penetapan",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_periode: integer("id_periode")
      .notNull()
      .references(() => periode.id, { onDelete: "restrict" }),
    nomor_sk: text("nomor_sk").notNull(),
    tanggal_sk: integer("tanggal_sk", { mode: "timestamp_ms" }).notNull(),
    id_user: integer("id_user"),
    ...timestamps,
  },
  (t) => [index("penetapan_periode_idx").on(t.id_periode)],
);

// ---- Publication incentives (LPPM.md "Publication incentives") --------------------------

/**
 * A kind of publication the institute pays an incentive for, at one rank, with its tariff: the
 * amount for the first or corresponding author and for a co-author (who may claim only where
 * anggota_boleh says so; LPPM.md's default is first or corresponding authors only). Kept by the
 * Operator; listed to lecturers at /pengusul/insentif.
 */
export const jenisInsentif = sqliteTable(
  "jenis_insentif",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** One of JENIS_PUBLIKASI (app/domain/lppm/insentif/insentif.schema.ts). */
    jenis: text("jenis").notNull(),
    /** Q1–Q4, Sinta 1–6, or "-" (no rank). */
    peringkat: text("peringkat").notNull().default("-"),
    /** Rupiah for the first or corresponding author ('proporsional': for the whole publication). */
    tarif_utama: integer("tarif_utama").notNull(),
    /** Rupiah for a co-author ('per_peran' only). */
    tarif_anggota: integer("tarif_anggota").notNull().default(0),
    anggota_boleh: integer("anggota_boleh", { mode: "boolean" }).notNull().default(false),
    /**
     * How a claim's amount follows from the tariff (app/domain/lppm/insentif/tarif.ts):
     * 'per_peran' pays tarif_utama or tarif_anggota by the claimant's role; 'proporsional'
     * treats tarif_utama as the publication's amount, porsi_utama percent of it for the first or
     * corresponding author, the rest shared by the co-authors (jumlah_penulis − 1).
     */
    pembagian: text("pembagian", { enum: ["per_peran", "proporsional"] }).notNull().default("per_peran"),
    /** Percent of tarif_utama for the first or corresponding author under 'proporsional'. */
    porsi_utama: integer("porsi_utama").notNull().default(60),
    /** The rules of this kind, shown to lecturers. */
    aturan: text("aturan").notNull().default(""),
    aktif: integer("aktif", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("jenis_insentif_unique").on(t.jenis, t.peringkat)],
);

/** The incentive call of a year: its budget and its submission window. */
export const periodeInsentif = sqliteTable("periode_insentif", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Publications of this year are claimed in it. */
  tahun: integer("tahun").notNull().unique(),
  /** Rupiah. */
  anggaran_total: integer("anggaran_total").notNull(),
  pengajuan_buka: integer("pengajuan_buka", { mode: "timestamp_ms" }),
  pengajuan_tutup: integer("pengajuan_tutup", { mode: "timestamp_ms" }),
  ...timestamps,
});

/** A penetapan batch of incentives: the SK that decided the approved amounts. */
export const penetapanInsentif = sqliteTable(
  "penetapan_insentif",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_periode: integer("id_periode")
      .notNull()
      .references(() => periodeInsentif.id, { onDelete: "restrict" }),
    nomor_sk: text("nomor_sk").notNull(),
    tanggal_sk: integer("tanggal_sk", { mode: "timestamp_ms" }).notNull(),
    id_user: integer("id_user"),
    ...timestamps,
  },
  (t) => [index("penetapan_insentif_periode_idx").on(t.id_periode)],
);

/**
 * A lecturer's publication-incentive claim. Its status moves only through the workflow engine
 * (INSENTIF_WORKFLOW). doi_kunci and judul_kunci are the normalized DOI and ISSN/ISBN + title the
 * duplicate check compares (one claim per publication).
 */
export const insentif = sqliteTable(
  "insentif",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_periode: integer("id_periode")
      .notNull()
      .references(() => periodeInsentif.id, { onDelete: "restrict" }),
    id_pengusul: integer("id_pengusul")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    id_jenis: integer("id_jenis")
      .notNull()
      .references(() => jenisInsentif.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("DRAF"),
    judul: text("judul").notNull(),
    nama_wadah: text("nama_wadah").notNull(),
    issn_isbn: text("issn_isbn").notNull().default(""),
    doi_url: text("doi_url").notNull().default(""),
    tahun: integer("tahun").notNull(),
    volume_nomor: text("volume_nomor").notNull().default(""),
    /** 'pertama' | 'korespondensi' | 'anggota'. */
    peran: text("peran").notNull(),
    jumlah_penulis: integer("jumlah_penulis").notNull(),
    doi_kunci: text("doi_kunci").notNull().default(""),
    judul_kunci: text("judul_kunci").notNull().default(""),
    /** The recorded output it was prefilled from, if any. */
    id_luaran: integer("id_luaran").references(() => usulanLuaran.id, { onDelete: "set null" }),
    id_reviewer: integer("id_reviewer").references(() => users.id, { onDelete: "restrict" }),
    tenggat: integer("tenggat", { mode: "timestamp_ms" }),
    /** When the reviewer's 3-day deadline reminder was queued (once; cleared when the deadline is extended or the reviewer changed). */
    pengingat_at: integer("pengingat_at", { mode: "timestamp_ms" }),
    /** When the operators were told the evaluation's deadline had passed (once; cleared like pengingat_at). */
    eskalasi_at: integer("eskalasi_at", { mode: "timestamp_ms" }),
    /** JSON: the reviewer's checklist, [{ butir, sesuai }]. */
    evaluasi: text("evaluasi"),
    nominal_rekomendasi: integer("nominal_rekomendasi"),
    catatan_evaluasi: text("catatan_evaluasi"),
    dievaluasi_at: integer("dievaluasi_at", { mode: "timestamp_ms" }),
    nominal_disetujui: integer("nominal_disetujui"),
    id_penetapan: integer("id_penetapan").references(() => penetapanInsentif.id, { onDelete: "restrict" }),
    diajukan_at: integer("diajukan_at", { mode: "timestamp_ms" }),
    dicairkan_at: integer("dicairkan_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("insentif_pengusul_idx").on(t.id_pengusul, t.status),
    index("insentif_status_idx").on(t.status, t.id_periode),
    index("insentif_reviewer_idx").on(t.id_reviewer, t.status),
    index("insentif_doi_idx").on(t.doi_kunci),
    index("insentif_judul_idx").on(t.judul_kunci),
  ],
);

/** Evidence of a claim (PDF, JPEG, PNG; at most 5), private like every document. */
export const insentifBukti = sqliteTable(
  "insentif_bukti",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_insentif: integer("id_insentif")
      .notNull()
      .references(() => insentif.id, { onDelete: "cascade" }),
    file: text("file").notNull(),
    nama_file: text("nama_file").notNull(),
    ukuran: integer("ukuran").notNull(),
    created_at: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("insentif_bukti_insentif_idx").on(t.id_insentif)],
);

/**
 * The tranches (termin) a periode's grants are paid in, set by the Operator on the Pembayaran
 * Dana screen: their percentages of each proposal's dana_disetujui sum to 100, and each becomes
 * payable only once its condition holds ('DIDANAI': the proposal is funded; 'KEMAJUAN_DITERIMA' /
 * 'AKHIR_DITERIMA': its progress or final report was accepted). Grant money was not tracked
 * before: only publication incentives were paid.
 */
export const terminDana = sqliteTable(
  "termin_dana",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_periode: integer("id_periode")
      .notNull()
      .references(() => periode.id, { onDelete: "cascade" }),
    /** 1, 2, …: the order they are paid in (the last one takes the rounding remainder). */
    urutan: integer("urutan").notNull(),
    nama: text("nama").notNull(),
    persen: integer("persen").notNull(),
    syarat: text("syarat", { enum: ["DIDANAI", "KEMAJUAN_DITERIMA", "AKHIR_DITERIMA"] }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("termin_dana_periode_urutan_unique").on(t.id_periode, t.urutan)],
);

/**
 * A payment of a funded proposal's tranche, recorded by the Operator with its transfer proof (a
 * private document, checked by content). Several payments may settle one tranche; together
 * they never exceed its amount. A tranche with payments cannot be removed (restrict); a proposal
 * removed (only the demo's removal does) takes its payments with it.
 */
export const pembayaranDana = sqliteTable(
  "pembayaran_dana",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    id_usulan: integer("id_usulan")
      .notNull()
      .references(() => usulan.id, { onDelete: "cascade" }),
    id_termin: integer("id_termin")
      .notNull()
      .references(() => terminDana.id, { onDelete: "restrict" }),
    /** The WIB day the money was sent ("2026-11-25"). */
    tanggal: text("tanggal").notNull(),
    /** Rupiah. */
    jumlah: integer("jumlah").notNull(),
    nomor_referensi: text("nomor_referensi").notNull(),
    file: text("file").notNull(),
    nama_file: text("nama_file").notNull(),
    ukuran: integer("ukuran").notNull(),
    id_pencatat: integer("id_pencatat")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    ...timestamps,
  },
  (t) => [index("pembayaran_dana_usulan_idx").on(t.id_usulan, t.id_termin)],
);

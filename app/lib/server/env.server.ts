/**
 * The runtime contract (DESIGN.md): every variable is validated once with zod, and a bad
 * value stops start-up with a message that names the variable and what is expected.
 */
import { z } from "zod";

const flag = z
  .enum(["0", "1", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** Days the activity log keeps an entry by default (Log Aktivitas, the daily job). */
export const AKTIVITAS_RETENSI_HARI_DEFAULT = 365;

/**
 * The fewest days WhatsApp clicks may be kept: the longest period of Statistik WhatsApp (90 days,
 * WA_PERIODE in domain/whatsapp/periode.ts; a test keeps the two equal), so that period is whole.
 */
export const WA_KLIK_RETENSI_HARI_MIN = 90;
/** Days WhatsApp clicks are kept by default: the longest period and a month to spare. */
export const WA_KLIK_RETENSI_HARI_DEFAULT = 120;
/**
 * Memory for request bodies in flight, by default: the serving process idles at ~125 MB of its
 * 200 MB, and a body read into memory is held once more while it is parsed.
 */
export const BODY_MEMORY_MB_DEFAULT = 64;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "harus berupa angka" })
    .int("harus bilangan bulat")
    .min(1, "minimal 1")
    .max(65535, "maksimal 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.string().min(1).default("./data/etalase.db"),
  UPLOADS_DIR: z.string().min(1).default("./uploads"),
  /** Private documents (LPPM proposals, reports, templates); default: `dokumen` beside the database. */
  DOCUMENTS_DIR: z.string().min(1).optional(),
  /** Backups made by the Cadangan page and `npm run backup`; `npm run restore` keeps replaced data there too. */
  BACKUPS_DIR: z.string().min(1).default("./backups"),
  SESSION_SECRET: z.string().optional(),
  OPERATOR_USERNAME: z
    .string()
    .regex(/^\S+$/, "tanpa spasi")
    .default("operator"),
  OPERATOR_PASSWORD: z.string().optional(),
  SEED_DEMO: flag.default(true),
  /** The LPPM part of the demo (LPPM.md, "Demo data"); unset, it follows SEED_DEMO. */
  SEED_DEMO_LPPM: flag.optional(),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (else it is ignored). */
  TRUST_PROXY: flag.default(false),
  /** Comma-separated origins allowed to call /api/* from a browser (no wildcard). */
  CORS_ORIGINS: z.string().default(""),
  /**
   * Who sends WhatsApp messages (password resets, notifications): `webhook` (POST JSON
   * {to, message} to WA_GATEWAY_URL — the default when only that is set), `fonnte` or `cloud`
   * (WhatsApp Business Cloud API). Unset and no WA_GATEWAY_URL: no WhatsApp.
   */
  WA_PROVIDER: z.enum(["webhook", "fonnte", "cloud"], { error: "harus webhook, fonnte, atau cloud" }).optional(),
  /** The webhook gateway: POST JSON {to, message} to this URL. */
  WA_GATEWAY_URL: z.url({ protocol: /^https?$/, error: "harus URL http(s)" }).optional(),
  /** The provider's token: the webhook's and Cloud API's Bearer token, Fonnte's device token. */
  WA_GATEWAY_TOKEN: z.string().optional(),
  /** Another base URL for Fonnte (https://api.fonnte.com) or the Cloud API (https://graph.facebook.com/v23.0). */
  WA_API_URL: z.url({ protocol: /^https?$/, error: "harus URL http(s)" }).optional(),
  /** Cloud API: the sending number's id, and the approved template (one body variable) with its language. */
  WA_CLOUD_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, "hanya angka (Phone number ID dari WhatsApp Manager)").optional(),
  WA_CLOUD_TEMPLATE: z.string().regex(/^[a-z0-9_]+$/, "nama template: huruf kecil, angka, garis bawah").optional(),
  WA_CLOUD_TEMPLATE_LANG: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "kode bahasa, contoh id atau en_US").default("id"),
  /** E-mail: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "harus URL smtp:// atau smtps://, contoh smtp://user:pass@mail.kampus.ac.id:587" })
    .optional(),
  /** The sender of e-mails, e.g. "LPPM Universitas Contoh <lppm@kampus.ac.id>". */
  MAIL_FROM: z
    .string()
    .refine((v) => /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(v.trim()), "alamat e-mail, contoh LPPM Kampus <lppm@kampus.ac.id>")
    .optional(),
  /**
   * The public address of the shop, e.g. https://mebeljati.co.id: canonical URLs,
   * og:url/og:image and the sitemap use it. Unset, they use the origin the request came to.
   */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "harus URL http(s), contoh https://toko.example" })
    .refine((v) => new URL(v).pathname === "/" && !new URL(v).search && !new URL(v).hash, "hanya alamat situs, tanpa path")
    .transform((v) => new URL(v).origin)
    .optional(),
  /**
   * Megabytes the request bodies being read may hold in memory at once, all clients together
   * (README, "Request bodies"); a body that would pass it is answered 503 with Retry-After.
   */
  BODY_MEMORY_MB: z.coerce
    .number({ error: "harus berupa angka (megabyte)" })
    .int("harus bilangan bulat (megabyte)")
    .min(4, "minimal 4")
    .max(4096, "maksimal 4096")
    .default(BODY_MEMORY_MB_DEFAULT),
  /** Days the activity log (Log Aktivitas) keeps an entry; older ones go in the daily job. */
  AKTIVITAS_RETENSI_HARI: z.coerce
    .number({ error: "harus berupa angka (jumlah hari)" })
    .int("harus bilangan bulat (jumlah hari)")
    .min(1, "minimal 1 hari")
    .max(36500, "maksimal 36500 hari")
    .default(AKTIVITAS_RETENSI_HARI_DEFAULT),
  /** Days WhatsApp clicks (wa_klik) are kept; older ones go in the daily job. */
  WA_KLIK_RETENSI_HARI: z.coerce
    .number({ error: "harus berupa angka (jumlah hari)" })
    .int("harus bilangan bulat (jumlah hari)")
    .min(WA_KLIK_RETENSI_HARI_MIN, `minimal ${WA_KLIK_RETENSI_HARI_MIN} hari (periode terpanjang Statistik WhatsApp)`)
    .max(36500, "maksimal 36500 hari")
    .default(WA_KLIK_RETENSI_HARI_DEFAULT),
  /**
   * "off": this process runs no timed work (reminders, notices, retention, the notification
   * queue, the daily backup) — for a second process beside the one that does, and for tests that
   * check that a request changed nothing stored while a minute-old server would start them.
   */
  TIMED_JOBS: z.enum(["on", "off"], { error: 'harus "on" atau "off"' }).default("on"),
  /**
   * Sign-in with the campus account (OpenID Connect, README "Campus login"): the provider's
   * issuer, the app's client id and secret there, and the e-mail domains it may sign in. All
   * four or none: a partial setting is refused at start-up rather than silently turning it off.
   */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: "harus URL http(s), contoh https://accounts.google.com" })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_EMAIL_DOMAINS: z
    .string()
    .transform((v) => v.split(",").map((d) => d.trim().toLowerCase()).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "daftar domain dipisah koma, contoh kampus.ac.id,mhs.kampus.ac.id"))
        .min(1, "daftar domain dipisah koma, contoh kampus.ac.id"),
    )
    .optional(),
});

/** The four settings of the campus sign-in: all set turns it on. */
export const OIDC_SETTINGS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_EMAIL_DOMAINS"] as const;

/** What each WhatsApp provider and e-mail need besides their own variable: checked together, named one per line. */
const channelSchema = envSchema.superRefine((env, ctx) => {
  const missing = (name: string, why: string) => ctx.addIssue({ code: "custom", path: [name], message: why });
  const provider = env.WA_PROVIDER ?? (env.WA_GATEWAY_URL ? "webhook" : undefined);
  if (provider === "webhook" && !env.WA_GATEWAY_URL) missing("WA_GATEWAY_URL", "wajib diisi untuk WA_PROVIDER=webhook");
  if ((provider === "fonnte" || provider === "cloud") && !env.WA_GATEWAY_TOKEN) missing("WA_GATEWAY_TOKEN", `wajib diisi untuk WA_PROVIDER=${provider} (token dari ${provider === "fonnte" ? "Fonnte" : "Meta"})`);
  if (provider === "cloud" && !env.WA_CLOUD_PHONE_NUMBER_ID) missing("WA_CLOUD_PHONE_NUMBER_ID", "wajib diisi untuk WA_PROVIDER=cloud");
  if (provider === "cloud" && !env.WA_CLOUD_TEMPLATE) missing("WA_CLOUD_TEMPLATE", "wajib diisi untuk WA_PROVIDER=cloud (nama template yang sudah disetujui)");
  if (env.SMTP_URL && !env.MAIL_FROM) missing("MAIL_FROM", "wajib diisi bila SMTP_URL diisi, contoh LPPM Kampus <lppm@kampus.ac.id>");
  if (OIDC_SETTINGS.some((name) => env[name] !== undefined)) {
    for (const name of OIDC_SETTINGS) {
      if (env[name] === undefined) missing(name, `wajib diisi bila masuk dengan akun kampus dipakai (${OIDC_SETTINGS.join(", ")})`);
    }
  }
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string };

let cached: Env | undefined;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings count as "not set" so `PORT=` falls back to the default.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = channelSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message} (nilai: ${JSON.stringify(source[String(issue.path[0])])})`,
    );
    throw new Error(`Konfigurasi lingkungan tidak valid:\n${lines.join("\n")}`);
  }
  const env = result.data;
  let secret = env.SESSION_SECRET;
  if (!secret || secret.length < 16) {
    if (env.NODE_ENV === "production") {
      throw new Error(
        "Konfigurasi lingkungan tidak valid:\n  SESSION_SECRET: wajib diisi (minimal 16 karakter) saat NODE_ENV=production",
      );
    }
    secret = "etalase-dev-only-secret-do-not-use";
  }
  return { ...env, SESSION_SECRET: secret };
}

export function getEnv(): Env {
  if (!cached) {
    cached = parseEnv();
    if (cached.NODE_ENV !== "production" && !process.env.SESSION_SECRET) {
      console.warn("[etalase] SESSION_SECRET tidak diisi: memakai kunci khusus pengembangan.");
    }
  }
  return cached;
}

/** For tests: forget the parsed env so a changed process.env is read again. */
export function resetEnvCache() {
  cached = undefined;
}

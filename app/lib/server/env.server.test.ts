import { afterEach, describe, expect, it, vi } from "vitest";
import { getEnv, parseEnv, resetEnvCache } from "~/lib/server/env.server";

describe("parseEnv", () => {
  it("uses the documented defaults", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATABASE_URL).toBe("./data/etalase.db");
    expect(env.UPLOADS_DIR).toBe("./uploads");
    expect(env.OPERATOR_USERNAME).toBe("operator");
    expect(env.OPERATOR_PASSWORD).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    // Outside production a development-only secret fills in.
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(16);
  });

  it("reads given values", () => {
    const env = parseEnv({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "/var/lib/etalase/db.sqlite",
      UPLOADS_DIR: "/var/lib/etalase/uploads",
      SESSION_SECRET: "a-very-long-secret-value",
      OPERATOR_USERNAME: "admin",
      OPERATOR_PASSWORD: "Rahasia123",
    });
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATABASE_URL).toBe("/var/lib/etalase/db.sqlite");
    expect(env.UPLOADS_DIR).toBe("/var/lib/etalase/uploads");
    expect(env.SESSION_SECRET).toBe("a-very-long-secret-value");
    expect(env.OPERATOR_USERNAME).toBe("admin");
    expect(env.OPERATOR_PASSWORD).toBe("Rahasia123");
  });

  it("treats an empty value as not set", () => {
    expect(parseEnv({ PORT: "" }).PORT).toBe(3000);
  });

  it("reads the campus sign-in's four settings, the domains as a list in lower case", () => {
    const env = parseEnv({
      OIDC_ISSUER: "https://accounts.google.com",
      OIDC_CLIENT_ID: "123.apps.googleusercontent.com",
      OIDC_CLIENT_SECRET: "rahasia",
      OIDC_EMAIL_DOMAINS: "Kampus.ac.id, fakultas.kampus.ac.id,",
    });
    expect(env.OIDC_EMAIL_DOMAINS).toEqual(["kampus.ac.id", "fakultas.kampus.ac.id"]);
    expect(parseEnv({}).OIDC_ISSUER).toBeUndefined();
  });

  it("refuses part of the campus sign-in's settings, naming each one missing, and a bad domain list", () => {
    expect(() => parseEnv({ OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "abc" })).toThrow(
      /OIDC_CLIENT_SECRET: wajib diisi bila masuk dengan akun kampus dipakai[\s\S]*OIDC_EMAIL_DOMAINS: wajib diisi/,
    );
    expect(() =>
      parseEnv({ OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b", OIDC_EMAIL_DOMAINS: "kampus ac id" }),
    ).toThrow(/OIDC_EMAIL_DOMAINS\.0: daftar domain dipisah koma/);
    expect(() => parseEnv({ OIDC_ISSUER: "accounts.google.com" })).toThrow(/OIDC_ISSUER: harus URL http\(s\)/);
  });

  it("names PORT when it is not a number", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/"abc"/);
  });

  it("rejects a PORT out of range", () => {
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ PORT: "0" })).toThrow(/PORT/);
  });

  it("names SESSION_SECRET when production has none or a short one", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toBe("x".repeat(32));
  });

  it("reads SEED_DEMO flags", () => {
    expect(parseEnv({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: "no" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: "1" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
  });

  it("rejects an operator username with spaces, naming the variable", () => {
    expect(() => parseEnv({ OPERATOR_USERNAME: "op erator" })).toThrow(/OPERATOR_USERNAME/);
  });

  it("reads AKTIVITAS_RETENSI_HARI: 365 days unless set, a positive whole number of days", () => {
    expect(parseEnv({}).AKTIVITAS_RETENSI_HARI).toBe(365);
    expect(parseEnv({ AKTIVITAS_RETENSI_HARI: "" }).AKTIVITAS_RETENSI_HARI).toBe(365);
    expect(parseEnv({ AKTIVITAS_RETENSI_HARI: "90" }).AKTIVITAS_RETENSI_HARI).toBe(90);
    expect(parseEnv({ AKTIVITAS_RETENSI_HARI: "1" }).AKTIVITAS_RETENSI_HARI).toBe(1);
  });

  it("rejects a bad AKTIVITAS_RETENSI_HARI with a message naming it and the value", () => {
    expect(() => parseEnv({ AKTIVITAS_RETENSI_HARI: "setahun" })).toThrow(
      /AKTIVITAS_RETENSI_HARI: harus berupa angka \(jumlah hari\) \(nilai: "setahun"\)/,
    );
    expect(() => parseEnv({ AKTIVITAS_RETENSI_HARI: "0" })).toThrow(/AKTIVITAS_RETENSI_HARI: minimal 1 hari/);
    expect(() => parseEnv({ AKTIVITAS_RETENSI_HARI: "-30" })).toThrow(/AKTIVITAS_RETENSI_HARI: minimal 1 hari/);
    expect(() => parseEnv({ AKTIVITAS_RETENSI_HARI: "7.5" })).toThrow(/AKTIVITAS_RETENSI_HARI: harus bilangan bulat/);
    expect(() => parseEnv({ AKTIVITAS_RETENSI_HARI: "99999" })).toThrow(/AKTIVITAS_RETENSI_HARI: maksimal 36500 hari/);
  });

  it("reads WA_KLIK_RETENSI_HARI: 120 days unless set, never fewer than the statistics' 90", () => {
    expect(parseEnv({}).WA_KLIK_RETENSI_HARI).toBe(120);
    expect(parseEnv({ WA_KLIK_RETENSI_HARI: "" }).WA_KLIK_RETENSI_HARI).toBe(120);
    expect(parseEnv({ WA_KLIK_RETENSI_HARI: "90" }).WA_KLIK_RETENSI_HARI).toBe(90);
    expect(parseEnv({ WA_KLIK_RETENSI_HARI: "730" }).WA_KLIK_RETENSI_HARI).toBe(730);
    expect(() => parseEnv({ WA_KLIK_RETENSI_HARI: "30" })).toThrow(/WA_KLIK_RETENSI_HARI: minimal 90 hari \(periode terpanjang Statistik WhatsApp\) \(nilai: "30"\)/);
    expect(() => parseEnv({ WA_KLIK_RETENSI_HARI: "tiga bulan" })).toThrow(/WA_KLIK_RETENSI_HARI: harus berupa angka \(jumlah hari\)/);
    expect(() => parseEnv({ WA_KLIK_RETENSI_HARI: "99.5" })).toThrow(/WA_KLIK_RETENSI_HARI: harus bilangan bulat/);
  });

  it("reads TIMED_JOBS: on unless set to off", () => {
    expect(parseEnv({}).TIMED_JOBS).toBe("on");
    expect(parseEnv({ TIMED_JOBS: "" }).TIMED_JOBS).toBe("on");
    expect(parseEnv({ TIMED_JOBS: "off" }).TIMED_JOBS).toBe("off");
    expect(() => parseEnv({ TIMED_JOBS: "nanti" })).toThrow(/TIMED_JOBS: harus "on" atau "off"/);
  });

  it("rejects an unknown NODE_ENV", () => {
    expect(() => parseEnv({ NODE_ENV: "staging" })).toThrow(/NODE_ENV/);
  });
});

describe("getEnv", () => {
  const saved = { ...process.env };

  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
    vi.restoreAllMocks();
  });

  it("caches until resetEnvCache() is called", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    process.env.PORT = "4001";
    resetEnvCache();
    expect(getEnv().PORT).toBe(4001);
    process.env.PORT = "4002";
    expect(getEnv().PORT).toBe(4001);
    resetEnvCache();
    expect(getEnv().PORT).toBe(4002);
  });
});

import { createCookie } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { flashHeader, readSignedCookie, takeFlash } from "~/http/session.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("the flash cookie", () => {
  it("cuts a toast longer than 300 characters at a word with '…' instead of failing the post that made it", async () => {
    const long = `Data demo dihapus; cadangan sebelumnya: etalase-2026-11-28-1911-WIB-2. Yang dihapus: ${Array.from({ length: 40 }, (_, i) => `${i + 1} bagian`).join(", ")}.`;
    expect(long.length).toBeGreaterThan(300);
    const header = await flashHeader({ kind: "success", message: long });
    const { flash } = await takeFlash(withCookie(header.split(";")[0]!));
    expect(flash!.message.length).toBeLessThanOrEqual(300);
    expect(flash!.message).toMatch(/^Data demo dihapus; cadangan sebelumnya: etalase-2026-11-28-1911-WIB-2\. Yang dihapus: 1 bagian, .*\S…$/);
    expect(long.startsWith(flash!.message.slice(0, -1))).toBe(true);
  });

  it("carries a toast once, signed", async () => {
    const header = await flashHeader({ kind: "success", message: "Data berhasil disimpan" });
    const pair = header.split(";")[0]!;
    const { flash, setCookie } = await takeFlash(withCookie(pair));
    expect(flash).toEqual({ kind: "success", message: "Data berhasil disimpan" });
    expect(setCookie).toMatch(/etalase_flash=;.*Max-Age=0/i);
  });

  it("ignores a forged or tampered one, and a shape it does not know", async () => {
    const forged = Buffer.from(JSON.stringify({ kind: "error", message: "Toko tutup selamanya" })).toString("base64");
    expect((await takeFlash(withCookie(`etalase_flash=${encodeURIComponent(forged)}`))).flash).toBeNull();
    const real = (await flashHeader({ kind: "error", message: "Gagal menyimpan data" })).split(";")[0]!;
    const tampered = real.replace(/.(?=\.)/, (c) => (c === "A" ? "B" : "A"));
    expect((await takeFlash(withCookie(tampered))).flash).toBeNull();
    await expect(flashHeader({ kind: "info", message: "x" } as never)).rejects.toThrow();
    expect((await takeFlash(withCookie("lain=1"))).setCookie).toBeNull();
  });
});

describe("the session cookie, read without WebCrypto", () => {
  const SECRET = "rahasia-sesi-uji-0123456789abcdef";
  const rr = createCookie("etalase_sid", { httpOnly: true, sameSite: "lax", path: "/", secrets: [SECRET] });
  const pairOf = async (value: unknown) => (await rr.serialize(value)).split(";")[0]!;
  const header = (pair: string) => `lain=1; ${pair}; akhir=2`;

  it("reads what React Router's createCookie wrote, exactly as createCookie reads it", async () => {
    for (const value of ["f0e1d2c3b4a5968778695a4b3c2d1e0f", "sesi dengan spasi & ü", { id: 7, nama: "Kursi" }]) {
      const pair = await pairOf(value);
      expect(readSignedCookie(header(pair), "etalase_sid", SECRET)).toEqual(value);
      expect(readSignedCookie(header(pair), "etalase_sid", SECRET)).toEqual(await rr.parse(header(pair)));
    }
  });

  it("refuses a forged, tampered, foreign or malformed one", async () => {
    const pair = await pairOf("f0e1d2c3b4a5968778695a4b3c2d1e0f");
    const [, value] = pair.split("=");
    const tampered = pair.replace(/.(?=\.)/, (c) => (c === "A" ? "B" : "A"));
    const other = createCookie("etalase_sid", { secrets: ["rahasia-lain-0123456789abcdef0123"] });
    const unsigned = Buffer.from(JSON.stringify("sesi-palsu")).toString("base64");
    for (const bad of [
      header(tampered),
      (await other.serialize("f0e1d2c3b4a5968778695a4b3c2d1e0f")).split(";")[0]!,
      `etalase_sid=${encodeURIComponent(unsigned)}`,
      `etalase_sid=${value}x`,
      "etalase_sid=%E0%A4%A",
      "etalase_sid=.",
      "etalase_sid=",
      "lain=1",
      "",
    ]) {
      expect(readSignedCookie(bad, "etalase_sid", SECRET), bad).toBeUndefined();
      expect(await rr.parse(bad), bad).toBeFalsy();
    }
    expect(readSignedCookie(null, "etalase_sid", SECRET)).toBeUndefined();
    // The first cookie of the name counts, as for createCookie.
    expect(readSignedCookie(`${pair}; etalase_sid=lain`, "etalase_sid", SECRET)).toBe("f0e1d2c3b4a5968778695a4b3c2d1e0f");
  });
});

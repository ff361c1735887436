import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { flashHeader, takeFlash } from "~/lib/http/session.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("the flash cookie", () => {
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

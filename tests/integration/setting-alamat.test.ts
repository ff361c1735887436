/**
 * The shop's address as the spec stores it ("alamat may contain line breaks or markup"), on the
 * built server: posted through the legacy API with markup, it comes back sanitized from the API
 * and renders as markup — never as literal tags — on /kontak-kami and in every page's footer;
 * plain line breaks still show as breaks; a row an older version stored unsanitized is made safe.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { startBuiltServer, type BuiltServer } from "../setup/built-server";
import type { TestDb } from "../setup/test-db";

let t: TestDb;
let server: BuiltServer;
let token: string;

beforeAll(async () => {
  ({ t, server } = await startBuiltServer());
}, 240_000);
afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

/** The section of a page between two markers (the address block, the footer). */
function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, start).toBeGreaterThan(-1);
  return html.slice(from, html.indexOf(end, from));
}

async function page(path: string): Promise<string> {
  const res = await fetch(`${server.base}${path}`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
  expect(res.status).toBe(200);
  return res.text();
}

async function saveAlamat(alamat: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries({ nama_toko: "Mebel Jati Nusantara", alamat, instagram: "@mebeljati", whatsapp: "081234567890", facebook: "mebeljati", _method: "PATCH" })) {
    body.set(key, value);
  }
  const res = await fetch(`${server.base}/api/formsetting/1`, { method: "POST", body, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { data?: { setting?: { alamat: string } } };
}

describe("Setting → Alamat with line breaks and markup", () => {
  it("a row stored unsanitized (an older version, the legacy back end) is made safe on the pages", async () => {
    t.db.$client.prepare("update setting set alamat = ? where id = 1").run('Jl. Lama 1<img src=x onerror="alert(1)"><br>Jepara<script>alert(2)</script>');
    const html = await page("/kontak-kami");
    const alamat = between(html, 'id="kantor-pusat"', "</address>");
    expect(alamat).toContain("Jl. Lama 1<br>Jepara");
    expect(alamat).not.toMatch(/<img|<script|onerror/);
  });

  it("posted through the API with markup: answered sanitized by the API, rendered as markup on both pages", async () => {
    const login = await fetch(`${server.base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;

    const typed = 'Jl. Raya Jepara<br>Jepara, <b>Jawa Tengah</b> <a href="javascript:alert(1)">x</a><script>alert(3)</script> & Co';
    const stored = "Jl. Raya Jepara<br>Jepara, <b>Jawa Tengah</b> x &amp; Co";
    await saveAlamat(typed);

    const read = await fetch(`${server.base}/api/formsetting/1`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await read.json()) as { data: { alamat: string } }).data.alamat).toBe(stored);
    const link = await fetch(`${server.base}/api/link`);
    expect(((await link.json()) as { data: { setting: { alamat: string } } }).data.setting.alamat).toBe(stored);

    const kontak = await page("/kontak-kami");
    const alamat = between(kontak, 'id="kantor-pusat"', "</address>");
    expect(alamat).toContain("Jl. Raya Jepara<br>Jepara, <b>Jawa Tengah</b> x &amp; Co");
    expect(alamat).not.toContain("&lt;b&gt;");
    expect(alamat).not.toMatch(/<script|javascript:/);
    // Every public page's footer shows it the same way.
    for (const path of ["/", "/produk"]) {
      const footer = between(await page(path), "<footer", "</footer>");
      expect(footer, path).toContain("Jepara, <b>Jawa Tengah</b>");
      expect(footer, path).not.toContain("&lt;b&gt;");
    }
    // Structured data names the address as plain text.
    const ld = [...kontak.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.stringify(JSON.parse(m[1]!)));
    expect(ld.join("\n")).toContain('"streetAddress":"Jl. Raya Jepara, Jepara, Jawa Tengah x & Co"');
  });

  it("plain line breaks typed in the form still show as breaks", async () => {
    await saveAlamat("Jl. Satu No. 1\nKudus");
    const alamat = between(await page("/kontak-kami"), 'id="kantor-pusat"', "</address>");
    expect(alamat).toContain("Jl. Satu No. 1<br>Kudus");
  });
});

/**
 * A public page whose data cannot be loaded shows 'Gagal menampilkan data' inside the site's
 * shell — header, footer, the shop's name in the title — as the back office's does; a missing
 * page stays the NotFound page as the spec draws it (no header). On the built server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../setup/built-server";
import type { TestDb } from "../setup/test-db";

let t: TestDb;
let server: BuiltServer;

beforeAll(async () => {
  ({ t, server } = await startBuiltServer());
}, 240_000);
afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

describe("the public site's error page", () => {
  it("keeps the header, the footer and the shop's name when a page's data fails", async () => {
    const setting = t.db.$client.prepare("select nama_toko, kota from setting where id = 1").get() as { nama_toko: string; kota: string };
    // The About page's own data (the gallery) is gone; the shell's (setting, branches) is not.
    t.db.$client.exec("alter table galeri rename to galeri_hilang");
    try {
      const res = await fetch(`${server.base}/tentang-kami`);
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain(`<title>Gagal menampilkan data - ${setting.nama_toko} ${setting.kota}</title>`);
      expect(html).toMatch(/<h1[^>]*>Gagal menampilkan data<\/h1>/);
      // The shell: the header's menu, the footer with the shop's name, the floating WhatsApp button.
      expect(html).toMatch(/<header[\s\S]*Tentang Kami[\s\S]*<\/header>/);
      expect(html).toMatch(/<footer[\s\S]*<\/footer>/);
      expect(html).toContain('aria-label="Hubungi kami lewat WhatsApp"');
    } finally {
      t.db.$client.exec("alter table galeri_hilang rename to galeri");
    }
  });

  it("a missing page is still the NotFound page, without the header", async () => {
    const res = await fetch(`${server.base}/halaman-yang-tidak-ada`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Maaf! Halaman tidak ditemukan");
    expect(html).not.toContain("<header");
    expect(html).not.toContain("<footer");
  });
});

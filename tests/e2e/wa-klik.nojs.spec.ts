/**
 * WhatsApp clicks with JavaScript OFF: the public links are plain /wa/…
 * links answered by a 302 (read here, not followed out of the test's network), an unknown
 * branch is the 404 page, and Statistik WhatsApp works as plain links: the period switch, the
 * table behind the chart, and the CSV download. Runs on a private server per worker.
 */
import { expect, OWN_SERVER, test } from "./fixtures";

test.use(OWN_SERVER);

const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const PATH = "/operator/master/statistik-whatsapp";

test("the shop's WhatsApp link without JavaScript: counted, 302 to the chat; Statistik WhatsApp by plain links", async ({ page }) => {
  await page.goto(`${PATH}?hari=90`);
  const before = Number(/Total ([\d.]+) klik/.exec((await page.getByTestId("wa-total").textContent()) ?? "")?.[1]?.replace(/\./g, ""));

  await page.goto("/kontak-kami");
  const href = (await page.getByRole("link", { name: "Chat WhatsApp" }).first().getAttribute("href")) ?? "";
  expect(href).toBe("/wa/toko?dari=kontak-kami");
  const answer = await page.request.get(href, { maxRedirects: 0, headers: { "User-Agent": CHROME } });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toMatch(/^https:\/\/wa\.me\/62\d{8,}$/);

  const missing = await page.goto("/wa/999999");
  expect(missing?.status()).toBe(404);

  await page.goto(PATH);
  await page.getByRole("link", { name: "90 hari terakhir" }).click();
  await expect(page).toHaveURL(`${PATH}?hari=90`);
  await expect(page.getByTestId("wa-total")).toContainText(`Total ${(before + 1).toLocaleString("id-ID")} klik`);
  const perCabang = page.getByRole("table", { name: "Per kantor cabang" });
  await expect(perCabang.getByRole("row", { name: /Nomor toko \(Setting\)/ })).toBeVisible();
  await page.getByText("Lihat sebagai tabel").click();
  await expect(page.getByRole("table", { name: "Klik per hari" }).getByRole("row")).toHaveCount(91);

  const csv = await page.request.get(`${PATH}/unduh?hari=90`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="statistik-whatsapp-90-hari-/);
  const body = await csv.text();
  expect(body).toContain("hari,tujuan,produk,halaman,klik");
  expect(body).toContain("Nomor toko (Setting),,Kontak Kami,");
});

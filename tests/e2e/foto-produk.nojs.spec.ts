/**
 * Product photos with JavaScript OFF: the image page and the product form take several photos in
 * one plain post, each under 2 MB, and the page says near the field what to do with a larger one.
 * A 12 MP phone photo of 3–5 MB among them is refused with the spec's message, and nothing of
 * that post is stored (neither the small photo beside it nor, on the product form, the product);
 * small photos alone are stored, each with its variants.
 */
import {
  dialog,
  expect,
  LONG_FLOW_MS,
  MAX_UPLOAD_BYTES,
  OWN_SERVER,
  produkExists,
  produkIdByName,
  seedProduk,
  storedPhotos,
  test,
  unique,
  VARIANTS_PER_IMAGE,
} from "./fixtures";

test.use(OWN_SERVER);
test.describe.configure({ mode: "parallel" });

const TOO_BIG = "Ukuran file harus kurang dari 2MB";
const PHOTOS_HINT =
  "Bisa pilih beberapa foto sekaligus (paling banyak 10). Foto di atas 2 MB diperkecil otomatis bila JavaScript aktif; bila tidak, perkecil dulu fotonya hingga di bawah 2 MB.";

test("image page: a phone photo over 2 MB among small ones is refused and nothing is stored; small ones alone are stored", async ({ page, serverDb, server, samples, phonePhoto }) => {
  test.setTimeout(LONG_FLOW_MS);
  const nama = `Rak Foto ${unique()}`;
  const produkId = seedProduk(serverDb, nama);
  await page.goto(`/operator/produk/gambarproduk/${produkId}`);
  await page.getByRole("link", { name: "+ Data" }).click();
  let form = dialog(page, `Tambah Gambar Produk ${produkId}`);
  await expect(form.getByText(PHOTOS_HINT)).toBeVisible();
  const input = form.getByLabel("Gambar", { exact: true });
  await expect(input).toHaveAttribute("multiple", "");
  await expect(input).toHaveAttribute("name", "gambar");

  await input.setInputFiles([samples.jpeg, phonePhoto]);
  const refused = page.waitForResponse((r) => r.request().method() === "POST");
  await form.getByRole("button", { name: "Simpan" }).click();
  expect((await refused).status()).toBe(413);
  form = dialog(page, `Tambah Gambar Produk ${produkId}`);
  await expect(form.getByText(TOO_BIG)).toBeVisible();
  expect(await storedPhotos(serverDb, server.dir, produkId)).toEqual([]);

  await form.getByLabel("Gambar", { exact: true }).setInputFiles([samples.jpeg, samples.png]);
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/produk/gambarproduk/${produkId}$`));
  await expect(page.getByRole("img", { name: `Gambar 2 ${nama}` })).toBeVisible();
  const stored = await storedPhotos(serverDb, server.dir, produkId);
  expect(stored).toHaveLength(2);
  // In the order picked: the JPEG first (the cover), then the PNG.
  expect(stored.map((s) => s.src.split(".").pop())).toEqual(["jpg", "png"]);
  for (const image of stored) {
    expect(image.bytes).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(image.variants).toBe(VARIANTS_PER_IMAGE);
  }
});

test("product form: with a phone photo over 2 MB nothing is saved; with small photos the product and its photos are", async ({ page, serverDb, server, samples, phonePhoto }) => {
  test.setTimeout(LONG_FLOW_MS);
  const nama = `Bufet Foto ${unique()}`;
  await page.goto("/operator/produk/produk");
  await page.getByRole("link", { name: "+ Data" }).click();
  let form = dialog(page, "Tambah Produk");
  await expect(form.getByText(PHOTOS_HINT)).toBeVisible();
  await form.getByLabel("Nama Produk").fill(nama);
  await form.getByLabel("Deskripsi").fill("Bufet jati tiga pintu.");
  await form.getByLabel("Harga").fill("3200000");
  await form.getByLabel("Foto Produk").setInputFiles([phonePhoto, samples.jpeg]);
  const refused = page.waitForResponse((r) => r.request().method() === "POST");
  await form.getByRole("button", { name: "Simpan" }).click();
  expect((await refused).status()).toBe(413);
  form = dialog(page, "Tambah Produk");
  await expect(form.getByText(TOO_BIG)).toBeVisible();
  expect(produkExists(serverDb, nama)).toBe(false);

  // The typed fields came back; only the photos are picked again.
  await expect(form.getByLabel("Nama Produk")).toHaveValue(nama);
  await form.getByLabel("Foto Produk").setInputFiles([samples.jpeg, samples.jpeg2]);
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/produk$/);
  const stored = await storedPhotos(serverDb, server.dir, produkIdByName(serverDb, nama));
  expect(stored).toHaveLength(2);
  for (const image of stored) expect(image.variants).toBe(VARIANTS_PER_IMAGE);
});

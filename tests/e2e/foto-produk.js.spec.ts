/**
 * Product photos straight from a phone, with JavaScript on: on a product's image page and in the
 * product form the operator picks several photos at once, one of them a 12 MP photo of 3–5 MB
 * held upright (EXIF orientation 6). The browser makes it smaller ('Mengecilkan…', then 'Siap
 * diunggah'), sends each photo with its progress ('Mengunggah n%') and marks it 'Selesai'; the
 * server stores an original under 2 MB, upright, without EXIF, with every variant. A photo the
 * server refuses says why ('Gagal: ' and the server's message) and the others still go through.
 * The upload is slowed down (Chromium's network emulation) so that the progress is seen.
 */
import type { Locator, Page } from "@playwright/test";
import {
  dialog,
  expect,
  LONG_FLOW_MS,
  MAX_UPLOAD_BYTES,
  OWN_SERVER,
  PHONE_PHOTO,
  produkIdByName,
  seedProduk,
  storedPhotos,
  test,
  toast,
  unique,
  VARIANTS_PER_IMAGE,
  withToast,
} from "./fixtures";

test.use(OWN_SERVER);
test.describe.configure({ mode: "parallel" });

const SAVED = "Data berhasil disimpan";
const PHOTOS_HINT = "Foto di atas 2 MB diperkecil otomatis bila JavaScript aktif";

/**
 * The server re-encodes each photo and makes its variants (seconds each on a busy 2-core
 * machine): the wait for 'Selesai' of all of them.
 */
const STORED_MS = 90_000;

/** ~150 KB/s up, as a phone on a weak connection: a photo made smaller still takes seconds. */
async function slowUpload(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
}

/**
 * Every state each picked photo shows, in order, recorded as the page shows them (a photo may
 * pass through one in less time than a check would take to look).
 */
async function recordStates(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { fotoStates: typeof seen }).fotoStates = seen;
    const note = (li: Element) => {
      const name = li.querySelector("img")?.getAttribute("alt")?.replace(/^Pratinjau /, "") ?? "?";
      const state = li.getAttribute("data-state") ?? "?";
      const list = (seen[name] ??= []);
      if (list.at(-1) !== state) list.push(state);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes" && record.target instanceof Element) note(record.target);
        for (const node of record.addedNodes) {
          if (node instanceof Element) node.querySelectorAll("li[data-state]").forEach(note);
          if (node instanceof Element && node.matches("li[data-state]")) note(node);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
  });
}

async function statesSeen(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => (window as unknown as { fotoStates: Record<string, string[]> }).fotoStates);
}

/** The picked photo named `name` in the dialog's list. */
function photo(form: Locator, name: string): Locator {
  return form.getByRole("list", { name: "Foto yang dipilih" }).getByRole("listitem").filter({ hasText: `File baru dipilih: ${name}` });
}

/** Checks what the server stored: originals under 2 MB, at most 2560 px, upright, no EXIF, every variant. */
async function expectStored(stored: Awaited<ReturnType<typeof storedPhotos>>, count: number) {
  expect(stored).toHaveLength(count);
  for (const image of stored) {
    expect(image.bytes).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2560);
    expect(image.orientation).toBeUndefined();
    expect(image.variants).toBe(VARIANTS_PER_IMAGE);
  }
}

test("image page: a 12 MP phone photo and a small one at once — made smaller, sent with progress, stored upright", async ({ page, serverDb, server, samples, phonePhoto }) => {
  test.setTimeout(LONG_FLOW_MS);
  const nama = `Lemari Foto ${unique()}`;
  const produkId = seedProduk(serverDb, nama);
  const bigName = phonePhoto.split("/").pop()!;

  await page.goto(`/operator/produk/gambarproduk/${produkId}`);
  await expect(page.getByText("Belum ada gambar untuk produk ini.")).toBeVisible();
  await page.getByRole("link", { name: "+ Data" }).click();
  const form = dialog(page, `Tambah Gambar Produk ${produkId}`);
  await expect(form.getByText(PHOTOS_HINT)).toBeVisible();
  await expect(form.getByText("Format JPG, PNG, ukuran max 2 Mb")).toBeVisible();
  const input = form.getByLabel("Gambar", { exact: true });
  await expect(input).toHaveAttribute("multiple", "");
  await expect(input).toHaveAttribute("accept", "image/*");
  await recordStates(page);
  await slowUpload(page);

  await input.setInputFiles([phonePhoto, samples.jpeg]);
  const big = photo(form, bigName);
  const small = photo(form, "kursi-jati.jpg");
  await expect(big.getByRole("img", { name: `Pratinjau ${bigName}` })).toBeVisible();
  // Made smaller than 2 MB in the browser (the original is 3–5 MB).
  await expect(big.getByRole("status")).toHaveText(/^Siap diunggah \((\d+ KB|1[,.]\d MB)\)$/);
  await expect(small.getByRole("status")).toHaveText(/^Siap diunggah/);

  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(form.getByRole("button", { name: "Loading..." })).toBeVisible();
  await expect(big.getByRole("status")).toHaveText(/^Mengunggah \d{1,2}%$/);
  await expect(big.getByRole("progressbar", { name: `Unggahan ${bigName}` })).toBeVisible();
  await expect(toast(page, SAVED)).toBeVisible({ timeout: STORED_MS });
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("img", { name: `Gambar 2 ${nama}` })).toBeVisible();

  const seen = await statesSeen(page);
  expect(seen[bigName]).toEqual(["mengecilkan", "siap", "mengunggah", "selesai"]);
  expect(seen["kursi-jati.jpg"]?.at(-1)).toBe("selesai");

  const stored = await storedPhotos(serverDb, server.dir, produkId);
  await expectStored(stored, 2);
  // The phone photo, upright: the phone's orientation was applied before it was sent.
  const [phone] = stored;
  expect(phone!.height).toBeGreaterThan(phone!.width);
  expect(phone!.height).toBeLessThanOrEqual(2560);
  expect(PHONE_PHOTO.width).toBeGreaterThan(PHONE_PHOTO.height);
});

test("image page: a photo the server refuses says why, the others are stored; it can be dropped from the list", async ({ page, serverDb, server, samples }) => {
  const nama = `Meja Foto ${unique()}`;
  const produkId = seedProduk(serverDb, nama);
  await page.goto(`/operator/produk/gambarproduk/${produkId}?tambah=1`);
  const form = dialog(page, `Tambah Gambar Produk ${produkId}`);
  const input = form.getByLabel("Gambar", { exact: true });

  // Simpan with nothing picked: the field says so.
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(form.getByText("Gambar wajib dipilih.")).toBeVisible();

  // A text file the browser cannot read as a picture: refused at once, never sent.
  await input.setInputFiles(samples.text);
  await expect(photo(form, "catatan.txt").getByRole("status")).toHaveText("Gagal: Format file harus JPG, PNG");
  await form.getByRole("button", { name: "Batalkan catatan.txt" }).click();
  await expect(photo(form, "catatan.txt")).toHaveCount(0);

  // Text named .jpg passes the browser; the server reads its content and refuses it.
  await input.setInputFiles([samples.fakeJpeg, samples.png]);
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(toast(page, "Gagal menyimpan data")).toBeVisible({ timeout: STORED_MS });
  await expect(photo(form, "bukan-gambar.jpg").getByRole("status")).toHaveText("Gagal: Format file harus JPG, PNG");
  await expect(photo(form, "lemari.png").getByRole("status")).toHaveText("Selesai");
  await expect(page.locator(`main img[alt^="Gambar "][alt$=" ${nama}"]`)).toHaveCount(1);
  await expectStored(await storedPhotos(serverDb, server.dir, produkId), 1);

  // Dropped, then Simpan with nothing left to send closes the dialog.
  await form.getByRole("button", { name: "Batalkan bukan-gambar.jpg" }).click();
  await withToast(page, SAVED, () => form.getByRole("button", { name: "Simpan" }).click());
  await expect(form).toHaveCount(0);
});

test("product form: a new product with a phone photo and a small one — saved, then its photos sent", async ({ page, serverDb, server, samples, phonePhoto }) => {
  test.setTimeout(LONG_FLOW_MS);
  const nama = `Kursi Foto ${unique()}`;
  const bigName = phonePhoto.split("/").pop()!;
  await page.goto("/operator/produk/produk");
  await page.getByRole("link", { name: "+ Data" }).click();
  const form = dialog(page, "Tambah Produk");
  await form.getByLabel("Nama Produk").fill(nama);
  await form.getByLabel("Deskripsi").fill("Kursi jati, difoto dari ponsel.");
  await form.getByLabel("Harga").fill("950000");
  await expect(form.getByText(PHOTOS_HINT)).toBeVisible();
  await recordStates(page);
  await slowUpload(page);
  await form.getByLabel("Foto Produk").setInputFiles([phonePhoto, samples.jpeg2]);
  await expect(photo(form, bigName).getByRole("status")).toHaveText(/^(Mengecilkan…|Siap diunggah)/);

  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(photo(form, bigName).getByRole("status")).toHaveText(/^Mengunggah \d{1,2}%$/);
  await expect(toast(page, SAVED)).toBeVisible({ timeout: STORED_MS });
  await expect(form).toHaveCount(0);

  const produkId = produkIdByName(serverDb, nama);
  const seen = await statesSeen(page);
  expect(seen[bigName]).toEqual(expect.arrayContaining(["mengecilkan", "mengunggah", "selesai"]));
  const stored = await storedPhotos(serverDb, server.dir, produkId);
  await expectStored(stored, 2);
  expect(stored[0]!.height).toBeGreaterThan(stored[0]!.width);

  // The product's image page lists them, the phone photo first (the cover).
  await page.goto(`/operator/produk/gambarproduk/${produkId}`);
  await expect(page.getByRole("img", { name: `Gambar 1 ${nama}` })).toHaveAttribute("src", stored[0]!.src);
  await expect(page.getByRole("img", { name: `Gambar 2 ${nama}` })).toHaveAttribute("src", stored[1]!.src);
});

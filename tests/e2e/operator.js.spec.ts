/**
 * The operator back office with JavaScript on, as an operator uses it: for every screen the
 * create, edit and delete through the modals (opened by clicking), the toasts, the table or
 * grid afterwards and the public page that shows the change; uploads (a JPEG, a PNG) and
 * refused uploads (over 2 MB or not an image: the 'Perhatian!' alert clears the input; a text
 * file named .jpg: the server's message; a product's photos: foto-produk.js.spec.ts); the change-password modal; the guard; the phone
 * layout. Runs on a private server per worker (see ./support/servers.ts); every name carries a
 * random suffix, so the tests do not depend on each other.
 */
import type { Page } from "@playwright/test";
import {
  confirmDelete,
  dialog,
  expect,
  login,
  LONG_FLOW_MS,
  OWN_SERVER,
  PHONE_VIEWPORT,
  row,
  rowAction,
  search,
  sidebarToggle,
  test,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  unique,
  withToast,
} from "./fixtures";

test.use(OWN_SERVER);
test.describe.configure({ mode: "parallel" });

const SAVED = "Data berhasil disimpan";
const DELETED = "Data berhasil dihapus";
const TOO_BIG = "Ukuran file harus kurang dari 2MB";
const BAD_TYPE = "Format file harus JPG, PNG";

/** The browser's refusal: the 'Perhatian!' alert with the message; OK closes it. */
async function expectUploadAlert(page: Page, message: string) {
  const alert = page.getByRole("alertdialog");
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("heading", { name: "Perhatian!" })).toBeVisible();
  await expect(alert).toContainText(message);
  await alert.getByRole("button", { name: "OK" }).click();
  await expect(alert).toHaveCount(0);
}

/** A file input that was cleared holds no file. */
async function expectNoFileChosen(page: Page, selector: string) {
  await expect.poll(() => page.locator(selector).evaluate((input: HTMLInputElement) => input.files?.length ?? -1)).toBe(0);
}

test.describe("guard and login", () => {
  test.use({ asOperator: false });

  test("anonymous → /login; logging in returns to the asked page; the dashboard greets", async ({ page }) => {
    await page.goto("/operator/produk/produk");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Foperator%2Fproduk%2Fproduk$/);
    await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    await expect(page).toHaveURL(/\/operator\/produk\/produk$/);
    await expect(page.getByRole("heading", { level: 1, name: "Produk" })).toBeVisible();
    await expect(page).toHaveTitle(/^Produk - /);

    await page.goto("/operator/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Operator" })).toBeVisible();
    await expect(page.getByText(/^Selamat datang, .+!$/)).toBeVisible();
    await expect(page.getByTestId("nama-pengguna")).not.toHaveText("Guest");

    // Logout ends the session: the operator pages send to /login again.
    await page.getByTestId("nama-pengguna").click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/operator/master/banner");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Foperator%2Fmaster%2Fbanner$/);
  });
});

test("an unknown user to edit is the NotFound page, without the shell (spec section 8)", async ({ page }) => {
  // Spec section 8: a user to edit that does not exist goes to the not-found page.
  const response = await page.goto("/operator/master/user?ubah=999999");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 - Halaman Tidak Ditemukan");
  await expect(page.getByText("Maaf! Halaman tidak ditemukan")).toBeVisible();
  await expect(page.getByTestId("nama-pengguna")).toHaveCount(0);
});

test("Kategori Produk: add, rename, delete — and the public product page follows", async ({ page }) => {
  const id = unique();
  const nama = `Kursi Uji ${id}`;
  const baru = `Meja Uji ${id}`;
  await page.goto("/operator/produk/kategoriproduk");
  await expect(page.getByRole("columnheader")).toHaveText(["No", "Kategori", "SEO", "Action"]);

  await page.getByRole("link", { name: "+ Data" }).click();
  const tambah = dialog(page, "Tambah Kategori Produk");
  await expect(page.getByRole("dialog", { name: "Tambah Kategori Produk" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]tambah=1/);
  // Empty: the rule shows in the modal, nothing is posted.
  await tambah.getByRole("button", { name: "Simpan" }).click();
  await expect(tambah.getByText("Kategori wajib diisi.")).toBeVisible();
  await tambah.getByLabel("Kategori").fill(nama);
  await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
  await expect(tambah).toHaveCount(0);
  await expect(page).not.toHaveURL(/tambah=1/);

  await search(page, id);
  await expect(row(page, nama)).toContainText(`kursi-uji-${id}`);
  await expect(page.getByText("Menampilkan 1 sampai 1 dari 1 entri")).toBeVisible();

  await page.goto("/produk");
  const filter = page.getByRole("navigation", { name: "Filter kategori" });
  await expect(filter.getByRole("link", { name: nama, exact: true })).toHaveAttribute("href", `/produk/kursi-uji-${id}`);

  // Rename: the slug follows, the old public address redirects to the new one.
  await page.goto(`/operator/produk/kategoriproduk?q=${id}`);
  await rowAction(page, nama, "Ubah");
  const ubah = dialog(page, "Ubah Kategori Produk");
  await expect(ubah.getByLabel("Kategori")).toHaveValue(nama);
  await expect(ubah.getByLabel("SEO")).toHaveValue(`kursi-uji-${id}`);
  await expect(ubah.getByLabel("SEO")).toHaveAttribute("readonly", "");
  await ubah.getByLabel("Kategori").fill(baru);
  await withToast(page, SAVED, () => ubah.getByRole("button", { name: "Simpan" }).click());
  await expect(row(page, baru)).toContainText(`meja-uji-${id}`);
  await expect(row(page, nama)).toHaveCount(0);

  await page.goto(`/produk/kursi-uji-${id}`);
  await expect(page).toHaveURL(new RegExp(`/produk/meja-uji-${id}$`));

  // Delete after the confirmation naming it.
  await page.goto(`/operator/produk/kategoriproduk?q=${id}`);
  await rowAction(page, baru, "Hapus");
  await withToast(page, DELETED, () => confirmDelete(page, "Menghapus data ini?", baru));
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
  await page.goto("/produk");
  await expect(page.getByRole("navigation", { name: "Filter kategori" }).getByRole("link", { name: baru })).toHaveCount(0);
});

test("Produk with branches and its images: add, edit, upload, refused uploads, delete — and the detail page", async ({ page, samples }) => {
  // 17 s on an idle machine.
  test.setTimeout(LONG_FLOW_MS);
  const id = unique();
  const nama = `Bangku Uji ${id}`;
  const slug = `bangku-uji-${id}`;
  await page.goto("/operator/produk/produk");
  await expect(page.getByRole("columnheader")).toHaveText(["No", "Kategori", "Nama Produk", "Tersedia Gudang", "Harga", "Action"]);

  await page.getByRole("link", { name: "+ Data" }).click();
  const tambah = dialog(page, "Tambah Produk");
  await tambah.getByRole("button", { name: "Simpan" }).click();
  await expect(tambah.getByText("Nama produk wajib diisi.")).toBeVisible();
  await expect(tambah.getByText("Deskripsi wajib diisi.")).toBeVisible();
  await expect(tambah.getByText("Harga wajib diisi.")).toBeVisible();
  await tambah.getByLabel("Kategori").selectOption({ label: "Lemari" });
  await tambah.getByLabel("Nama Produk").fill(nama);
  await tambah.getByLabel("Deskripsi").fill("Bangku jati untuk teras.\nFinishing natural.");
  await tambah.getByLabel("Harga").fill("1250000");
  await tambah.getByLabel("Gudang Jepara").check();
  await tambah.getByLabel("Cabang Semarang").check();
  await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
  await expect(tambah).toHaveCount(0);

  await search(page, id);
  const produkRow = row(page, nama);
  await expect(produkRow.getByRole("cell").nth(1)).toHaveText("Lemari");
  await expect(produkRow.getByRole("list", { name: "Tersedia di gudang" }).getByRole("listitem")).toHaveText(["Gudang Jepara", "Cabang Semarang"]);
  await expect(produkRow).toContainText("Rp. 1.250.000");

  // Edit: the modal shows the stored choices; swap one branch and the price.
  await rowAction(page, nama, "Ubah");
  const ubah = dialog(page, "Ubah Produk");
  await expect(ubah.getByLabel("Kategori")).toHaveValue(/\d+/);
  await expect(ubah.getByLabel("Nama Produk")).toHaveValue(nama);
  await expect(ubah.getByLabel("SEO")).toHaveValue(slug);
  await expect(ubah.getByLabel("Gudang Jepara")).toBeChecked();
  await expect(ubah.getByLabel("Cabang Semarang")).toBeChecked();
  await expect(ubah.getByLabel("Cabang Surabaya")).not.toBeChecked();
  await ubah.getByLabel("Cabang Semarang").uncheck();
  await ubah.getByLabel("Cabang Surabaya").check();
  await ubah.getByLabel("Harga").fill("Mulai 900 ribu");
  await withToast(page, SAVED, () => ubah.getByRole("button", { name: "Simpan" }).click());
  await expect(produkRow.getByRole("list", { name: "Tersedia di gudang" }).getByRole("listitem")).toHaveText(["Gudang Jepara", "Cabang Surabaya"]);
  await expect(produkRow).toContainText("Rp. Mulai 900 ribu");

  // Product images.
  await rowAction(page, nama, "Gambar Produk");
  await expect(page).toHaveURL(/\/operator\/produk\/gambarproduk\/\d+$/);
  const kode = page.url().split("/").pop()!;
  const ringkasan = page.getByRole("region", { name: "Ringkasan produk" });
  await expect(ringkasan.getByRole("heading", { name: nama })).toBeVisible();
  await expect(ringkasan).toContainText("Gudang Jepara");
  await expect(ringkasan).toContainText("Cabang Surabaya");
  await expect(page.getByText("Belum ada gambar untuk produk ini.")).toBeVisible();

  await page.getByRole("link", { name: "+ Data" }).click();
  const tambahGambar = dialog(page, `Tambah Gambar Produk ${kode}`);
  await expect(tambahGambar.getByText("Format JPG, PNG, ukuran max 2 Mb")).toBeVisible();
  await expect(tambahGambar.getByText("Gunakan ukuran 1024 x 1024 pixel")).toBeVisible();
  const fileInput = tambahGambar.getByLabel("Gambar", { exact: true });
  const picked = (name: string) =>
    tambahGambar.getByRole("list", { name: "Foto yang dipilih" }).getByRole("listitem").filter({ hasText: `File baru dipilih: ${name}` });
  // Not a picture: refused in the browser, never sent; dropped from the list.
  await fileInput.setInputFiles(samples.text);
  await expect(picked("catatan.txt").getByRole("status")).toHaveText(`Gagal: ${BAD_TYPE}`);
  await tambahGambar.getByRole("button", { name: "Batalkan catatan.txt" }).click();
  // A text file named .jpg passes the browser; the server reads its content and refuses it.
  await fileInput.setInputFiles(samples.fakeJpeg);
  await withToast(page, "Gagal menyimpan data", () => tambahGambar.getByRole("button", { name: "Simpan" }).click());
  await expect(picked("bukan-gambar.jpg").getByRole("status")).toHaveText(`Gagal: ${BAD_TYPE}`);
  await expect(page.locator(`main img[alt^="Gambar "][alt$=" ${nama}"]`)).toHaveCount(0);
  await tambahGambar.getByRole("button", { name: "Batalkan bukan-gambar.jpg" }).click();
  // A real JPEG: preview, then stored.
  await fileInput.setInputFiles(samples.jpeg);
  await expect(tambahGambar.getByText("File baru dipilih: kursi-jati.jpg")).toBeVisible();
  await expect(tambahGambar.getByRole("img", { name: "Pratinjau kursi-jati.jpg" })).toBeVisible();
  await withToast(page, SAVED, () => tambahGambar.getByRole("button", { name: "Simpan" }).click());
  await expect(tambahGambar).toHaveCount(0);
  const gambar = page.getByRole("img", { name: `Gambar 1 ${nama}` });
  await expect(gambar).toBeVisible();
  const firstSrc = await gambar.getAttribute("src");
  expect(firstSrc).toMatch(/^\/uploads\/produk\/[0-9a-f]+\.jpg$/);
  expect((await page.request.get(firstSrc!)).headers()["content-type"]).toBe("image/jpeg");

  // Replace it with a PNG ('Ubah Galeri').
  await page.getByRole("link", { name: "Ubah gambar 1" }).click();
  const ubahGambar = dialog(page, "Ubah Galeri");
  await expect(ubahGambar.getByText("Abaikan jika tidak ingin mengubah gambar")).toBeVisible();
  await expect(ubahGambar.getByRole("img", { name: "Gambar saat ini" })).toHaveAttribute("src", firstSrc!);
  await page.locator("#gambar-ubah").setInputFiles(samples.png);
  await expect(ubahGambar.getByText("File baru dipilih: lemari.png")).toBeVisible();
  await withToast(page, SAVED, () => ubahGambar.getByRole("button", { name: "Simpan" }).click());
  await expect(gambar).toHaveAttribute("src", /^\/uploads\/produk\/[0-9a-f]+\.png$/);
  expect((await page.request.get(firstSrc!)).status()).toBe(404);

  // The public detail page: name, price, the two branches, the image.
  await page.goto(`/detail-produk/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: nama })).toBeVisible();
  const gudang = page.locator("section", { has: page.getByRole("heading", { name: "Tersedia di Gudang:" }) });
  await expect(gudang.getByRole("listitem")).toHaveCount(2);
  await expect(gudang).toContainText("Gudang Jepara");
  await expect(gudang).toContainText("Cabang Surabaya");
  await expect(gudang).not.toContainText("Cabang Semarang");

  // Delete the image, then the product (its page is gone afterwards).
  await page.goto(`/operator/produk/gambarproduk/${kode}`);
  await page.getByRole("link", { name: "Hapus gambar 1" }).click();
  await withToast(page, DELETED, () => confirmDelete(page, "Menghapus gambar ini?", `Gambar 1 — ${nama}`));
  await expect(page.getByText("Belum ada gambar untuk produk ini.")).toBeVisible();

  await page.goto(`/operator/produk/produk?q=${id}`);
  await rowAction(page, nama, "Hapus");
  await withToast(page, DELETED, () => confirmDelete(page, "Menghapus data ini?", nama));
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
  const gone = await page.goto(`/detail-produk/${slug}`);
  expect(gone?.status()).toBe(404);
});

test("a photo over 2 MB that reaches the server anyway: its 413 shows 'Ukuran file harus kurang dari 2MB' on the field", async ({ page }) => {
  await page.goto("/operator/profil/galeri?tambah=1");
  const form = dialog(page, "Tambah Galeri");
  const images = await page.locator('ul[aria-label="Daftar gambar galeri"] > li').count();
  const input = form.locator('input[type="file"][name="gambar"]');
  // Chosen without the change event, so the browser's own size check never runs: 5 MB go out.
  await input.evaluate((element: HTMLInputElement) => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(5 * 1024 * 1024).fill(0xff)], "foto-ponsel.jpg", { type: "image/jpeg" }));
    element.files = files.files;
  });
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await form.getByRole("button", { name: "Simpan" }).click();
  expect((await answer).status()).toBe(413);
  await expect(form.getByText(TOO_BIG)).toBeVisible();
  await expect(page.locator('ul[aria-label="Daftar gambar galeri"] > li')).toHaveCount(images);
});

test("Kantor Cabang and Kontak Kami: add a branch, rename it, fill its contact, delete it — and /kontak-kami follows", async ({ page }) => {
  const id = unique();
  const nama = `Cabang Uji ${id}`;
  const baru = `Cabang Kudus ${id}`;
  await page.goto("/operator/master/kantorcabang");
  await expect(page.getByRole("columnheader")).toHaveText(["No", "Kantor Cabang", "Action"]);
  await page.getByRole("link", { name: "+ Data" }).click();
  const tambah = dialog(page, "Tambah Kantor Cabang");
  await tambah.getByRole("button", { name: "Simpan" }).click();
  await expect(tambah.getByText("Kantor cabang wajib diisi.")).toBeVisible();
  await tambah.getByLabel("Kantor Cabang").fill(nama);
  await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
  await search(page, id);
  await expect(row(page, nama)).toBeVisible();

  await rowAction(page, nama, "Ubah");
  const ubah = dialog(page, "Ubah Kantor Cabang");
  await expect(ubah.getByLabel("Kantor Cabang")).toHaveValue(nama);
  await ubah.getByLabel("Kantor Cabang").fill(baru);
  await withToast(page, SAVED, () => ubah.getByRole("button", { name: "Simpan" }).click());
  await expect(row(page, baru)).toBeVisible();

  // Its contact record on 'Kontak Kami'.
  await page.goto(`/operator/profil/kontakkami?q=${id}`);
  await expect(page.getByRole("columnheader")).toHaveText(["No", "Kantor Cabang", "Alamat", "No Whatsapp", "Maps", "Action"]);
  await expect(row(page, baru)).toContainText("Belum diisi");
  await page.getByRole("link", { name: `Ubah kontak ${baru}` }).click();
  const kontak = dialog(page, "Ubah Kontak Kami");
  await expect(kontak.getByLabel("Kantor Cabang")).toHaveValue(baru);
  await kontak.getByLabel("No Whatsapp").fill("nomor saya");
  await kontak.getByLabel("Maps").fill("https://evil.example/peta");
  await kontak.getByRole("button", { name: "Simpan" }).click();
  await expect(kontak.getByText("Alamat wajib diisi.")).toBeVisible();
  await expect(kontak.getByText("No Whatsapp hanya boleh berisi angka, spasi, tanda + dan -.")).toBeVisible();
  await expect(kontak.getByText(/^Link peta tidak valid/)).toBeVisible();
  await kontak.getByLabel("Alamat").fill(`Jl. Sunan Muria ${id}\nKudus`);
  await kontak.getByLabel("No Whatsapp").fill("0812-7777-8888");
  await kontak.getByLabel("Maps").fill('<iframe src="https://www.google.com/maps/embed?pb=!1m18!uji" width="600"></iframe>');
  await withToast(page, SAVED, () => kontak.getByRole("button", { name: "Simpan" }).click());
  const kontakRow = row(page, baru);
  await expect(kontakRow).toContainText(`Jl. Sunan Muria ${id}`);
  await expect(kontakRow.getByRole("link", { name: "081277778888" })).toHaveAttribute("href", /^https:\/\/wa\.me\/6281277778888/);
  await expect(kontakRow.getByRole("link", { name: "Lihat Peta" })).toHaveAttribute("href", "https://www.google.com/maps/embed?pb=!1m18!uji");

  await page.goto("/kontak-kami");
  const cabang = page.locator("section", { has: page.getByRole("heading", { name: "Kontak Kantor Cabang Kami:" }) });
  const card = cabang.getByRole("listitem").filter({ has: page.getByRole("heading", { name: baru }) });
  await expect(card).toContainText(`Jl. Sunan Muria ${id}`);
  // The public page's WhatsApp link goes through the counting redirect to this number.
  const wa = card.locator('a[href^="/wa/"]').first();
  await expect(wa).toBeVisible();
  const chat = await page.request.get((await wa.getAttribute("href"))!, { maxRedirects: 0 });
  expect(chat.status()).toBe(302);
  expect(chat.headers()["location"]).toMatch(/^https:\/\/wa\.me\/6281277778888/);

  await page.goto(`/operator/master/kantorcabang?q=${id}`);
  await rowAction(page, baru, "Hapus");
  await withToast(page, DELETED, () => confirmDelete(page, "Menghapus data ini?", baru));
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
  await page.goto("/kontak-kami");
  await expect(page.getByRole("heading", { name: baru })).toHaveCount(0);
});

test("Ulasan Konsumen: add, edit, delete — and the home page's reviews follow", async ({ page }) => {
  const id = unique();
  const oleh = `Bu Sari ${id}`;
  await page.goto("/operator/master/ulasankonsumen");
  await expect(page.getByRole("columnheader")).toHaveText(["No", "Oleh", "Ulasan", "Action"]);
  await page.getByRole("link", { name: "+ Data" }).click();
  const tambah = dialog(page, "Tambah Ulasan Konsumen");
  await tambah.getByRole("button", { name: "Simpan" }).click();
  await expect(tambah.getByText("Oleh wajib diisi.")).toBeVisible();
  await expect(tambah.getByText("Ulasan wajib diisi.")).toBeVisible();
  await tambah.getByLabel("Oleh").fill(oleh);
  await tambah.getByLabel("Ulasan").fill(`Lemarinya kokoh ${id}.`);
  await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
  await search(page, id);
  await expect(row(page, oleh)).toContainText(`Lemarinya kokoh ${id}.`);

  await page.goto("/");
  await expect(page.locator('[data-carousel="ulasan"]')).toContainText(`Lemarinya kokoh ${id}.`);

  await page.goto(`/operator/master/ulasankonsumen?q=${id}`);
  await rowAction(page, `ulasan oleh ${oleh}`, "Ubah");
  const ubah = dialog(page, "Ubah Ulasan Konsumen");
  await expect(ubah.getByLabel("Ulasan")).toHaveValue(`Lemarinya kokoh ${id}.`);
  await ubah.getByLabel("Ulasan").fill(`Pengiriman cepat ${id}.`);
  await withToast(page, SAVED, () => ubah.getByRole("button", { name: "Simpan" }).click());
  await expect(row(page, oleh)).toContainText(`Pengiriman cepat ${id}.`);

  await rowAction(page, `ulasan oleh ${oleh}`, "Hapus");
  await withToast(page, DELETED, () => confirmDelete(page, "Menghapus data ini?", `Pengiriman cepat ${id}. — ${oleh}`));
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
  await page.goto("/");
  await expect(page.locator('[data-carousel="ulasan"]')).not.toContainText(id);
});

/** Banner and gallery: the same image-grid screen. */
const GRIDS = [
  {
    name: "Banner",
    url: "/operator/master/banner",
    grid: "Daftar banner",
    alt: "Banner",
    add: "Tambah Banner",
    edit: "Ubah Banner",
    input: "image",
    hint: "Gunakan ukuran 1920 x 620 pixel",
    publicUrl: "/",
    publicReady: '[data-carousel="banner"][data-enhanced="true"]',
    publicImages: '[data-carousel="banner"] .swiper-slide img',
  },
  {
    name: "Galeri",
    url: "/operator/profil/galeri",
    grid: "Daftar gambar galeri",
    alt: "Gambar galeri",
    add: "Tambah Galeri",
    edit: "Ubah Galeri",
    input: "gambar",
    hint: null,
    publicUrl: "/tentang-kami",
    publicReady: 'ul[aria-label="Galeri Kami"]',
    publicImages: 'ul[aria-label="Galeri Kami"] a',
  },
];

for (const screen of GRIDS) {
  test(`${screen.name}: upload, refused uploads, replace, delete — and the public page follows`, async ({ page, samples }) => {
    await page.goto(screen.url);
    // CSS, not roles: an open modal hides the page behind it from the accessibility tree.
    const grid = page.locator(`ul[aria-label="${screen.grid}"]`);
    const items = grid.locator(":scope > li");
    await expect(items.first()).toBeVisible();
    const before = await items.count();
    expect(before).toBeGreaterThan(0);
    await page.goto(screen.publicUrl);
    await expect(page.locator(screen.publicReady)).toBeVisible();
    const publicBefore = await page.locator(screen.publicImages).count();
    expect(publicBefore).toBe(before);

    await page.goto(screen.url);
    await page.getByRole("link", { name: "+ Data" }).click();
    const tambah = dialog(page, screen.add);
    await expect(tambah.getByText("Format JPG, PNG, ukuran max 2 Mb")).toBeVisible();
    if (screen.hint) await expect(tambah.getByText(screen.hint)).toBeVisible();
    const input = tambah.locator(`input[type="file"][name="${screen.input}"]`);
    const inputId = `#${await input.getAttribute("id")}`;
    await input.setInputFiles(samples.big);
    await expectUploadAlert(page, TOO_BIG);
    await expectNoFileChosen(page, inputId);
    await input.setInputFiles(samples.text);
    await expectUploadAlert(page, BAD_TYPE);
    await expectNoFileChosen(page, inputId);
    await input.setInputFiles(samples.fakeJpeg);
    await withToast(page, "Gagal menyimpan data", () => tambah.getByRole("button", { name: "Simpan" }).click());
    await expect(tambah.getByText(BAD_TYPE)).toBeVisible();
    await expect(items).toHaveCount(before);

    await input.setInputFiles(samples.jpeg);
    await expect(tambah.getByText("File baru dipilih: kursi-jati.jpg")).toBeVisible();
    await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
    await expect(tambah).toHaveCount(0);
    await expect(items).toHaveCount(before + 1);
    const n = before + 1;
    const image = grid.locator(`img[alt="${screen.alt} ${n}"]`);
    const firstSrc = await image.getAttribute("src");
    expect(firstSrc).toMatch(/\.jpg$/);

    await page.goto(screen.publicUrl);
    await expect(page.locator(screen.publicReady)).toBeVisible();
    await expect(page.locator(screen.publicImages)).toHaveCount(publicBefore + 1);

    // Replace it: 'Ubah' on the new image.
    await page.goto(screen.url);
    await image.hover();
    await grid.getByRole("link", { name: `Ubah ${screen.alt} ${n}`, exact: true }).click();
    const ubah = dialog(page, screen.edit);
    await expect(ubah.getByText("Abaikan jika tidak ingin mengubah gambar")).toBeVisible();
    await expect(ubah.getByRole("img", { name: "Gambar saat ini" })).toHaveAttribute("src", firstSrc!);
    await ubah.locator('input[type="file"]').setInputFiles(samples.jpeg2);
    await expect(ubah.getByText("File baru dipilih: meja-jati.jpg")).toBeVisible();
    await withToast(page, SAVED, () => ubah.getByRole("button", { name: "Simpan" }).click());
    await expect(image).not.toHaveAttribute("src", firstSrc!);
    expect((await page.request.get(firstSrc!)).status()).toBe(404);

    // Delete it.
    await image.hover();
    await grid.getByRole("link", { name: `Hapus ${screen.alt} ${n}`, exact: true }).click();
    await withToast(page, DELETED, () => confirmDelete(page, "Menghapus gambar ini?", `${screen.alt} ${n}`));
    await expect(items).toHaveCount(before);
    await page.goto(screen.publicUrl);
    await expect(page.locator(screen.publicReady)).toBeVisible();
    await expect(page.locator(screen.publicImages)).toHaveCount(publicBefore);
  });
}

test("Tentang Kami and Kerja Sama: edit the rich text and the photo — the public pages follow", async ({ page, samples }) => {
  const id = unique();
  for (const screen of [
    { url: "/operator/profil/tentang-kami", title: "Tentang Kami", form: "tentang-kami", photo: "Foto", publicUrl: "/tentang-kami" },
    { url: "/operator/profil/kerjasama", title: "Kerja Sama", form: "kerja-sama", photo: "Gambar", publicUrl: "/kerja-sama" },
  ]) {
    await page.goto(screen.url);
    await expect(page.getByRole("heading", { level: 1, name: screen.title })).toBeVisible();
    await expect(page.getByRole("link", { name: "Kembali" })).toBeVisible();
    const editor = page.getByRole("textbox", { name: "Keterangan" });
    await expect(editor).toHaveAttribute("contenteditable", "true");
    await expect(editor).toHaveCSS("height", "500px");
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(`Paragraf baru ${id}.`);
    const photo = page.getByLabel(screen.photo, { exact: true });
    await expect(photo).toHaveAttribute("type", "file");
    await photo.setInputFiles(samples.big);
    await expectUploadAlert(page, TOO_BIG);
    await expectNoFileChosen(page, `#${screen.form}-foto`);
    await photo.setInputFiles(samples.jpeg);
    await expect(page.getByText("File baru dipilih: kursi-jati.jpg")).toBeVisible();
    await withToast(page, SAVED, () => page.getByRole("button", { name: "Simpan" }).click());
    const stored = await page.getByRole("img", { name: "Gambar saat ini" }).getAttribute("src");
    expect(stored).toMatch(/^\/uploads\/profil\/[0-9a-f]+\.jpg$/);

    await page.goto(screen.publicUrl);
    await expect(page.locator(".rich-text")).toContainText(`Paragraf baru ${id}.`);
    await expect(page.locator(`main img[src="${stored}"]`)).toBeVisible();
  }
});

test("Setting: the required fields, then a change that shows on the public site", async ({ page }) => {
  const id = unique();
  await page.goto("/operator/master/setting");
  const namaToko = page.getByLabel("Nama Toko");
  const original = await namaToko.inputValue();
  const instagram = page.getByLabel("Instagram");
  const originalInstagram = await instagram.inputValue();
  await namaToko.fill("");
  await page.getByRole("textbox", { name: "Alamat *", exact: true }).fill("");
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByText("Nama toko wajib diisi.")).toBeVisible();
  await expect(page.getByText("Alamat wajib diisi.")).toBeVisible();
  await page.reload();

  await page.getByLabel("Instagram").fill(`@mebeluji${id}`);
  await withToast(page, SAVED, () => page.getByRole("button", { name: "Simpan", exact: true }).click());
  await expect(page.getByLabel("Instagram")).toHaveValue(`https://instagram.com/mebeluji${id}`);
  await expect(page.getByLabel("Nama Toko")).toHaveValue(original);
  await page.goto("/");
  await expect(page.locator(`footer a[href="https://instagram.com/mebeluji${id}"]`)).toHaveCount(1);

  // Put it back (other tests of this worker read the shop's name and links).
  await page.goto("/operator/master/setting");
  await page.getByLabel("Instagram").fill(originalInstagram);
  await withToast(page, SAVED, () => page.getByRole("button", { name: "Simpan", exact: true }).click());
});

test("Manajemen Pengguna: add, a taken username, edit (status), delete", async ({ page }) => {
  const id = unique();
  const username = `sari${id}`;
  await page.goto("/operator/master/user");
  await expect(page.getByRole("columnheader")).toHaveText(["No", "Username", "Nama Pengguna", "Nomor HP", "Email", "Hak Akses", "Status Login", "Action"]);
  await page.getByRole("link", { name: "+ Pengguna" }).click();
  const tambah = dialog(page, "Tambah Pengguna");
  await expect(tambah.getByText("Gunakan Username tanpa spasi")).toBeVisible();
  await expect(tambah.getByLabel("Nomor HP/Whatsapp")).toHaveAttribute("placeholder", "0852******");
  for (const role of ["Pengusul", "Reviewer-Internal", "Reviewer-External", "Verifikator-Fakultas", "Kepala-LPPM", "Sekretaris-LPPM", "Operator"]) {
    await expect(tambah.getByLabel(role, { exact: true })).toBeVisible();
  }
  await tambah.getByLabel("Nama Pengguna").fill("Sari Lestari");
  await tambah.getByLabel("Username").fill(TEST_OPERATOR_USERNAME);
  await tambah.locator('input[name="password"]').fill("Rahasia123x");
  await tambah.getByRole("button", { name: "Tampilkan password" }).click();
  await expect(tambah.locator('input[name="password"]')).toHaveAttribute("type", "text");
  await tambah.getByLabel("Nomor HP/Whatsapp").fill("085211112222");
  await tambah.getByLabel("Email").fill(`${username}@example.test`);
  await tambah.getByLabel("Operator", { exact: true }).check();
  // The server's message, as toast and on the field.
  await withToast(page, "Username sudah digunakan.", () => tambah.getByRole("button", { name: "Simpan" }).click());
  await expect(tambah.getByText("Username sudah digunakan.")).toBeVisible();
  await tambah.getByLabel("Username").fill(username);
  await tambah.locator('input[name="password"]').fill("Rahasia123x");
  await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
  await search(page, id);
  const userRow = row(page, username);
  await expect(userRow).toContainText("Sari Lestari");
  await expect(userRow).toContainText("085211112222");
  await expect(userRow.getByText("Aktif", { exact: true })).toHaveClass(/bg-green-600/);

  await rowAction(page, username, "Ubah");
  const ubah = dialog(page, "Ubah Pengguna");
  await expect(ubah.getByLabel("Username")).toHaveValue(username);
  await expect(ubah.getByLabel("Username")).toHaveAttribute("readonly", "");
  await expect(ubah.getByText("Kosongkan jika tidak merubah Password")).toBeVisible();
  await expect(ubah.locator('input[name="password"]')).toHaveValue("");
  await ubah.getByLabel("Status Login").selectOption("Tidak-Aktif");
  await withToast(page, SAVED, () => ubah.getByRole("button", { name: "Simpan" }).click());
  await expect(userRow.getByText("Tidak Aktif", { exact: true })).toHaveClass(/bg-red-600/);

  await rowAction(page, username, "Hapus");
  await withToast(page, DELETED, () => confirmDelete(page, "Menghapus data ini?", `Sari Lestari (${username})`));
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
});

test.describe("change password", () => {
  test.use({ asOperator: false });

  test("the modal's rule and mismatch messages, the old-password check, success; the new password works", async ({ page, operatorState, baseURL, playwright }) => {
    // A user of its own (the seeded operator's password stays as it is for the other tests).
    const username = `ganti${unique()}`;
    const oldPassword = "LamaSekali1";
    const newPassword = "BaruSekali2";
    const admin = await playwright.request.newContext({ baseURL, storageState: operatorState });
    const created = await admin.post("/operator/master/user?tambah=1", {
      multipart: {
        intent: "tambah",
        name: "Budi Ganti",
        username,
        password: oldPassword,
        no_hp: "081344445555",
        email: `${username}@example.test`,
        status_aktif: "Aktif",
        hak_akses: "Operator",
      },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    await admin.dispose();

    await page.goto("/login");
    await login(page, username, oldPassword);
    await expect(page).toHaveURL(/\/operator\/dashboard$/);
    await expect(page.getByTestId("nama-pengguna")).toHaveText("Budi Ganti");
    await page.getByTestId("nama-pengguna").click();
    await page.getByRole("link", { name: "Ubah Password" }).click();
    await expect(page).toHaveURL(/[?&]ubahpassword=1/);
    const modal = dialog(page, "Ubah Password");
    await expect(modal.getByText("Gunakan kombinasi huruf besar, huruf kecil, angka, minimal 8 karakter.")).toBeVisible();

    await modal.getByLabel("Password Lama").fill(oldPassword);
    await modal.getByLabel("Password Baru").fill("lemahsekali");
    await modal.getByLabel("Konfirmasi Password").fill("lemahsekali");
    await modal.getByRole("button", { name: "Simpan" }).click();
    await expect(modal.getByText("Password harus kombinasi huruf besar, huruf kecil, angka, dan minimal 8 karakter.")).toBeVisible();

    await modal.getByLabel("Password Baru").fill(newPassword);
    await modal.getByLabel("Konfirmasi Password").fill(`${newPassword}x`);
    await modal.getByRole("button", { name: "Simpan" }).click();
    await expect(modal.getByText("Konfirmasi password tidak sesuai.")).toBeVisible();
    // Show/hide on both new-password fields.
    await modal.getByRole("button", { name: "Tampilkan password" }).first().click();
    await expect(modal.getByLabel("Password Baru")).toHaveAttribute("type", "text");

    // A wrong old password: the server's message in the red alert.
    await modal.getByLabel("Password Lama").fill("SalahSekali9");
    await modal.getByLabel("Konfirmasi Password").fill(newPassword);
    await modal.getByRole("button", { name: "Simpan" }).click();
    await expect(modal.getByText("Password lama salah")).toBeVisible();

    await modal.getByLabel("Password Lama").fill(oldPassword);
    await withToast(page, "Password Berhasil diubah", () => modal.getByRole("button", { name: "Simpan" }).click());
    await expect(modal).toHaveCount(0);
    await expect(page).not.toHaveURL(/ubahpassword/);
    // This browser stays signed in.
    await page.goto("/operator/master/setting");
    await expect(page.getByRole("heading", { level: 1, name: "Setting" })).toBeVisible();

    // A fresh login: the old password fails, the new one works.
    await page.context().clearCookies();
    await page.goto("/login");
    await login(page, username, oldPassword);
    await expect(page.locator("main").getByRole("alert")).toHaveText("Login Gagal! username dan password salah");
    await login(page, username, newPassword);
    await expect(page).toHaveURL(/\/operator\/dashboard$/);
  });
});

test("phone layout (390 px): the sidebar opens from the menu button; a table and a modal work", async ({ page }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto("/operator/dashboard");
  const sidebar = page.getByRole("complementary", { name: "Menu samping" });
  await expect(sidebar).not.toBeInViewport();
  await sidebarToggle(page, "Buka menu").click();
  await expect(sidebar).toBeInViewport();
  await sidebarToggle(sidebar, "Tutup menu").click();
  await expect(sidebar).not.toBeInViewport();
  await sidebarToggle(page, "Buka menu").click();
  await expect(sidebar).toBeInViewport();
  await sidebar.getByRole("link", { name: "Kategori Produk" }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/kategoriproduk$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kategori Produk" })).toBeVisible();
  // Choosing a page closes the menu by itself.
  await expect(sidebar).not.toBeInViewport();

  const id = unique();
  await page.getByRole("link", { name: "+ Data" }).click();
  const tambah = dialog(page, "Tambah Kategori Produk");
  await expect(tambah).toBeInViewport();
  await tambah.getByLabel("Kategori").fill(`Rak Uji ${id}`);
  await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
  await search(page, id);
  await expect(row(page, `Rak Uji ${id}`)).toBeVisible();
  // No sideways scrolling of the page itself (the table scrolls in its own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await rowAction(page, `Rak Uji ${id}`, "Hapus");
  await withToast(page, DELETED, () => confirmDelete(page, "Menghapus data ini?", `Rak Uji ${id}`));
  await expect(row(page, `Rak Uji ${id}`)).toHaveCount(0);
});

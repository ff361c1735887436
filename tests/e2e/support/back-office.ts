/** The back office's screens as an operator uses them: toasts, tables, row menus and dialogs. */
import { expect, type Locator, type Page } from "@playwright/test";

/** A react-toastify toast with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator(".Toastify__toast", { hasText: text });
}

/**
 * Runs `action` and expects a NEW toast with this text: toasts already on screen (an earlier
 * save's, still fading out) do not count.
 */
export async function withToast(page: Page, text: string, action: () => Promise<unknown>) {
  const before = await page.locator(".Toastify__toast").evaluateAll((els) => els.map((el) => el.id));
  await action();
  const fresh = before.map((id) => `:not([id="${id}"])`).join("");
  await expect(page.locator(`.Toastify__toast${fresh}`, { hasText: text })).toBeVisible();
}

/** The table row that holds `text`. */
export function row(page: Page, text: string): Locator {
  return page.locator("tbody tr", { hasText: text });
}

/** Types into the table's 'Pencarian' box (searching after a short pause, without a click). */
export async function search(page: Page, text: string) {
  const box = page.getByPlaceholder("Masukan Kata Kunci");
  await box.fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}(&|$)`));
  await expect(page.getByRole("status").filter({ hasText: "Memuat Data.." })).toHaveCount(0);
}

/** The table's GET search form with JavaScript off ('Cari' submits it). */
export async function searchTable(page: Page, text: string) {
  await page.getByPlaceholder("Masukan Kata Kunci").fill(text);
  await page.getByRole("button", { name: "Cari" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}(&|$)`));
}

/** Opens a row's Action menu (⋮, a <details>) and follows one of its links; the menu stays open. */
export async function rowAction(page: Page, label: string, action: "Ubah" | "Hapus" | "Gambar Produk") {
  const summary = page.getByLabel(`Aksi untuk ${label}`, { exact: true });
  const link = summary.locator("xpath=..").getByRole("link", { name: action, exact: true });
  await summary.click();
  await expect(link).toBeVisible();
  await link.click();
}

/** The modal dialog with this title (named by its title, with or without JavaScript). */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole("dialog", { name: title, exact: true });
}

/** Confirms the delete dialog ('Apakah kamu yakin?') after checking its question and item. */
export async function confirmDelete(page: Page, question: string, itemName: string) {
  const confirm = dialog(page, "Apakah kamu yakin?");
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(question, { exact: true })).toBeVisible();
  await expect(confirm.getByText(itemName, { exact: true })).toBeVisible();
  await expect(confirm.getByText("Data ini akan dihapus!")).toBeVisible();
  await confirm.getByRole("button", { name: "Hapus" }).click();
}

/**
 * A seeded product's 'Gambar Produk' screen with its 'Tambah Gambar Produk' dialog open (the
 * first product of the table); answers the dialog.
 */
export async function openAddProductImage(page: Page): Promise<Locator> {
  await page.goto("/operator/produk/produk");
  const summary = page.locator("tbody tr").first().getByLabel(/^Aksi untuk /);
  await summary.click();
  await summary.locator("xpath=..").getByRole("link", { name: "Gambar Produk", exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/gambarproduk\/\d+$/);
  const kode = page.url().split("/").pop()!;
  await page.getByRole("link", { name: "+ Data" }).click();
  const form = dialog(page, `Tambah Gambar Produk ${kode}`);
  await expect(form).toBeVisible();
  return form;
}

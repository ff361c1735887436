/**
 * The same with JavaScript on and off (jam-buka.js.spec.ts, jam-buka.nojs.spec.ts):
 * the operator gives a new branch its opening hours in the Kantor Cabang form (a refused day
 * first: the message names the day), sees them in the table and again in the edit form, sets
 * the shop's zone on Setting, and the public Kontak Kami page shows the branch's week with
 * today's line emphasised and 'Buka sekarang' / 'Tutup sekarang' for the real clock. Runs on
 * a private server per worker (./support/servers.ts).
 */
import type { Locator, Page } from "@playwright/test";
import { HARI, statusBuka, waktuDiZona, type Minggu } from "../../app/domain/kantor-cabang/jam-buka";
import { confirmDelete, dialog, expect, OWN_SERVER, row, rowAction, test, unique } from "./fixtures";

const PATH = "/operator/master/kantorcabang";
const HARI_KERJA = ["Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu"] as const;
/** What the form below saves: Senin–Sabtu 08.00–17.00, Minggu libur. */
const MINGGU: Minggu = [...[1, 2, 3, 4, 5, 6].map((hari) => ({ hari, buka: "08:00", tutup: "17:00" })), { hari: 7, buka: null, tutup: null }];

async function fillWeek(form: Locator) {
  for (const hari of HARI_KERJA) {
    await form.getByLabel(`Jam buka ${hari}`, { exact: true }).fill("08:00");
    await form.getByLabel(`Jam tutup ${hari}`, { exact: true }).fill("17:00");
  }
  await form.getByLabel("Minggu libur", { exact: true }).check();
}

/** The state line the page may show: the one of the moment before the check or after it (a minute may turn in between). */
function possibleStates(zone: string, before: Date): string[] {
  return [...new Set([before, new Date()].map((moment) => statusBuka(MINGGU, moment, zone)!.teks))];
}

/** Setting's 'Zona Waktu' select, saved. */
async function setZone(page: Page, zone: "Asia/Jakarta" | "Asia/Jayapura", label: string) {
  await page.goto("/operator/master/setting");
  const zona = page.getByLabel("Zona Waktu");
  await expect(zona.locator("option")).toHaveText([
    "WIB — Waktu Indonesia Barat (Asia/Jakarta)",
    "WITA — Waktu Indonesia Tengah (Asia/Makassar)",
    "WIT — Waktu Indonesia Timur (Asia/Jayapura)",
  ]);
  await zona.selectOption(zone);
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/master\/setting$/);
  await expect(page.getByLabel("Zona Waktu").locator("option:checked")).toHaveText(label);
}

/** Declares the specs (each project file calls it once). */
export function jamBukaSpecs() {
  test.use(OWN_SERVER);

  test("opening hours: set in the branch form, shown in the table, the form and on Kontak Kami with the state now", async ({ page }) => {
    const id = unique();
    const nama = `Cabang Jam ${id}`;

    await page.goto(PATH);
    await page.getByRole("link", { name: "+ Data" }).click();
    let form = dialog(page, "Tambah Kantor Cabang");
    await form.getByLabel("Kantor Cabang").fill(nama);
    await fillWeek(form);
    await form.getByLabel("Jam tutup Senin", { exact: true }).fill("07:00");
    await form.getByRole("button", { name: "Simpan", exact: true }).click();
    form = dialog(page, "Tambah Kantor Cabang");
    await expect(form.getByText("Jam tutup Senin harus setelah jam buka. Buka sampai tengah malam: isi 24:00.")).toBeVisible();
    await form.getByLabel("Jam tutup Senin", { exact: true }).fill("17:00");
    await form.getByRole("button", { name: "Simpan", exact: true }).click();
    await expect(page).not.toHaveURL(/tambah=1/);
    await expect(dialog(page, "Tambah Kantor Cabang")).toHaveCount(0);

    await page.goto(`${PATH}?q=${encodeURIComponent(id)}`);
    await expect(page.getByRole("columnheader")).toHaveText(["No", "Kantor Cabang", "Action"]);
    await expect(row(page, nama)).toContainText("Jam buka: Sen–Sab 08.00–17.00, Min libur");

    await rowAction(page, nama, "Ubah");
    const ubah = dialog(page, "Ubah Kantor Cabang");
    await expect(ubah.getByLabel("Jam buka Rabu", { exact: true })).toHaveValue("08:00");
    await expect(ubah.getByLabel("Jam tutup Sabtu", { exact: true })).toHaveValue("17:00");
    await expect(ubah.getByLabel("Minggu libur", { exact: true })).toBeChecked();
    await expect(ubah.getByLabel("Jam buka Minggu", { exact: true })).toHaveValue("");

    // Kontak Kami as a visitor sees it (a signed-in operator gets the same page, uncached).
    const before = new Date();
    await page.goto("/kontak-kami");
    const cabang = page.locator("section", { has: page.getByRole("heading", { name: "Kontak Kantor Cabang Kami:" }) });
    const card = cabang.getByRole("listitem").filter({ has: page.getByRole("heading", { name: nama }) });
    await expect(card).toContainText("Jam buka (WIB)");
    const state = ((await card.locator("[data-status-buka]").textContent()) ?? "").trim();
    expect(possibleStates("Asia/Jakarta", before)).toContain(state);
    const today = HARI[waktuDiZona(new Date(), "Asia/Jakarta").hari - 1]!;
    await expect(card.locator("[data-hari-ini]")).toContainText(today);
    // One line a day; "(hari ini)" is read out after today's name.
    await expect(card.locator("dl")).toContainText(/Senin( \(hari ini\))?08\.00–17\.00/);
    await expect(card.locator("dl")).toContainText(/Minggu( \(hari ini\))?Libur/);

    // The shop in WIT: the same hours, read in that zone.
    await setZone(page, "Asia/Jayapura", "WIT — Waktu Indonesia Timur (Asia/Jayapura)");
    const later = new Date();
    await page.goto("/kontak-kami");
    await expect(card).toContainText("Jam buka (WIT)");
    expect(possibleStates("Asia/Jayapura", later)).toContain(((await card.locator("[data-status-buka]").textContent()) ?? "").trim());
    await setZone(page, "Asia/Jakarta", "WIB — Waktu Indonesia Barat (Asia/Jakarta)");

    await page.goto(`${PATH}?q=${encodeURIComponent(id)}`);
    await rowAction(page, nama, "Hapus");
    await confirmDelete(page, "Menghapus data ini?", nama);
    await expect(row(page, nama)).toHaveCount(0);
  });
}

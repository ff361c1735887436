/**
 * The public site as a visitor's browser sees it: the demo shop the servers seed, unique
 * names, a phone's viewport, hydration and the Swiper carousels.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { BANNERS, CATEGORIES, GALLERY, OPERATOR_PROFILE, REVIEWS, SHOP } from "../../../scripts/seed/data";
import { slugify } from "../../../app/lib/util/format";

export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** A suffix that keeps names unique across tests, projects and retries. */
export function unique(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** The demo shop every e2e server seeds (scripts/seed/data.ts). */
export const DEMO = {
  shop: SHOP,
  /** The seeded operator's profile (its name heads the back office and the activity log). */
  operator: OPERATOR_PROFILE,
  /** Page titles end with "<nama_toko> <kota>". */
  titleSuffix: `${SHOP.nama_toko} ${SHOP.kota}`,
  kategori: CATEGORIES.map((c) => ({ nama: c.kategori, seo: slugify(c.kategori), jumlah: c.produk.length })),
  produkTotal: CATEGORIES.reduce((n, c) => n + c.produk.length, 0),
  /** The demo's product names: each has stock in the demo branches (a spec's own products do not). */
  produk: CATEGORIES.flatMap((c) => c.produk.map((p) => p.nama)),
  banner: BANNERS.length,
  galeri: GALLERY.length,
  ulasan: REVIEWS.length,
};

/** Waits until the carousel named `name` has been taken over by Swiper (after hydration). */
export async function enhancedCarousel(page: Page, name: string): Promise<Locator> {
  const carousel = page.locator(`[data-carousel="${name}"][data-enhanced="true"]`);
  await expect(carousel).toBeVisible();
  return carousel;
}

/**
 * Waits until in-app links navigate on the client: the root loads their listener once the page
 * is hydrated (app/components/ui/link-navigation.tsx); before that a click is a page load.
 */
export async function clientNavigation(page: Page): Promise<void> {
  await expect(page.locator("html[data-client-navigation]")).toHaveCount(1);
}

/**
 * Opens a page as a user does; with JavaScript, waits until its in-app links navigate on the
 * client, so that a link clicked next opens its dialog in the hydrated page (a click during
 * hydration is a page load, and the dialog's first click can land before it is hydrated).
 */
export async function openPage(page: Page, url: string, js: boolean): Promise<void> {
  await page.goto(url);
  if (js) await clientNavigation(page);
}

/** Swiper's a11y label of the current slide, e.g. "2 dari 4". */
export async function activeSlideLabel(carousel: Locator): Promise<string> {
  const label = await carousel.locator(".swiper-slide-active").first().getAttribute("aria-label");
  if (!label) throw new Error("No active slide label");
  return label;
}

/**
 * Waits until the active slide sits fully in the carousel's box, i.e. the slide transition
 * finished (Swiper ignores a looping click while it still animates, as a user would notice).
 */
export async function slideSettled(carousel: Locator) {
  await expect
    .poll(() =>
      carousel.locator(".swiper").evaluate((swiperEl) => {
        const active = swiperEl.querySelector(".swiper-slide-active");
        if (!active) return false;
        const box = swiperEl.getBoundingClientRect();
        return Math.abs(active.getBoundingClientRect().left - box.left) < 1;
      }),
    )
    .toBe(true);
}

/** How many slides are fully inside the carousel's visible box. */
export async function fullyVisibleSlides(carousel: Locator): Promise<number> {
  return carousel.locator(".swiper").evaluate((swiperEl) => {
    const box = swiperEl.getBoundingClientRect();
    return [...swiperEl.querySelectorAll(".swiper-slide")].filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });
}

/**
 * The phone sidebar's "Buka menu" / "Tutup menu" control: a label of the CSS-only toggle, whose
 * text (visually hidden beside its icon) says what it does.
 */
export function sidebarToggle(scope: Page | Locator, text: "Buka menu" | "Tutup menu"): Locator {
  return scope.locator("label", { hasText: text });
}

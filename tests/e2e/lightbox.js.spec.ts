/**
 * The lightbox's rotate control (spec section 4: zoom, rotate, index, loading, error), on the
 * shared public server: 'Putar gambar' turns the image on screen by 90°, fitted in the window;
 * zoom works on the turned image; each image keeps its own turn. The lightbox code still
 * arrives only when a visitor opens it.
 */
import type { Locator } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";

/** The box the user sees (getBoundingClientRect includes the rotation and the zoom). */
async function seen(image: Locator) {
  const box = await image.boundingBox();
  if (!box) throw new Error("image not visible");
  return box;
}

test("'Putar gambar' turns the image by 90°, zoom still works, and the next image starts upright", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/tentang-kami");
  const links = page.getByRole("list", { name: "Galeri Kami" }).getByRole("link");
  await expect(links).toHaveCount(DEMO.galeri);
  const before = scripts.length;

  await links.first().click();
  const lightbox = page.locator(".yarl__root");
  const slide = lightbox.locator(".yarl__slide_current");
  const image = slide.locator("img");
  await expect(slide).toHaveAttribute("aria-label", `1 dari ${DEMO.galeri}`);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(image).toHaveCSS("opacity", "1");
  // The lightbox module came with the click, not with the page.
  expect(scripts.slice(before).some((url) => /lightbox-impl/.test(url))).toBe(true);
  expect(scripts.slice(0, before).some((url) => /lightbox-impl/.test(url))).toBe(false);

  const upright = await seen(image);
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const rotate = lightbox.getByRole("button", { name: "Putar gambar" });
  await rotate.click();
  await expect(slide.locator("[data-putar]")).toHaveAttribute("data-putar", "90");
  // On screen: the sides swap (same shape, turned), and it still fits in the window.
  await expect.poll(async () => {
    const box = await seen(image);
    return Math.abs(box.width / box.height - upright.height / upright.width) < 0.02;
  }).toBe(true);
  const turned = await seen(image);
  expect(turned.y).toBeGreaterThanOrEqual(0);
  expect(turned.y + turned.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(turned.x + turned.width).toBeLessThanOrEqual(viewport.width + 0.5);
  const turnedCorner = await image.evaluate((img) => getComputedStyle(img).transform);
  expect(turnedCorner).toMatch(/^matrix\(/);

  // Zoom in (12 %) on the turned image: it grows and stays turned.
  await lightbox.getByRole("button", { name: "Perbesar" }).click();
  await expect.poll(async () => (await seen(image)).height / turned.height).toBeCloseTo(1.12, 2);
  const zoomed = await seen(image);
  expect(zoomed.width / zoomed.height).toBeCloseTo(turned.width / turned.height, 2);
  await lightbox.getByRole("button", { name: "Perkecil" }).click();
  await expect.poll(async () => (await seen(image)).height / turned.height).toBeCloseTo(1, 2);

  // Two more turns: upside down, the box is upright again.
  await rotate.click();
  await rotate.click();
  await expect(slide.locator("[data-putar]")).toHaveAttribute("data-putar", "270");

  // The next image starts upright; coming back, the first keeps its turn.
  await lightbox.getByRole("button", { name: "Berikutnya" }).click();
  await expect(slide).toHaveAttribute("aria-label", `2 dari ${DEMO.galeri}`);
  await expect(slide.locator("[data-putar]")).toHaveAttribute("data-putar", "0");
  await lightbox.getByRole("button", { name: "Sebelumnya" }).click();
  await expect(slide).toHaveAttribute("aria-label", `1 dari ${DEMO.galeri}`);
  await expect(slide.locator("[data-putar]")).toHaveAttribute("data-putar", "270");

  // Closed and opened again: upright.
  await page.keyboard.press("Escape");
  await expect(lightbox).toHaveCount(0);
  await links.first().click();
  await expect(slide.locator("[data-putar]")).toHaveAttribute("data-putar", "0");
});

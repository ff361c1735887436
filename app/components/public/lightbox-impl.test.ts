import { describe, expect, it } from "vitest";
import { fitTurned } from "~/components/public/lightbox-impl";

describe("fitTurned (the lightbox's rotate)", () => {
  const slide = { width: 1248, height: 688 };
  const photo = { width: 1200, height: 800 };

  it("upright: fitted like the library's own images (contain)", () => {
    expect(fitTurned(photo, slide, 0)).toEqual({ box: { width: 1032, height: 688 }, image: { width: 1032, height: 688 } });
  });

  it("a quarter turn fits the turned box, and the <img> is that box turned back", () => {
    const { box, image } = fitTurned(photo, slide, 1);
    expect(box.height).toBeCloseTo(688);
    expect(box.width).toBeCloseTo(458.67, 1);
    expect(image).toEqual({ width: box.height, height: box.width });
    expect(fitTurned(photo, slide, 3)).toEqual(fitTurned(photo, slide, 1));
    expect(fitTurned(photo, slide, 2)).toEqual(fitTurned(photo, slide, 0));
  });

  it("never enlarges a small image", () => {
    expect(fitTurned({ width: 300, height: 200 }, slide, 1)).toEqual({
      box: { width: 200, height: 300 },
      image: { width: 300, height: 200 },
    });
  });
});

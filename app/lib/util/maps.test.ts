import { describe, expect, it } from "vitest";
import { mapEmbedSrc, normalizeMapUrl } from "~/lib/util/maps";

const EMBED = "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3961";

describe("normalizeMapUrl", () => {
  it("keeps a Google Maps embed link", () => {
    expect(normalizeMapUrl(EMBED)).toBe(EMBED);
  });

  it("keeps a maps.google.com query link and a short maps.app.goo.gl link", () => {
    expect(normalizeMapUrl("https://maps.google.com/maps?q=Jepara&z=15")).toBe(
      "https://maps.google.com/maps?q=Jepara&z=15",
    );
    expect(normalizeMapUrl("https://maps.app.goo.gl/abc123")).toBe("https://maps.app.goo.gl/abc123");
  });

  it("takes the src out of pasted <iframe> markup and decodes &amp;", () => {
    const snippet = `<iframe src="${EMBED}&amp;hl=id" width="600" height="450" style="border:0;" allowfullscreen=""></iframe>`;
    expect(normalizeMapUrl(snippet)).toBe(`${EMBED}&hl=id`);
  });

  it("trims surrounding whitespace", () => {
    expect(normalizeMapUrl(`  ${EMBED}\n`)).toBe(EMBED);
  });

  it("rejects hosts that are not Google Maps", () => {
    expect(normalizeMapUrl("https://evil.example.com/maps?q=Jepara")).toBeNull();
    expect(normalizeMapUrl("https://www.google.com.evil.com/maps/embed?pb=1")).toBeNull();
    expect(normalizeMapUrl('<iframe src="https://evil.example.com/maps/embed?pb=1"></iframe>')).toBeNull();
  });

  it("rejects javascript:, plain http and non-map Google pages", () => {
    expect(normalizeMapUrl("javascript:alert(1)")).toBeNull();
    expect(normalizeMapUrl('<iframe src="javascript:alert(1)"></iframe>')).toBeNull();
    expect(normalizeMapUrl("http://www.google.com/maps/embed?pb=1")).toBeNull();
    expect(normalizeMapUrl("https://www.google.com/search?x=1")).toBeNull();
  });

  it("is null for empty input and for text that is not a URL", () => {
    expect(normalizeMapUrl("")).toBeNull();
    expect(normalizeMapUrl(null)).toBeNull();
    expect(normalizeMapUrl("Jl. Merdeka 1, Jepara")).toBeNull();
  });
});

describe("mapEmbedSrc", () => {
  it("uses an embed link as it is", () => {
    expect(mapEmbedSrc(EMBED)).toBe(EMBED);
    expect(mapEmbedSrc(`<iframe src="${EMBED}&amp;hl=id"></iframe>`)).toBe(`${EMBED}&hl=id`);
  });

  it("turns a query link into an output=embed URL", () => {
    expect(mapEmbedSrc("https://maps.google.com/maps?q=Toko Mebel, Jepara&z=15")).toBe(
      "https://maps.google.com/maps?q=Toko%20Mebel%2C%20Jepara&output=embed",
    );
  });

  it("gives no src for links that cannot be embedded or are not trusted", () => {
    expect(mapEmbedSrc("https://maps.app.goo.gl/abc123")).toBeNull();
    expect(mapEmbedSrc("https://evil.example.com/maps/embed?pb=1")).toBeNull();
    expect(mapEmbedSrc("javascript:alert(1)")).toBeNull();
    expect(mapEmbedSrc("")).toBeNull();
  });
});

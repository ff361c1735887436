import { describe, expect, it } from "vitest";
import {
  isSafeLinkUrl,
  normalizeEmbedSrc,
  normalizeImageSrc,
  normalizeLinkInput,
  parseStartSeconds,
  toEmbedUrl,
} from "~/components/operator/rich-text-editor/urls";

const YT = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

describe("toEmbedUrl", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123",
    "http://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ",
    "youtu.be/dQw4w9WgXcQ",
    "  https://youtu.be/dQw4w9WgXcQ?si=abc  ",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/live/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  ])("YouTube %s → nocookie embed", (input) => {
    expect(toEmbedUrl(input)).toBe(YT);
  });

  it("keeps a YouTube start time", () => {
    expect(toEmbedUrl("https://youtu.be/dQw4w9WgXcQ?t=90")).toBe(`${YT}?start=90`);
    expect(toEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s")).toBe(`${YT}?start=90`);
    expect(toEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ?start=42")).toBe(`${YT}?start=42`);
  });

  it.each([
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/76979871/a1b2c3d4e5", "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5"],
    ["https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&autoplay=1", "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5"],
  ])("Vimeo %s → %s", (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "not a url",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ\"><script>",
    "https://www.youtube.com/channel/UC1234567890",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "https://vimeo.com/about",
    "https://player.vimeo.com/video/abc",
  ])("rejects %j", (input) => {
    expect(toEmbedUrl(input)).toBeNull();
  });
});

describe("normalizeEmbedSrc", () => {
  it("canonicalises YouTube/Vimeo iframes and keeps Google Maps embeds", () => {
    expect(normalizeEmbedSrc("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(YT);
    expect(normalizeEmbedSrc("https://player.vimeo.com/video/1")).toBe("https://player.vimeo.com/video/1");
    const maps = "https://www.google.com/maps/embed?pb=!1m18!1m12";
    expect(normalizeEmbedSrc(maps)).toBe(maps);
  });

  it("drops other iframes", () => {
    expect(normalizeEmbedSrc("https://example.com/embed")).toBeNull();
    expect(normalizeEmbedSrc("http://www.google.com/maps/embed?pb=1")).toBeNull();
    expect(normalizeEmbedSrc("https://www.google.com/search?q=x")).toBeNull();
    expect(normalizeEmbedSrc("")).toBeNull();
  });
});

describe("parseStartSeconds", () => {
  it.each([
    ["90", 90],
    ["90s", 90],
    ["1m30s", 90],
    ["1h2m3s", 3723],
    ["0", null],
    ["", null],
    [null, null],
    ["abc", null],
    ["1x", null],
  ] as const)("%j → %j", (input, expected) => {
    expect(parseStartSeconds(input)).toBe(expected);
  });
});

describe("links", () => {
  it.each([
    "https://contoh.com",
    "http://contoh.com/a?b=c#d",
    "mailto:info@contoh.com",
    "tel:+6281234567890",
    "/produk",
    "/kerja-sama#kontak",
  ])("accepts %s", (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "//evil.example",
    "https://",
    "mailto:",
    "tel:abc",
    "ftp://contoh.com",
    "contoh.com",
    "",
  ])("rejects %j", (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });

  it.each([
    ["https://contoh.com", "https://contoh.com"],
    [" contoh.com ", "https://contoh.com"],
    ["www.contoh.co.id/produk", "https://www.contoh.co.id/produk"],
    ["info@contoh.com", "mailto:info@contoh.com"],
    ["+62 812-3456-7890", "tel:+6281234567890"],
    ["/produk", "/produk"],
    ["//contoh.com/x", "https://contoh.com/x"],
    ["mailto:info@contoh.com", "mailto:info@contoh.com"],
  ])("normalizeLinkInput(%j) → %j", (input, expected) => {
    expect(normalizeLinkInput(input)).toBe(expected);
  });

  it.each(["", "   ", "halo", "javascript:alert(1)", "ftp://contoh.com", "contoh", "info@contoh"])(
    "normalizeLinkInput(%j) → null",
    (input) => {
      expect(normalizeLinkInput(input)).toBeNull();
    },
  );
});

describe("normalizeImageSrc", () => {
  it.each([
    ["https://cdn.contoh.com/a.jpg", "https://cdn.contoh.com/a.jpg"],
    ["http://localhost:3000/uploads/a.webp", "http://localhost:3000/uploads/a.webp"],
    ["cdn.contoh.com/a.jpg", "https://cdn.contoh.com/a.jpg"],
    ["/uploads/profil/a.webp", "/uploads/profil/a.webp"],
    ["//cdn.contoh.com/a.jpg", "https://cdn.contoh.com/a.jpg"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeImageSrc(input)).toBe(expected);
  });

  it.each(["", "a.jpg", "javascript:alert(1)", "data:image/png;base64,AAAA", "cdn.contoh.com", "/uploads/a b.jpg"])(
    "%j → null",
    (input) => {
      expect(normalizeImageSrc(input)).toBeNull();
    },
  );
});

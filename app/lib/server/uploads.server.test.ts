import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveUploadPath, uploadUrl } from "~/lib/server/uploads.server";

const DIR = path.resolve("/srv/etalase/uploads");

describe("resolveUploadPath", () => {
  it("resolves a normal path inside the uploads folder", () => {
    expect(resolveUploadPath("produk/ab12.jpg", DIR)).toBe(path.join(DIR, "produk", "ab12.jpg"));
    expect(resolveUploadPath("/banner/x.png", DIR)).toBe(path.join(DIR, "banner", "x.png"));
  });

  it("decodes percent-encoded names once they stay inside", () => {
    expect(resolveUploadPath("produk/kursi%20jati.jpg", DIR)).toBe(path.join(DIR, "produk", "kursi jati.jpg"));
  });

  it.each([
    ["../package.json"],
    ["produk/../../package.json"],
    ["%2e%2e/package.json"],
    ["%2E%2E/package.json"],
    ["produk/%2e%2e/%2e%2e/etc/passwd"],
    ["%252e%252e/package.json"],
    ["%25252e%25252e/package.json"],
    ["..%2fpackage.json"],
    ["..%252fpackage.json"],
    ["..\\package.json"],
    ["produk%5c..%5c..%5cpackage.json"],
    ["produk/a.jpg%00.png"],
    ["produk/a.jpg\0"],
    [".env"],
    ["produk/.hidden.jpg"],
    ["%2eenv"],
    ["./produk/a.jpg"],
    [""],
    ["/"],
    ["%E0%A4%A"],
  ])("rejects %j", (input) => {
    expect(resolveUploadPath(input, DIR)).toBeNull();
  });
});

describe("uploadUrl", () => {
  it("builds /uploads/<path> with each segment encoded", () => {
    expect(uploadUrl("produk/kursi jati.jpg")).toBe("/uploads/produk/kursi%20jati.jpg");
    expect(uploadUrl("banner/a.jpg")).toBe("/uploads/banner/a.jpg");
  });

  it("is null without a path", () => {
    expect(uploadUrl(null)).toBeNull();
    expect(uploadUrl("")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimit, spoolsToDisk } from "~/http/body.server";
import { MAX_PHOTOS_PER_POST, MAX_UPLOAD_BYTES } from "~/lib/util/upload-rules";

describe("the product photo pages' bodies", () => {
  const photos = MAX_PHOTOS_PER_POST * MAX_UPLOAD_BYTES + 512 * 1024;

  it("the product form and a product's image page (and their .data posts) take several photos, kept on disk", () => {
    for (const path of ["/operator/produk/produk", "/operator/produk/produk.data", "/operator/produk/gambarproduk/12", "/operator/produk/gambarproduk/12.data", "/Operator/Produk/GambarProduk/12/"]) {
      expect(bodyLimit("multipart", path), path).toBe(photos);
      expect(spoolsToDisk("multipart", path), path).toBe(true);
    }
  });

  it("the script's upload route, the other image screens and other kinds keep their limits", () => {
    for (const path of ["/operator/produk/gambarproduk/12/unggah", "/operator/profil/galeri", "/operator/master/banner", "/api/gambarprodukform"]) {
      expect(bodyLimit("multipart", path), path).toBe(BODY_LIMITS.multipart);
      expect(spoolsToDisk("multipart", path), path).toBe(false);
    }
    expect(bodyLimit("form", "/operator/produk/produk")).toBe(BODY_LIMITS.form);
  });
});

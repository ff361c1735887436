import { z } from "zod";
import { produkImages } from "~/domain/images/collections.server";
import { pindahSchema } from "~/domain/urutan/urutan.server";
import { getProdukSummary, legacyGambarProduk } from "~/domain/produk/produk.server";
import { DELETED, SAVED } from "~/http/action.server";
import { ApiError, notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";
import { IMAGE_REQUIRED } from "~/lib/util/upload-rules";
import { fileFrom } from "~/lib/server/uploads.server";

const createSchema = z.object({
  id_produk: z.coerce.number({ error: "id_produk wajib diisi." }).int().positive("id_produk tidak valid."),
});

/**
 * GET /api/gambarprodukform/{kode} lists a product's images in their manual order (the first is
 * the cover); POST /api/gambarprodukform {id_produk, gambar} adds one (last); POST
 * /api/gambarprodukform/{id} {gambar optional, pindah optional, _method} replaces one (no file
 * keeps it) and/or moves it (pindah: naik/turun); DELETE /api/gambarprodukform/{id} removes it.
 */
const resource = apiResource({
  get: (kode) => {
    if (!getProdukSummary(getDb(), kode)) notFound("Produk tidak ditemukan");
    return { data: produkImages.list(getDb(), kode).map(({ id, src }) => ({ id, gambar: src })) };
  },
  create: async (form) => {
    const { id_produk } = validate(form, createSchema);
    const file = fileFrom(form, "gambar");
    if (!file) throw new ApiError(422, "Data tidak valid.", { gambar: [IMAGE_REQUIRED] });
    const gambar = await produkImages.add(getDb(), file, id_produk);
    if (!gambar) notFound("Produk tidak ditemukan");
    return { message: SAVED, data: { galeri: legacyGambarProduk(gambar) } };
  },
  update: async (id, form) => {
    const { pindah } = validate(form, pindahSchema);
    const db = getDb();
    const gambar = (await produkImages.replace(db, id, fileFrom(form, "gambar"))) ?? notFound();
    if (pindah) produkImages.move(db, id, pindah);
    return { message: SAVED, data: { galeri: legacyGambarProduk(gambar) } };
  },
  remove: async (id) => {
    if (!(await produkImages.remove(getDb(), id))) notFound();
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

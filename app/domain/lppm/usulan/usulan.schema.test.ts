import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { createUsulanSchema, dokumenSchema, identitasSchema, luaranInput, luaranSchema, mahasiswaSchema, rabSchema, undangSchema } from "~/domain/lppm/usulan/usulan.schema";

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}
function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const s = parseWithZod(form(fields), { schema });
  return s.status === "success" ? null : s.error;
}
function value<T>(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>): T {
  const s = parseWithZod(form(fields), { schema });
  if (s.status !== "success") throw new Error(JSON.stringify(s.error));
  return s.value as T;
}

const penelitian = identitasSchema({ jenis: "penelitian", tkt_min: 1, tkt_max: 3 });
const IDENTITAS = { judul: "Kayu", ringkasan: "Singkat saja.", kata_kunci: "a, b, c", bidang_fokus: "Energi", tkt: "2", lama_bulan: "12" };

describe("usulan forms", () => {
  it("a new proposal needs a periode and a title", () => {
    expect(errors(createUsulanSchema, {})).toMatchObject({ id_periode: ["Periode wajib dipilih."], judul: ["Judul wajib diisi."] });
    expect(value(createUsulanSchema, { id_periode: "3", judul: " Kayu " })).toEqual({ id_periode: 3, judul: "Kayu" });
  });

  it("identity: keywords parsed, TKT within the skema's range, words counted", () => {
    expect(value(penelitian, IDENTITAS)).toMatchObject({ kata_kunci: ["a", "b", "c"], tkt: 2, lama_bulan: 12, mitra_nama: "" });
    expect(errors(penelitian, { ...IDENTITAS, kata_kunci: "a, b" })?.kata_kunci?.[0]).toBe("Kata kunci 3–5 buah, pisahkan dengan koma (saat ini 2).");
    expect(errors(penelitian, { ...IDENTITAS, tkt: "4" })?.tkt?.[0]).toBe("TKT harus antara 1 dan 3.");
    expect(errors(penelitian, { ...IDENTITAS, lama_bulan: "0" })?.lama_bulan?.[0]).toBe("Lama kegiatan harus antara 1 dan 36.");
    expect(errors(penelitian, { ...IDENTITAS, ringkasan: Array(501).fill("kata").join(" ") })?.ringkasan?.[0]).toBe("Ringkasan berisi 501 kata; maksimal 500 kata.");
    // A draft may leave the summary, keywords and TKT empty.
    expect(value(penelitian, { judul: "Kayu", lama_bulan: "12" })).toMatchObject({ ringkasan: "", kata_kunci: [], tkt: null });
    // Community service has no TKT, whatever is posted.
    expect(value(identitasSchema({ jenis: "pengabdian", tkt_min: null, tkt_max: null }), { ...IDENTITAS, tkt: "9" })).toMatchObject({ tkt: null });
  });

  it("team: NIDN digits only (spaces, dots and dashes dropped); students with NIM", () => {
    expect(value(undangSchema, { nidn: "0012.3456-78 90" })).toEqual({ nidn: "0012345678" + "90" });
    expect(errors(undangSchema, { nidn: "12ab" })?.nidn?.[0]).toBe("NIDN terdiri dari 10–20 angka.");
    expect(errors(mahasiswaSchema, { nama: "Siti", nim: "21/001", prodi: "Sipil" })?.nim?.[0]).toContain("NIM hanya boleh");
  });

  it("RAB: a known group, a whole volume and a rupiah price as people type it", () => {
    const rab = rabSchema(["Honor", "Bahan"]);
    expect(value(rab, { kelompok: "Bahan", item: "Semen", satuan: "sak", volume: "4", harga_satuan: "Rp 65.000" })).toMatchObject({ volume: 4, harga_satuan: 65_000 });
    expect(errors(rab, { kelompok: "Sewa", item: "x", satuan: "x", volume: "1", harga_satuan: "1" })?.kelompok).toBeDefined();
    expect(errors(rab, { kelompok: "Bahan", item: "x", satuan: "x", volume: "1,5", harga_satuan: "1.000,50" })).toMatchObject({
      volume: ["Volume harus berupa bilangan bulat."],
    });
    expect(errors(rab, { kelompok: "Bahan", item: "x", satuan: "x", volume: "1", harga_satuan: "1.000,50" })?.harga_satuan?.[0]).toContain("Harga satuan tidak valid");
  });

  it("luaran: one of the skema's kinds or 'Lainnya' named", () => {
    const luaran = luaranSchema(["Jurnal nasional terakreditasi"]);
    expect(luaranInput(value(luaran, { jenis: "Jurnal nasional terakreditasi", target: "Submitted" }))).toEqual({ jenis: "Jurnal nasional terakreditasi", target: "Submitted", keterangan: "" });
    expect(luaranInput(value(luaran, { jenis: "Lainnya", jenis_lain: "Video", target: "Published" }))).toMatchObject({ jenis: "Video" });
    expect(errors(luaran, { jenis: "Lainnya", target: "Published" })).toMatchObject({ jenis_lain: ["Sebutkan jenis luaran lainnya."] });
    expect(errors(luaran, { jenis: "Paten", target: "Published" })).toMatchObject({ jenis: ["Jenis luaran tidak dikenal."] });
  });
});

describe("every form's schema gives Conform its constraints (the browser's checks)", () => {
  it("none throws 'Unsupported schema'", () => {
    for (const schema of [
      createUsulanSchema,
      penelitian,
      identitasSchema({ jenis: "pengabdian", tkt_min: null, tkt_max: null }),
      undangSchema,
      mahasiswaSchema,
      rabSchema(["Honor", "Bahan"]),
      luaranSchema(["Jurnal"]),
      dokumenSchema,
    ]) {
      expect(() => getZodConstraint(schema)).not.toThrow();
    }
  });
});

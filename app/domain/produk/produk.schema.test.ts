import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseIdList, parseOptionalId, produkSchema } from "~/domain/produk/produk.schema";

function form(entries: [string, string][]): FormData {
  const formData = new FormData();
  for (const [key, value] of entries) formData.append(key, value);
  return formData;
}

const base: [string, string][] = [
  ["nama_produk", "  Meja Makan Jati  "],
  ["deskripsi", "Kayu jati.\nFinishing natural."],
  ["harga", " 1250000 "],
];

describe("parseIdList", () => {
  it("reads repeated fields (checkboxes) and comma-separated strings (legacy API) alike", () => {
    expect(parseIdList(["1", "3"])).toEqual([1, 3]);
    expect(parseIdList("1,3,4")).toEqual([1, 3, 4]);
    expect(parseIdList(["1,3", " 4 "])).toEqual([1, 3, 4]);
    expect(parseIdList("2")).toEqual([2]);
    expect(parseIdList([5, 6])).toEqual([5, 6]);
  });

  it("drops blanks and duplicates, keeping the first order", () => {
    expect(parseIdList(undefined)).toEqual([]);
    expect(parseIdList("")).toEqual([]);
    expect(parseIdList("3, ,1,3,")).toEqual([3, 1]);
    expect(parseIdList(["4", "4", "2"])).toEqual([4, 2]);
  });

  it("refuses anything that is not a positive integer in digits", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "0x10", "1e3", "1,a", "99999999999999999999"]) {
      expect(parseIdList(bad), bad).toBeNull();
    }
    expect(parseIdList([{}])).toBeNull();
  });
});

describe("parseOptionalId", () => {
  it("treats empty or absent as no category", () => {
    expect(parseOptionalId("")).toBeNull();
    expect(parseOptionalId("  ")).toBeNull();
    expect(parseOptionalId(undefined)).toBeNull();
    expect(parseOptionalId(null)).toBeNull();
  });

  it("reads digits and marks anything else invalid", () => {
    expect(parseOptionalId("7")).toBe(7);
    expect(parseOptionalId("x")).toBeNaN();
    expect(parseOptionalId("1.5")).toBeNaN();
  });
});

describe("produkSchema (via Conform, as the action parses it)", () => {
  it("trims the texts; category and branches are optional", () => {
    const submission = parseWithZod(form(base), { schema: produkSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      id_kategori: null,
      nama_produk: "Meja Makan Jati",
      deskripsi: "Kayu jati.\nFinishing natural.",
      harga: "1250000",
      gudang: [],
    });
  });

  it("normalises checkboxes and a comma string to one deduplicated list", () => {
    const checkboxes = parseWithZod(
      form([...base, ["id_kategori", "2"], ["gudang", "3"], ["gudang", "1"], ["gudang", "3"]]),
      { schema: produkSchema },
    );
    expect(checkboxes.status === "success" && checkboxes.value).toMatchObject({ id_kategori: 2, gudang: [3, 1] });
    const legacy = parseWithZod(form([...base, ["id_kategori", ""], ["gudang", "1,3,4"]]), { schema: produkSchema });
    expect(legacy.status === "success" && legacy.value).toMatchObject({ id_kategori: null, gudang: [1, 3, 4] });
  });

  it("gives the Indonesian messages for missing fields", () => {
    const submission = parseWithZod(form([["nama_produk", "   "], ["deskripsi", ""]]), { schema: produkSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toMatchObject({
      nama_produk: ["Nama produk wajib diisi."],
      deskripsi: ["Deskripsi wajib diisi."],
      harga: ["Harga wajib diisi."],
    });
  });

  it("puts bad ids on the fields themselves", () => {
    const submission = parseWithZod(form([...base, ["id_kategori", "abc"], ["gudang", "1,x"]]), { schema: produkSchema });
    expect(submission.status === "error" && submission.error).toEqual({ id_kategori: ["Kategori tidak valid."], gudang: ["Pilihan gudang tidak valid."] });
  });

  it("also parses a plain object (the JSON-ish API path)", () => {
    const parsed = produkSchema.parse({ id_kategori: "5", nama_produk: "Kursi", deskripsi: "d", harga: "Mulai 900 ribu", gudang: "2,2,7" });
    expect(parsed).toEqual({ id_kategori: 5, nama_produk: "Kursi", deskripsi: "d", harga: "Mulai 900 ribu", gudang: [2, 7] });
  });
});

describe("status", () => {
  it("takes 'Tayang' or 'Draf' in any case; left out (or blank) it is undefined: the domain keeps or defaults it", () => {
    const value = (status?: string) => {
      const submission = parseWithZod(form(status === undefined ? base : [...base, ["status", status]]), { schema: produkSchema });
      return submission.status === "success" ? submission.value.status : "refused";
    };
    expect(value("Draf")).toBe("Draf");
    expect(value("tayang")).toBe("Tayang");
    expect(value(" DRAF ")).toBe("Draf");
    expect(value()).toBeUndefined();
    expect(value("")).toBeUndefined();
  });

  it("refuses any other value on the field with the Indonesian message", () => {
    for (const status of ["Arsip", "1", "Terbit"]) {
      const submission = parseWithZod(form([...base, ["status", status]]), { schema: produkSchema });
      expect(submission.status === "error" && submission.error).toEqual({ status: ["Status harus Tayang atau Draf."] });
    }
  });
});

import { describe, expect, it } from "vitest";
import { cuplikanBeda, formatHarga, lines, pageTitle, slugify, unslugify, waLink, waNumber } from "~/lib/util/format";

describe("formatHarga", () => {
  it("groups a numeric price with dots after 'Rp. '", () => {
    expect(formatHarga("1250000")).toBe("Rp. 1.250.000");
    expect(formatHarga("950")).toBe("Rp. 950");
    expect(formatHarga(" 4500000 ")).toBe("Rp. 4.500.000");
  });

  it("shows free text as typed, without doubling a typed 'Rp'", () => {
    expect(formatHarga("Mulai 900 ribu")).toBe("Rp. Mulai 900 ribu");
    expect(formatHarga("1.250.000")).toBe("Rp. 1.250.000");
    expect(formatHarga("Rp. 2.000.000")).toBe("Rp. 2.000.000");
    expect(formatHarga("rp 750.000")).toBe("Rp. 750.000");
  });
});

describe("waNumber / waLink", () => {
  it("turns a leading 0 into 62", () => {
    expect(waNumber("081234567890")).toBe("6281234567890");
  });

  it("drops the + of +62 and keeps 62 numbers", () => {
    expect(waNumber("+6281234567890")).toBe("6281234567890");
    expect(waNumber("6281234567890")).toBe("6281234567890");
  });

  it("removes spaces, dashes and brackets", () => {
    expect(waNumber("0812-3456 7890")).toBe("6281234567890");
    expect(waNumber("+62 (812) 3456-7890")).toBe("6281234567890");
  });

  it("is empty for an empty or missing number", () => {
    expect(waNumber("")).toBe("");
    expect(waNumber(null)).toBe("");
    expect(waNumber(undefined)).toBe("");
    expect(waNumber(" - ")).toBe("");
  });

  it("builds a wa.me link with an encoded message", () => {
    expect(waLink("0812 3456 7890")).toBe("https://wa.me/6281234567890");
    expect(waLink("0812-3456-7890", "Halo, saya tertarik dengan Kursi Tamu & Meja")).toBe(
      "https://wa.me/6281234567890?text=Halo%2C%20saya%20tertarik%20dengan%20Kursi%20Tamu%20%26%20Meja",
    );
  });

  it("gives no link without a number", () => {
    expect(waLink("")).toBe("");
    expect(waLink(null, "Halo")).toBe("");
  });
});

describe("slugify", () => {
  it("lowercases and joins words with dashes", () => {
    expect(slugify("Kursi Tamu Jati")).toBe("kursi-tamu-jati");
  });

  it("writes & as 'dan'", () => {
    expect(slugify("Meja & Kursi")).toBe("meja-dan-kursi");
  });

  it("strips accents", () => {
    expect(slugify("Café Crème Déco")).toBe("cafe-creme-deco");
  });

  it("trims spaces and punctuation at both ends and collapses runs", () => {
    expect(slugify("  --Lemari  Pakaian!!  ")).toBe("lemari-pakaian");
    expect(slugify("Rak / Buku, 3 Susun")).toBe("rak-buku-3-susun");
  });

  it("limits the length to 80 characters without a trailing dash", () => {
    const slug = slugify("a".repeat(79) + " bcd");
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug).toBe("a".repeat(79));
  });

  it("is empty for input without letters or digits", () => {
    expect(slugify("!!!")).toBe("");
    expect(slugify("")).toBe("");
  });
});

describe("unslugify", () => {
  it("capitalises each word", () => {
    expect(unslugify("kursi-tamu-jati")).toBe("Kursi Tamu Jati");
    expect(unslugify("sofa")).toBe("Sofa");
  });

  it("ignores empty parts", () => {
    expect(unslugify("--meja--makan-")).toBe("Meja Makan");
    expect(unslugify("")).toBe("");
  });
});

describe("lines", () => {
  it("splits on \\n, \\r\\n and \\r", () => {
    expect(lines("Jl. Merdeka 1\r\nBlok A\nSemarang\rJawa Tengah")).toEqual([
      "Jl. Merdeka 1",
      "Blok A",
      "Semarang",
      "Jawa Tengah",
    ]);
  });

  it("gives one line for text without breaks and for nothing", () => {
    expect(lines("satu baris")).toEqual(["satu baris"]);
    expect(lines(null)).toEqual([""]);
  });
});

describe("pageTitle", () => {
  it("ends with the shop name and city", () => {
    expect(pageTitle("Produk", { nama_toko: "Mebel Jati", kota: "Jepara" })).toBe("Produk - Mebel Jati Jepara");
  });

  it("falls back to the page name without a setting", () => {
    expect(pageTitle("Produk", null)).toBe("Produk");
  });
});

describe("cuplikanBeda", () => {
  it("shows short texts whole, their white space runs as one space", () => {
    expect(cuplikanBeda("Jati tua.\r\nUkir.", "Jati  muda.\nUkir.")).toEqual(["Jati tua. Ukir.", "Jati muda. Ukir."]);
  });

  it("cuts long texts to the same window a little before where they first differ, marking what was left out", () => {
    const head = "Kursi jati ".repeat(30);
    const [lama, baru] = cuplikanBeda(`${head}finishing natural, dudukan rotan. ${"x".repeat(300)}`, `${head}finishing gelap, dudukan rotan. ${"x".repeat(300)}`, 60);
    expect(lama).toBe(`…${`${head}finishing `.slice(-20)}natural, dudukan rotan. ${"x".repeat(60 - 20 - 24)}…`);
    expect(baru.startsWith(`…${`${head}finishing `.slice(-20)}gelap`)).toBe(true);
    expect([Array.from(lama).length, Array.from(baru).length]).toEqual([62, 62]);
  });

  it("keeps a letter outside the BMP whole, and marks only the end when the change is near the start", () => {
    const [lama, baru] = cuplikanBeda(`🪑 lama ${"a".repeat(200)}`, `🪑 baru ${"a".repeat(200)}`, 10);
    expect([lama, baru]).toEqual(["🪑 lama aaa…", "🪑 baru aaa…"]);
  });
});

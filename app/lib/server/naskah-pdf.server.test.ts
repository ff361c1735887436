import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { renderNaskah, type Naskah } from "~/lib/server/naskah-pdf.server";

const KOP = { institusi: "Universitas Contoh Nusantara", lembaga: "Lembaga Penelitian dan Pengabdian kepada Masyarakat", alamat: "Jl. Merdeka No. 1, Bandung", logo: null };

async function textOf(bytes: Uint8Array) {
  // The parser takes the buffer it is given (it goes to its worker): it reads a copy.
  const parser = new PDFParse({ data: bytes.slice() });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe("renderNaskah", () => {
  it("prints the letterhead, the blocks and names with accents in the embedded font", async () => {
    const naskah: Naskah = {
      judul: "Uji",
      kop: KOP,
      blok: [
        { jenis: "judul", teks: "SURAT PERJANJIAN" },
        { jenis: "isian", baris: [["Nama", "Dr. Ayu Çahyani Ñoor"], ["NIDN", "0012345678"]] },
        { jenis: "tabel", kolom: [{ judul: "No", lebar: 1 }, { judul: "Judul", lebar: 6 }], baris: [["1", "Sistem Informasi Desa"]] },
        { jenis: "ttd", kolom: [{ atas: "Bandung, 28 November 2026", peran: "Kepala LPPM,", nama: "Prof. Budi", nomor: "NIP. 197801012005011001" }] },
      ],
    };
    const bytes = await renderNaskah(naskah);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await textOf(bytes);
    for (const expected of ["UNIVERSITAS CONTOH NUSANTARA", "SURAT PERJANJIAN", "Dr. Ayu Çahyani Ñoor", "0012345678", "Sistem Informasi Desa", "28 November 2026", "NIP. 197801012005011001"]) {
      expect(text).toContain(expected);
    }
    // The font travels in the file: every font the paper uses is embedded.
    const doc = await PDFDocument.load(bytes);
    const descriptors = doc.context.enumerateIndirectObjects().map(([, object]) => object).filter((object) => object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of("FontDescriptor")) as PDFDict[];
    expect(descriptors).toHaveLength(2);
    for (const descriptor of descriptors) expect(descriptor.get(PDFName.of("FontFile2"))).toBeDefined();
  });

  it("goes on over pages, repeating a long table's header", async () => {
    const baris = Array.from({ length: 80 }, (_, i) => [String(i + 1), `Judul penelitian nomor ${i + 1}`]);
    const bytes = await renderNaskah({ judul: "Uji", kop: KOP, blok: [{ jenis: "tabel", kolom: [{ judul: "No", lebar: 1 }, { judul: "Judul Penelitian", lebar: 6 }], baris }] });
    const text = await textOf(bytes);
    expect(text).toContain("Judul penelitian nomor 80");
    expect(text.match(/Judul Penelitian/g)!.length).toBeGreaterThan(1);
  });
});

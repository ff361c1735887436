import { describe, expect, it } from "vitest";
import { csvBlob, HEADER } from "../../../../tests/setup/produk-csv";
import { bacaCsv, BERKAS_KOSONG, BUKAN_CSV, BUKAN_UTF8, CsvFileError, TANPA_BARIS, TERLALU_BANYAK_BARIS } from "./baca.server";
import { MAX_BARIS } from "./format";

async function fileError(input: Blob): Promise<CsvFileError> {
  const error = await bacaCsv(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CsvFileError);
  return error as CsvFileError;
}

describe("reading a file", () => {
  it("refuses an empty file, a header without rows, a binary file and text that is not UTF-8", async () => {
    expect((await fileError(new Blob([]))).message).toBe(BERKAS_KOSONG);
    expect((await fileError(new Blob(["\r\n\r\n"]))).message).toBe(BERKAS_KOSONG);
    expect((await fileError(csvBlob(HEADER))).message).toBe(TANPA_BARIS);
    expect((await fileError(csvBlob(HEADER, ",,,,,,,,", ""))).message).toBe(TANPA_BARIS);
    const zip = await fileError(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])]));
    expect([zip.message, zip.status]).toEqual([BUKAN_CSV, 415]);
    // "Café" written in Windows-1252 (0xE9), as an old spreadsheet saves it.
    const latin1 = await fileError(new Blob([`${HEADER}\r\n,Caf`, new Uint8Array([0xe9]), ",Kursi Tamu,1,x,1,0,0,0\r\n"]));
    expect([latin1.message, latin1.status]).toEqual([BUKAN_UTF8, 415]);
  });

  it("names the row of broken quoting, and of a row too long", async () => {
    const unclosed = await fileError(csvBlob(HEADER, ",Kursi,Kursi Tamu,1,ok,1,0,0,0", ',"Meja,Meja Makan,1,x,1,0,0,0'));
    expect(unclosed.message).toBe('Berkas CSV rusak: tanda kutip (") yang dibuka di baris 3 tidak pernah ditutup.');
    const stray = await fileError(csvBlob(HEADER, ',Meja 40" jati,Meja Makan,1,x,1,0,0,0'));
    expect(stray.message).toBe(
      'Berkas CSV rusak di baris 2: nilai yang berisi tanda kutip (") harus diapit tanda kutip, dan kutip di dalamnya ditulis dua kali ("").',
    );
    const long = await fileError(csvBlob(HEADER, ",A,,1,x,1,0,0,0", `,B,,1,${"x".repeat(200_001)},1,0,0,0`));
    expect(long.message).toBe("Baris 3 terlalu panjang (lebih dari 200.000 karakter).");
  });

  it("numbers rows as a spreadsheet does: blank lines count, a multi-line cell is one row", async () => {
    const table = await bacaCsv(csvBlob(HEADER, ',A,,1,"dua\r\nbaris",1,0,0,0', "", ",B,,1,x,1,0,0,0"));
    expect(table.rows.map((r) => [r.baris, r.cells[1]])).toEqual([
      [2, "A"],
      [4, "B"],
    ]);
  });

  it("reads a ';' file (a spreadsheet with Indonesian settings) and one with or without a BOM", async () => {
    const semi = await bacaCsv(csvBlob(HEADER.replace(/,/g, ";"), ";Kursi, Jati;Kursi Tamu;1;x;1;0;0;0"));
    expect(semi.delimiter).toBe(";");
    expect(semi.rows[0]!.cells[1]).toBe("Kursi, Jati");
    const bom = await bacaCsv(new Blob([`\uFEFF${HEADER}\r\n,A,,1,x,1,0,0,0\r\n`]));
    expect(bom.header[0]).toBe("slug");
    // Blank lines above the header are skipped (and still counted).
    const blankFirst = await bacaCsv(new Blob([`\r\n,,\r\n${HEADER}\r\n,A,,1,x,1,0,0,0\r\n`]));
    expect([blankFirst.header[0], blankFirst.rows[0]!.baris]).toEqual(["slug", 4]);
  });

  it(`takes ${MAX_BARIS.toLocaleString("en")} rows besides the header, blank ones included, and refuses one more`, async () => {
    const row = ",Kursi Batas,,1,x,1,0,0,0";
    const full = await bacaCsv(csvBlob(HEADER, ...Array.from({ length: MAX_BARIS - 2 }, () => row), "", ",,,,"));
    expect(full.rows).toHaveLength(MAX_BARIS - 2);
    const over = await fileError(csvBlob(HEADER, ...Array.from({ length: MAX_BARIS - 2 }, () => row), "", ",,,,", ""));
    expect([over.message, over.status]).toEqual([TERLALU_BANYAK_BARIS, 422]);
  });

  it.each([
    ["1,000,000 blank lines", () => new Blob(["\r\n".repeat(1_000_000)])],
    ["100,000 lines of 'x'", () => new Blob(["x\r\n".repeat(100_000)])],
    ["a header over 100,000 one-cell rows", () => new Blob([`${HEADER}\r\n`, "x\r\n".repeat(100_000)])],
    ["a header over 100,000 rows of empty cells", () => new Blob([`${HEADER}\r\n`, ",,,,,,,,\r\n".repeat(100_000)])],
  ])("refuses %s at the row limit, with the message", async (_name, file) => {
    const error = await fileError(file());
    expect([error.message, error.status]).toEqual([TERLALU_BANYAK_BARIS, 422]);
    expect(TERLALU_BANYAK_BARIS).toBe("Berkas berisi lebih dari 20.000 baris selain baris judul (baris kosong ikut dihitung). Bagi menjadi beberapa berkas.");
  });
});

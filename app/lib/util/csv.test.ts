import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { BOM, csvField, csvLine, CsvReadError, csvText, readCsv, sniffDelimiter, unguard, type CsvReadLimits } from "./csv";

const LIMITS: CsvReadLimits = { maxRows: 1_000, maxRowChars: 10_000 };

/** The text's UTF-8 bytes in pieces of `size` bytes (a letter may be cut in two, as a stream cuts it). */
async function* bytesOf(text: string | Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const read = (text: string | Uint8Array, limits: Partial<CsvReadLimits> = {}, size?: number) => readCsv(bytesOf(text, size), { ...LIMITS, ...limits });

async function readError(text: string | Uint8Array, limits: Partial<CsvReadLimits> = {}): Promise<CsvReadError> {
  const error = await read(text, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CsvReadError);
  return error as CsvReadError;
}

/** Header and rows as one list of cell lists, as csv-parse would give them (blank rows left out). */
async function cellsOf(text: string, size?: number): Promise<string[][]> {
  const table = await read(text, {}, size);
  return table.header ? [table.header, ...table.rows.map((r) => r.cells)] : [];
}

describe("writing", () => {
  it("quotes a field holding a quote, a comma, a semicolon or a line break, doubling its quotes", () => {
    expect(csvField("Kursi Jati")).toBe("Kursi Jati");
    expect(csvField("Kursi, Jati")).toBe('"Kursi, Jati"');
    expect(csvField('Meja 40" jati')).toBe('"Meja 40"" jati"');
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("baris 1\r\nbaris 2")).toBe('"baris 1\r\nbaris 2"');
    expect(csvField("baris 1\nbaris 2")).toBe('"baris 1\nbaris 2"');
    expect(csvField("baris 1\rbaris 2")).toBe('"baris 1\rbaris 2"');
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvLine(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });

  it("quotes ',' and ';' whichever the delimiter, so the file reads the same with either", () => {
    expect(csvLine(["Jati, mahoni", "a;b", 612.5], { delimiter: ";", decimal: "," })).toBe('"Jati, mahoni";"a;b";"612,5"\r\n');
    expect(csvLine([1250000, -147, 0.5])).toBe("1250000,-147,0.5\r\n");
    expect(parse(csvLine(["Jati, mahoni", "a;b"], { delimiter: ";" }), { delimiter: ";" })).toEqual([["Jati, mahoni", "a;b"]]);
    expect(parse(csvLine(["Jati, mahoni", "a;b"]), { delimiter: "," })).toEqual([["Jati, mahoni", "a;b"]]);
  });

  it("guards a formula start after ',' ';' or a line break too: read with the other separator, no cell starts a formula", () => {
    const title = "Judul,=2+5+cmd|' /C calc'!A0";
    for (const delimiter of [",", ";"] as const) {
      const other = delimiter === "," ? ";" : ",";
      const line = csvLine([1, title, "Dr. Budi;=HYPERLINK(x)", "baris\n@SUM(A1)", "Rp 150.000,-"], { delimiter });
      // As written, with its own separator: every text is one cell, its inner formula starts guarded.
      expect(parse(line, { delimiter })).toEqual([["1", "Judul,'=2+5+cmd|' /C calc'!A0", "Dr. Budi;'=HYPERLINK(x)", "baris\n'@SUM(A1)", "Rp 150.000,-"]]);
      // With the other one (as a spreadsheet of other settings splits it, quotes or not): no
      // cell starts a formula; a lone "-" (the end of "150.000,-", its closing quote after it) runs nothing.
      const cells = parse(line, { delimiter: other, relax_quotes: true, relax_column_count: true }) as string[][];
      expect(cells.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual(delimiter === ";" ? ['-"\r'] : []);
    }
  });

  it("guards formula starts with a ' (numbers stay numbers), and unguard takes exactly one off", () => {
    for (const [value, written] of [
      ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
      ["+62 812", "'+62 812"],
      ["-5%", "'-5%"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tTab", "'\tTab"],
      ["\rCR", `"'\rCR"`],
      ["'=sudah dikutip", "''=sudah dikutip"],
      ["'biasa", "'biasa"],
    ] as const) {
      expect(csvField(value)).toBe(written);
    }
    expect(csvField(-5)).toBe("-5");
    expect(csvField("a,=b")).toBe(`"a,'=b"`);
    expect(csvField("a,'=b")).toBe(`"a,''=b"`);
    expect(csvField("a;-b\n+c\r@d")).toBe(`"a;'-b\n'+c\r'@d"`);
    // A formula character as the text's last, or before another separator, starts nothing.
    expect(csvField("Rp 150.000,-")).toBe(`"Rp 150.000,-"`);
    expect(csvField("a,-,b")).toBe(`"a,-,b"`);
    for (const value of ["=1+1", "+62", "-", "@x", "'=x", "''=y", "'biasa", "biasa", "\t", "\rx", "a,=b", "a,'=b", "x\r\n=y"]) {
      const written = csvField(value);
      const unquoted = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
      expect(unguard(unquoted)).toBe(value);
    }
  });

  it("unguard undoes the guard for every text of up to 5 characters of ' = - , ; CR LF tab a", () => {
    const alphabet = ["'", "=", "-", ",", ";", "\r", "\n", "\t", "a"];
    let texts = [""];
    let checked = 0;
    for (let length = 1; length <= 5; length++) {
      texts = texts.flatMap((text) => alphabet.map((ch) => text + ch));
      for (const text of texts) {
        const written = csvField(text);
        const unquoted = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
        if (unguard(unquoted) !== text) expect(unguard(unquoted), JSON.stringify(text)).toBe(text);
        checked++;
      }
    }
    expect(checked).toBe(66_429);
  });

  it("a whole file: the BOM, then CRLF after every row", () => {
    expect(csvText([["a", "b"], [1, null]])).toBe(`${BOM}a,b\r\n1,\r\n`);
    expect(csvText([["a", "b"]], { delimiter: ";" })).toBe(`${BOM}a;b\r\n`);
  });
});

describe("reading", () => {
  const TRICKY = [
    "Kursi Jati",
    "Kursi, Jati",
    'Meja 40" jati',
    '""',
    "a;b",
    "baris 1\r\nbaris 2",
    "baris 1\nbaris 2\n",
    "\r\n",
    "=1+1",
    "'=x",
    "Café ukir — ñ 家具 🪑",
    " spasi ",
    "",
  ];

  it("reads back what it writes, cut into pieces anywhere (even inside a letter)", async () => {
    const rows = [
      ["kolom", "lain", "ketiga"],
      ...TRICKY.map((value, i) => [value, TRICKY[(i + 1) % TRICKY.length]!, String(i)]),
    ];
    const text = csvText(rows).slice(1);
    const unguarded = rows.map((r) => r.map((cell) => cell));
    for (const size of [1, 2, 3, 5, 7, 64 * 1024]) {
      const cells = (await cellsOf(`${BOM}${text}`, size)).map((r) => r.map(unguard));
      expect(cells, `pieces of ${size}`).toEqual(unguarded);
    }
  });

  it("gives what csv-parse gives for valid files (CRLF, LF, CR, quoted line breaks, a last row without a line break)", async () => {
    const files = [
      "a,b,c\r\n1,2,3\r\n",
      "a,b,c\n1,2,3\n4,5,6",
      "a,b\r1,2\r3,4\r",
      'a,b\r\n"x\r\ny","p""q"\r\n"",z\r\n',
      'a,b\n"x\r\ny",lf\r\n',
      "a,b\r\nsatu\nbaris,dua\r\n",
      "a,b\nakhir\r,dua\n",
      'a,b\r\n"",""\r\n,\r\n',
      "a\r\n\r\n\r\nb\r\n",
    ];
    for (const file of files) {
      const expected = (parse(file, { relax_column_count: true }) as string[][]).filter((r) => r.some((c) => c.trim() !== ""));
      for (const size of [1, 2, 64 * 1024]) expect(await cellsOf(file, size), JSON.stringify(file)).toEqual(expected);
    }
  });

  it("numbers rows as a spreadsheet does: blank rows count, a multi-line cell is one row; blank rows are skipped", async () => {
    const table = await read('\r\n,,\r\nslug,nama\r\n,A\r\n\r\n"x\r\ny",B\r\n ,  \r\n,C\r\n');
    expect(table.header).toEqual(["slug", "nama"]);
    expect(table.rows.map((r) => [r.baris, r.cells])).toEqual([
      [4, ["", "A"]],
      [6, ["x\r\ny", "B"]],
      [8, ["", "C"]],
    ]);
  });

  it("drops a BOM; no header at all for an empty file or one of blank rows", async () => {
    expect((await read(`${BOM}a,b\r\n1,2\r\n`)).header).toEqual(["a", "b"]);
    expect(await read("")).toEqual({ header: null, rows: [], delimiter: "," });
    expect((await read("\r\n,,,\r\n , \r\n")).header).toBeNull();
  });

  it("sniffs ';' from the first line (outside quotes), ',' otherwise", async () => {
    expect(sniffDelimiter('slug;nama_produk;"a,b";kategori')).toBe(";");
    expect(sniffDelimiter("slug,nama_produk,kategori;x")).toBe(",");
    expect(sniffDelimiter("a,b\nc;d;e;f")).toBe(",");
    const semi = await read('slug;nama\r\n;"Kursi, Jati"\r\n', {}, 3);
    expect([semi.delimiter, semi.rows[0]!.cells]).toEqual([";", ["", "Kursi, Jati"]]);
  });

  it("names the row of broken quoting", async () => {
    expect(await readError('a,b\r\n1,2\r\n"terbuka,3\r\n4,5\r\n')).toMatchObject({ code: "quote-not-closed", baris: 3 });
    expect(await readError('a,b\r\nMeja 40" jati,2\r\n')).toMatchObject({ code: "quote-opening", baris: 2 });
    expect(await readError('a,b\r\n\r\n"tutup"lalu,2\r\n')).toMatchObject({ code: "quote-closing", baris: 3 });
    expect(await readError('a,b\n"tutup"\r\n')).toMatchObject({ code: "quote-closing", baris: 2 });
  });

  it("refuses a binary file and text that is not UTF-8", async () => {
    expect(await readError(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toMatchObject({ code: "not-text" });
    expect(await readError(new Uint8Array([0x61, 0x2c, 0x43, 0x61, 0x66, 0xe9, 0x0d, 0x0a]))).toMatchObject({ code: "not-utf8" });
    // A letter cut off at the end of the file.
    expect(await readError(new Uint8Array([0x61, 0x0a, 0xe5, 0xae]))).toMatchObject({ code: "not-utf8" });
  });

  it("refuses a row longer than its limit, quoted or not", async () => {
    expect(await readError(`a,b\r\n1,${"x".repeat(101)}\r\n`, { maxRowChars: 100 })).toMatchObject({ code: "row-too-long", baris: 2 });
    expect(await readError(`a,b\r\n"${"x\n".repeat(60)}",2\r\n`, { maxRowChars: 100 })).toMatchObject({ code: "row-too-long", baris: 2 });
    expect((await read(`a,b\r\n1,${"x".repeat(99)}\r\n`, { maxRowChars: 100 })).rows).toHaveLength(1);
  });

  it("counts every row but the header against the limit, blank ones too", async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `${i},x\r\n`).join("");
    expect((await read(`a,b\r\n${rows(3)}`, { maxRows: 3 })).rows).toHaveLength(3);
    expect(await readError(`a,b\r\n${rows(4)}`, { maxRows: 3 })).toMatchObject({ code: "too-many-rows" });
    expect(await readError(`a,b\r\n${rows(2)}\r\n\r\n`, { maxRows: 3 })).toMatchObject({ code: "too-many-rows" });
    expect(await readError(`\r\n,,\r\n;\r\n\r\na,b\r\n`, { maxRows: 3 })).toMatchObject({ code: "too-many-rows" });
    expect((await read(`\r\n\r\na,b\r\n1,x\r\n`, { maxRows: 3 })).rows).toHaveLength(1);
  });

  it("stops at the limit without reading further: a million blank lines are one piece read", async () => {
    let pieces = 0;
    async function* blankLines() {
      const piece = new TextEncoder().encode("\r\n".repeat(32 * 1024));
      for (let i = 0; i < 32; i++) {
        pieces++;
        yield piece;
      }
    }
    const error = await readCsv(blankLines(), { maxRows: 20_000, maxRowChars: 200_000 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "too-many-rows", baris: 20_001 });
    expect(pieces).toBe(1);
  });
});

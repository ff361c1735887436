/**
 * Papers to print and sign (an approval sheet, a decree, a contract, a berita acara) as PDF: a
 * letterhead, then blocks laid out top to bottom on A4, onto new pages as needed.
 *
 * pdf-lib, chosen by measurement (README, "Naskah PDF LPPM"): it was already a dependency (only
 * @pdf-lib/fontkit, 4 MB, is added, against about 38 MB for pdfmake or @react-pdf/renderer), its
 * files were the smallest, and with the parsed font kept between papers it was as fast as the
 * other two. It lays out nothing itself: the line wrapping, tables and page breaks are below.
 *
 * The font is DejaVu Sans from the dejavu-fonts-ttf package (Bitstream Vera licence: free to
 * embed and redistribute), embedded as a subset of the glyphs used: Indonesian names with any
 * Latin accent print as typed, and no font of the machine is ever read.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";

/** The institute's letterhead, from Setting. */
export type Kop = {
  /** The institution, e.g. "Universitas Contoh Nusantara". */
  institusi: string;
  /** The institute, e.g. "Lembaga Penelitian dan Pengabdian kepada Masyarakat". */
  lembaga: string;
  alamat: string;
  /** The logo's bytes (PNG or JPEG, as stored uploads are), or null. */
  logo: { bytes: Uint8Array; type: "png" | "jpg" } | null;
};

/** Who signs, under a role line ("Kepala LPPM,"); `nomor` is "NIP. 1978…" or "NIDN. 0012…". */
export type Penandatangan = { atas?: string; peran: string; nama: string; nomor: string };

export type Blok =
  | { jenis: "judul"; teks: string; ukuran?: number }
  | { jenis: "paragraf"; teks: string; tebal?: boolean; tengah?: boolean }
  /** "Label : value" rows, labels in one column. */
  | { jenis: "isian"; baris: readonly (readonly [string, string])[] }
  | { jenis: "tabel"; kolom: readonly { judul: string; lebar: number; kanan?: boolean }[]; baris: readonly (readonly string[])[] }
  /** Signature columns side by side (one or two), with room to sign. */
  | { jenis: "ttd"; kolom: readonly Penandatangan[] }
  | { jenis: "spasi"; tinggi: number }
  | { jenis: "halaman-baru" };

export type Naskah = { judul: string; kop: Kop; blok: readonly Blok[] };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = { left: 70, right: 60, top: 50, bottom: 60 };
const WIDTH = A4[0] - MARGIN.left - MARGIN.right;
const SIZE = 11;
const LEADING = 1.4;
const BLACK = rgb(0, 0, 0);

const require = createRequire(import.meta.url);

/** The font files, read once per process. */
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
function fonts() {
  if (!fontBytes) {
    const dir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
    fontBytes = { regular: fs.readFileSync(path.join(dir, "DejaVuSans.ttf")), bold: fs.readFileSync(path.join(dir, "DejaVuSans-Bold.ttf")) };
  }
  return fontBytes;
}

/**
 * fontkit with its parsed fonts kept: pdf-lib asks it to parse the font file for every paper, and
 * parsing DejaVu (6,000 glyphs) was half of each paper's time. A parsed font is only read from
 * when a subset is made, so one serves every paper.
 */
const parsed = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const cachedFontkit: typeof fontkit = {
  create(bytes, postscriptName) {
    let font = postscriptName ? undefined : parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes, postscriptName);
      if (!postscriptName) parsed.set(bytes, font);
    }
    return font;
  },
};

/** Splits text into lines no wider than `width` (words longer than a line are cut). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

type Pen = { page: PDFPage; y: number };

/** Renders a paper; the same input gives the same text (the file's dates aside). */
export async function renderNaskah(naskah: Naskah): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachedFontkit);
  const { regular, bold } = fonts();
  const font = await doc.embedFont(regular, { subset: true });
  const fontBold = await doc.embedFont(bold, { subset: true });
  doc.setTitle(naskah.judul);
  doc.setProducer("Etalase");
  doc.setCreator("Etalase");
  doc.setLanguage("id-ID");
  const logo = naskah.kop.logo ? await embedLogo(doc, naskah.kop.logo) : null;

  const pen: Pen = { page: doc.addPage(A4), y: A4[1] - MARGIN.top };
  const newPage = () => {
    pen.page = doc.addPage(A4);
    pen.y = A4[1] - MARGIN.top;
  };
  /** Room for `height` more points on this page, or a new page. */
  const room = (height: number) => {
    if (pen.y - height < MARGIN.bottom) newPage();
  };
  const text = (value: string, x: number, options: { bold?: boolean; size?: number } = {}) => {
    pen.page.drawText(value, { x, y: pen.y, size: options.size ?? SIZE, font: options.bold ? fontBold : font, color: BLACK });
  };
  const lineHeight = (size = SIZE) => size * LEADING;

  drawKop(pen, naskah.kop, { font, fontBold, logo });

  for (const blok of naskah.blok) {
    switch (blok.jenis) {
      case "judul": {
        const size = blok.ukuran ?? 12;
        for (const line of wrapText(blok.teks, fontBold, size, WIDTH)) {
          room(lineHeight(size));
          pen.y -= lineHeight(size);
          text(line, MARGIN.left + (WIDTH - fontBold.widthOfTextAtSize(line, size)) / 2, { bold: true, size });
        }
        pen.y -= 6;
        break;
      }
      case "paragraf": {
        const f = blok.tebal ? fontBold : font;
        for (const line of wrapText(blok.teks, f, SIZE, WIDTH)) {
          room(lineHeight());
          pen.y -= lineHeight();
          const x = blok.tengah ? MARGIN.left + (WIDTH - f.widthOfTextAtSize(line, SIZE)) / 2 : MARGIN.left;
          text(line, x, { bold: blok.tebal });
        }
        pen.y -= 6;
        break;
      }
      case "isian": {
        const labelWidth = Math.min(WIDTH * 0.4, Math.max(...blok.baris.map(([label]) => font.widthOfTextAtSize(label, SIZE))) + 8);
        for (const [label, value] of blok.baris) {
          const labels = wrapText(label, font, SIZE, labelWidth - 8);
          // An empty value leaves a heading row ("Ketua Peneliti" over its lettered rows) without a colon.
          const values = value ? wrapText(value, font, SIZE, WIDTH - labelWidth - 12) : [];
          const rows = Math.max(labels.length, values.length);
          room(rows * lineHeight());
          for (let i = 0; i < rows; i++) {
            pen.y -= lineHeight();
            // Label, colon, value: in reading order, as a text reader (or a screen reader) takes them.
            if (labels[i]) text(labels[i]!, MARGIN.left);
            if (i === 0 && value) text(":", MARGIN.left + labelWidth);
            if (values[i]) text(values[i]!, MARGIN.left + labelWidth + 12);
          }
        }
        pen.y -= 8;
        break;
      }
      case "tabel":
        drawTable(pen, blok, { font, fontBold, room, newPage });
        pen.y -= 8;
        break;
      case "ttd": {
        const column = WIDTH / 2;
        const height = lineHeight() * 7;
        room(height);
        const top = pen.y;
        blok.kolom.forEach((ttd, i) => {
          // One signer signs on the right, as letters do; two share the width.
          const x = MARGIN.left + (blok.kolom.length === 1 ? column : i * column);
          pen.y = top;
          const head = [ttd.atas, ttd.peran].filter((line): line is string => Boolean(line)).flatMap((line) => wrapText(line, font, SIZE, column - 10));
          for (const line of head) {
            pen.y -= lineHeight();
            text(line, x);
          }
          pen.y -= lineHeight() * 4;
          text(ttd.nama || "(.................................)", x, { bold: true });
          pen.page.drawLine({ start: { x, y: pen.y - 2 }, end: { x: x + fontBold.widthOfTextAtSize(ttd.nama || " ", SIZE), y: pen.y - 2 }, thickness: 0.6, color: BLACK });
          pen.y -= lineHeight();
          text(ttd.nomor, x);
        });
        pen.y = Math.min(pen.y, top - height);
        break;
      }
      case "spasi":
        pen.y -= blok.tinggi;
        break;
      case "halaman-baru":
        newPage();
        break;
    }
  }
  return doc.save();
}

async function embedLogo(doc: PDFDocument, logo: NonNullable<Kop["logo"]>): Promise<PDFImage | null> {
  try {
    return logo.type === "png" ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    // A logo that cannot be read (changed on disk since its upload) leaves the letterhead without it.
    return null;
  }
}

function drawKop(pen: Pen, kop: Kop, { font, fontBold, logo }: { font: PDFFont; fontBold: PDFFont; logo: PDFImage | null }) {
  const logoSize = 60;
  const textLeft = logo ? MARGIN.left + logoSize + 12 : MARGIN.left;
  const textWidth = A4[0] - MARGIN.right - textLeft;
  const top = pen.y;
  const lines: { text: string; bold: boolean; size: number }[] = [
    ...wrapText(kop.institusi.toUpperCase(), fontBold, 14, textWidth).map((text) => ({ text, bold: true, size: 14 })),
    ...wrapText(kop.lembaga.toUpperCase(), fontBold, 12, textWidth).map((text) => ({ text, bold: true, size: 12 })),
    ...wrapText(kop.alamat, font, 9.5, textWidth).map((text) => ({ text, bold: false, size: 9.5 })),
  ].filter((line) => line.text);
  for (const line of lines) {
    pen.y -= line.size * 1.3;
    const f = line.bold ? fontBold : font;
    pen.page.drawText(line.text, { x: textLeft + (textWidth - f.widthOfTextAtSize(line.text, line.size)) / 2, y: pen.y, size: line.size, font: f, color: BLACK });
  }
  if (logo) {
    const scale = Math.min(logoSize / logo.width, logoSize / logo.height);
    pen.page.drawImage(logo, { x: MARGIN.left, y: top - logoSize, width: logo.width * scale, height: logo.height * scale });
    pen.y = Math.min(pen.y, top - logoSize);
  }
  pen.y -= 8;
  pen.page.drawLine({ start: { x: MARGIN.left, y: pen.y }, end: { x: A4[0] - MARGIN.right, y: pen.y }, thickness: 1.6, color: BLACK });
  pen.page.drawLine({ start: { x: MARGIN.left, y: pen.y - 2.5 }, end: { x: A4[0] - MARGIN.right, y: pen.y - 2.5 }, thickness: 0.5, color: BLACK });
  pen.y -= 14;
}

function drawTable(
  pen: Pen,
  blok: Extract<Blok, { jenis: "tabel" }>,
  { font, fontBold, room, newPage }: { font: PDFFont; fontBold: PDFFont; room: (h: number) => void; newPage: () => void },
) {
  const size = 9.5;
  const pad = 4;
  const line = size * 1.3;
  const total = blok.kolom.reduce((sum, k) => sum + k.lebar, 0);
  const widths = blok.kolom.map((k) => (k.lebar / total) * WIDTH);
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const f = bold ? fontBold : font;
    const wrapped = cells.map((cell, i) => wrapText(cell, f, size, widths[i]! - 2 * pad));
    const height = Math.max(...wrapped.map((w) => w.length)) * line + 2 * pad;
    if (pen.y - height < MARGIN.bottom) {
      newPage();
      // A table that goes on over the page repeats its header.
      if (!bold) drawRow(blok.kolom.map((k) => k.judul), true);
    }
    let x = MARGIN.left;
    wrapped.forEach((lines, i) => {
      const kanan = blok.kolom[i]!.kanan;
      lines.forEach((value, j) => {
        const w = f.widthOfTextAtSize(value, size);
        pen.page.drawText(value, { x: kanan ? x + widths[i]! - pad - w : x + pad, y: pen.y - pad - (j + 1) * line + 3, size, font: f, color: BLACK });
      });
      pen.page.drawRectangle({ x, y: pen.y - height, width: widths[i]!, height, borderWidth: 0.5, borderColor: BLACK });
      x += widths[i]!;
    });
    pen.y -= height;
  };
  room(line * 3);
  drawRow(blok.kolom.map((k) => k.judul), true);
  for (const row of blok.baris) drawRow(row, false);
}

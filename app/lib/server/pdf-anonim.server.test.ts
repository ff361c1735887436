import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { PdfAnonimError, stripPdfMetadata } from "~/lib/server/pdf-anonim.server";
import { simplePdf } from "../../../scripts/seed/lppm-demo/pdf";
import { pdfInfo, pdfTexts } from "../../../tests/setup/pdf-names";

const TEAM = ["Dr. Ahmad Fauzi", "Siti Nurhaliza", "9900000001", "Rizky Mahasiswa", "2211001"];

const found = (text: string) => TEAM.filter((name) => text.includes(name));

/**
 * A proposal as a word processor and a reviewer's comments leave it: the information dictionary
 * and XMP naming the team, a comment whose author is the ketua, a form field (whose /T is its
 * name, kept), compressed object streams, and an older revision's information dictionary left
 * behind by an incremental save.
 */
async function namedPdf(): Promise<Uint8Array> {
  const base = simplePdf({
    lines: ["Proposal tanpa identitas tim"],
    info: { Title: "Usulan Dr. Ahmad Fauzi", Author: "Dr. Ahmad Fauzi; Siti Nurhaliza", Subject: "NIDN 9900000001", Keywords: "Rizky Mahasiswa 2211001", Creator: "Word - Siti Nurhaliza", Producer: "Dr. Ahmad Fauzi" },
    xmp: { authors: ["Dr. Ahmad Fauzi", "Siti Nurhaliza"], title: "Usulan" },
  });
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  const page = doc.getPage(0);
  const comment = doc.context.register(
    doc.context.obj({ Type: "Annot", Subtype: "Text", Rect: [10, 10, 30, 30], T: PDFString.of("Dr. Ahmad Fauzi"), Contents: PDFString.of("Cek metode") }),
  );
  const field = doc.context.register(doc.context.obj({ Type: "Annot", Subtype: "Widget", FT: "Tx", Rect: [40, 40, 90, 60], T: PDFString.of("judul_usulan") }));
  page.node.set(PDFName.of("Annots"), doc.context.obj([comment, field]));
  const saved = await doc.save({ useObjectStreams: true });
  const orphan = new TextEncoder().encode("\n99 0 obj\n<< /Author (Rizky Mahasiswa) /Title (NIM 2211001) >>\nendobj\n");
  return new Uint8Array([...saved, ...orphan]);
}

describe("stripPdfMetadata", () => {
  it("leaves no name of the team anywhere in the file, and the pages as they were", async () => {
    const original = await namedPdf();
    expect(found(await pdfTexts(original))).toEqual(TEAM);

    const clean = await stripPdfMetadata(original);
    expect(found(await pdfTexts(clean))).toEqual([]);
    expect(await pdfInfo(clean)).toEqual({ title: undefined, author: undefined, subject: undefined, keywords: undefined, creator: undefined, producer: undefined, xmp: false, pages: 1 });
    const texts = await pdfTexts(clean);
    expect(texts).toContain("Proposal tanpa identitas tim");
    // The comment stays without its author; the form field keeps its name.
    expect(texts).toContain("Cek metode");
    expect(texts).toContain("judul_usulan");
    // pdf-lib signs nothing: no Producer or Creator of its own.
    expect(texts).not.toContain("pdf-lib");
  });

  it("handles every demo proposal PDF (an information dictionary and XMP naming the team)", async () => {
    const demo = simplePdf({
      lines: ["Judul", "Proposal usulan (contoh data demo)"],
      info: { Title: "Judul - Dr. Ahmad Fauzi dkk.", Author: "Dr. Ahmad Fauzi; Siti Nurhaliza", Subject: "NIDN 9900000001" },
      xmp: { authors: ["Dr. Ahmad Fauzi", "Siti Nurhaliza"], title: "Judul" },
    });
    const clean = await stripPdfMetadata(demo);
    expect(found(await pdfTexts(clean))).toEqual([]);
    expect((await pdfInfo(clean)).pages).toBe(1);
  });

  it("strips a 10 MB document (the upload limit) of scanned pages", async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setAuthor("Dr. Ahmad Fauzi");
    doc.setTitle("Usulan Siti Nurhaliza");
    for (let i = 0; i < 10; i++) {
      const page = doc.addPage();
      const scan = doc.context.stream(crypto.randomBytes(1_000_000), { Type: "XObject", Subtype: "Image", Width: 1000, Height: 1000, ColorSpace: "DeviceGray", BitsPerComponent: 8 });
      page.node.setXObject(PDFName.of("Im0"), doc.context.register(scan));
    }
    const big = await doc.save();
    expect(big.byteLength).toBeGreaterThan(10_000_000);
    const clean = await stripPdfMetadata(big);
    expect(clean.byteLength).toBeGreaterThan(10_000_000);
    expect(await pdfInfo(clean)).toMatchObject({ author: undefined, title: undefined, pages: 10 });
  });

  it("refuses what it cannot rewrite: not a PDF, no catalog, encrypted", async () => {
    await expect(stripPdfMetadata(new TextEncoder().encode("bukan pdf"))).rejects.toBeInstanceOf(PdfAnonimError);
    await expect(stripPdfMetadata(new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"))).rejects.toBeInstanceOf(PdfAnonimError);
    const encrypted = new TextDecoder("latin1").decode(simplePdf({ lines: ["Rahasia"] })).replace("/Root 1 0 R", "/Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>");
    await expect(stripPdfMetadata(Uint8Array.from(encrypted, (c) => c.charCodeAt(0)))).rejects.toBeInstanceOf(PdfAnonimError);
  });

  it("several at once: one after the other, each its own copy; a refused one does not hold up the next", async () => {
    const pdfs = ["Satu", "Dua", "Tiga"].map((judul) => simplePdf({ lines: [`Proposal ${judul}`], info: { Author: "Dr. Ahmad Fauzi" } }));
    const [satu, rusak, dua, tiga] = await Promise.allSettled([
      stripPdfMetadata(pdfs[0]!),
      stripPdfMetadata(new TextEncoder().encode("%PDF-1.4 rusak")),
      stripPdfMetadata(pdfs[1]!),
      stripPdfMetadata(pdfs[2]!),
    ]);
    expect(rusak.status).toBe("rejected");
    for (const [result, judul] of [[satu, "Satu"], [dua, "Dua"], [tiga, "Tiga"]] as const) {
      if (result.status !== "fulfilled") throw new Error(`${judul} refused`);
      const texts = await pdfTexts(result.value);
      expect(texts).toContain(`Proposal ${judul}`);
      expect(found(texts)).toEqual([]);
    }
  });
});

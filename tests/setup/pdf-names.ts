/**
 * Everything a PDF says, for tests that look for names in it: every string, name and hex string
 * of every object (decoded, UTF-16 included), every stream's contents (inflated when Flate
 * encoded), the trailer, and the raw bytes — so a name hidden anywhere in the file is found,
 * however it is encoded.
 */
import zlib from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, PDFStream, type PDFObject } from "pdf-lib";

export async function pdfTexts(bytes: Uint8Array): Promise<string> {
  const parts: string[] = [Buffer.from(bytes).toString("latin1")];
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  const visit = (object: PDFObject | undefined) => {
    if (!object) return;
    if (object instanceof PDFString || object instanceof PDFHexString) parts.push(object.decodeText());
    else if (object instanceof PDFName) parts.push(object.decodeText());
    else if (object instanceof PDFArray) for (let i = 0; i < object.size(); i++) visit(object.get(i));
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        visit(key);
        visit(value);
      }
    }
    else if (object instanceof PDFStream) {
      visit(object.dict);
      if (object instanceof PDFRawStream) {
        const raw = Buffer.from(object.contents);
        const flate = object.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode");
        parts.push((flate ? zlib.inflateSync(raw) : raw).toString("latin1"));
      }
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object);
  for (const value of Object.values(doc.context.trailerInfo)) visit(value);
  return parts.join("\n");
}

/** The PDF's document information as pdf-lib reads it (undefined where absent). */
export async function pdfInfo(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return {
    title: doc.getTitle(),
    author: doc.getAuthor(),
    subject: doc.getSubject(),
    keywords: doc.getKeywords(),
    creator: doc.getCreator(),
    producer: doc.getProducer(),
    xmp: doc.catalog.has(PDFName.of("Metadata")),
    pages: doc.getPageCount(),
  };
}

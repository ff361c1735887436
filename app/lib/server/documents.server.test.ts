import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanFileName, detectDocumentType, documentResponse, removeDocument, storeDocument } from "~/lib/server/documents.server";
import { resetEnvCache } from "~/lib/server/env.server";
import { UploadError } from "~/lib/server/uploads.server";
import { DOCUMENT_BAD_TYPE, MAX_DOCUMENT_BYTES } from "~/lib/util/document-rules";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
/** A 1×1 PNG and a JPEG's opening bytes: what file-type reads. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0"), Buffer.alloc(32)]);
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-doc-test-"));
  process.env.DOCUMENTS_DIR = dir;
  resetEnvCache();
});
afterAll(() => {
  delete process.env.DOCUMENTS_DIR;
  resetEnvCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("detectDocumentType", () => {
  it("knows a PDF by its bytes, not its name", async () => {
    expect(await detectDocumentType(PDF, ["pdf"])).toBe("pdf");
    expect(await detectDocumentType(Buffer.from("<html>%PDF</html>"), ["pdf"])).toBeNull();
    expect(await detectDocumentType(Buffer.from("\x89PNG\r\n\x1a\n...."), ["pdf", "docx"])).toBeNull();
  });
  it("refuses a PDF where only DOCX is allowed", async () => {
    expect(await detectDocumentType(PDF, ["docx"])).toBeNull();
  });
  it("knows JPEG and PNG evidence by their bytes, only where they are allowed", async () => {
    const evidence = ["pdf", "jpg", "png"] as const;
    expect(await detectDocumentType(PNG, evidence)).toBe("png");
    expect(await detectDocumentType(JPEG, evidence)).toBe("jpg");
    expect(await detectDocumentType(PDF, evidence)).toBe("pdf");
    expect(await detectDocumentType(PNG, ["pdf"])).toBeNull();
    expect(await detectDocumentType(Buffer.from("GIF89a......"), evidence)).toBeNull();
  });
  it("names the allowed types in its refusal", () => {
    expect(DOCUMENT_BAD_TYPE(["pdf"])).toBe("Format file harus PDF.");
    expect(DOCUMENT_BAD_TYPE(["pdf", "docx"])).toBe("Format file harus PDF atau DOCX.");
    expect(DOCUMENT_BAD_TYPE(["pdf", "jpg", "png"])).toBe("Format file harus PDF, JPG atau PNG.");
  });
});

describe("cleanFileName", () => {
  it("keeps the base name and gives it the detected extension", () => {
    expect(cleanFileName("C:\\Users\\dosen\\Proposal Final.PDF", "pdf")).toBe("Proposal Final.pdf");
    expect(cleanFileName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(cleanFileName('a"<b>\u0007.exe', "pdf")).toBe("ab.pdf");
    expect(cleanFileName("", "docx")).toBe("dokumen.docx");
  });
});

describe("storeDocument and documentResponse", () => {
  it("stores a PNG where images are allowed and may show it in place, as an image", async () => {
    const stored = await storeDocument(new File([PNG], "foto kegiatan.jpeg"), "catatan", ["pdf", "jpg", "png"]);
    expect(stored).toMatchObject({ nama_file: "foto kegiatan.png", type: "png" });
    expect(stored.file).toMatch(/^catatan\/[a-f0-9]{32}\.png$/);
    const response = documentResponse(stored.file, stored.nama_file, { inline: true });
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toContain("inline;");
    expect(response.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    await removeDocument(stored.file);
    await expect(storeDocument(new File([PNG], "x.png"), "usulan")).rejects.toMatchObject({ status: 415, message: "Format file harus PDF." });
  });
  it("stores a PDF privately under a random name and serves it as a download", async () => {
    const stored = await storeDocument(new File([PDF], "Usulan Ani.pdf", { type: "application/pdf" }), "usulan");
    expect(stored).toMatchObject({ nama_file: "Usulan Ani.pdf", ukuran: PDF.byteLength, type: "pdf" });
    expect(stored.file).toMatch(/^usulan\/[a-f0-9]{32}\.pdf$/);
    const full = path.join(dir, stored.file);
    expect(fs.statSync(full).mode & 0o777).toBe(0o600);
    const response = documentResponse(stored.file, stored.nama_file);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toContain("attachment;");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    await removeDocument(stored.file);
    expect(fs.existsSync(full)).toBe(false);
    expect(documentResponse(stored.file, "x.pdf").status).toBe(404);
  });

  it("refuses a file that is not a PDF (415) and one over 10 MB (413)", async () => {
    await expect(storeDocument(new File(["hello"], "x.pdf"), "usulan")).rejects.toMatchObject({ status: 415, message: "Format file harus PDF." });
    const big = new File([Buffer.alloc(MAX_DOCUMENT_BYTES + 1)], "big.pdf");
    const error = await storeDocument(big, "usulan").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 413, message: "Ukuran file maksimal 10 MB." });
  });

  it("stores only in folders it can serve and remove again", async () => {
    for (const folder of ["laporan_akhir", "../usulan", "Usulan", ""]) {
      await expect(storeDocument(new File([PDF], "x.pdf"), folder)).rejects.toThrow(/Invalid documents folder/);
    }
  });

  it("never serves a path outside the folder", () => {
    for (const bad of ["../x.pdf", "usulan/../../etc/passwd", "usulan/abc.pdf", "/etc/passwd"]) {
      expect(documentResponse(bad, "x.pdf").status).toBe(404);
    }
  });
});

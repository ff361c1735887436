import { fileNotFound } from "~/lib/server/documents.server";

/**
 * A made-up file as a download (an export, a recap, a backup archive), for a route that has
 * already checked who may read it: saved under `filename`, never cached, never sniffed.
 * (Stored documents have their own, documentResponse in lib/server/documents.server.ts.)
 */
export function downloadResponse(body: BodyInit, type: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A paper made on request (app/domain/lppm/naskah), for a route whose domain call has checked who
 * may read it: opened in the browser's PDF viewer (saved under `nama`), never cached, never
 * sniffed, never run as a page. Nothing made — not this user's, or not there — is the 404 of a
 * missing file, never a hint that it exists.
 */
export async function pdfResponse(made: Promise<{ bytes: Uint8Array; nama: string } | null>): Promise<Response> {
  const pdf = await made;
  if (!pdf) return fileNotFound();
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.bytes.byteLength),
      "Content-Disposition": `inline; filename="${pdf.nama}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}

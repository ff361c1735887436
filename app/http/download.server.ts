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

/**
 * Document uploads (LPPM proposals, reports, templates), client-safe: the same limits and
 * messages in the browser's checks and the server's.
 */
import { z } from "zod";

export type DocumentType = "pdf" | "docx";

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TOO_BIG = "Ukuran file maksimal 10 MB.";
export const DOCUMENT_REQUIRED = "File wajib dipilih.";

export function DOCUMENT_BAD_TYPE(allowed: readonly DocumentType[]): string {
  return allowed.includes("docx") ? "Format file harus PDF atau DOCX." : "Format file harus PDF.";
}

export function documentAccept(allowed: readonly DocumentType[]): string {
  return allowed
    .map((t) => (t === "pdf" ? ".pdf,application/pdf" : ".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"))
    .join(",");
}

function isChosenFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

/** A required document field (the content is checked again on the server). */
export const requiredDocument = () =>
  z.custom<File>(isChosenFile, { error: DOCUMENT_REQUIRED }).refine((f) => f.size <= MAX_DOCUMENT_BYTES, DOCUMENT_TOO_BIG);

export const optionalDocument = () => requiredDocument().optional();

/** "1,2 MB", "830 KB": a stored file's size for lists. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString("id-ID", { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("id-ID")} KB`;
}

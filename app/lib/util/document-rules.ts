/**
 * Document uploads (LPPM proposals, reports, templates, evidence), client-safe: the same limits
 * and messages in the browser's checks and the server's.
 */
import { z } from "zod";

export type DocumentType = "pdf" | "docx" | "jpg" | "png";

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TOO_BIG = "Ukuran file maksimal 10 MB.";
export const DOCUMENT_REQUIRED = "File wajib dipilih.";

const TYPE_NAME: Record<DocumentType, string> = { pdf: "PDF", docx: "DOCX", jpg: "JPG", png: "PNG" };

/** 'Format file harus PDF.', '… PDF atau DOCX.', '… PDF, JPG atau PNG.' */
export function DOCUMENT_BAD_TYPE(allowed: readonly DocumentType[]): string {
  const names = allowed.map((t) => TYPE_NAME[t]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} atau ${names.at(-1)}` : (names[0] ?? "PDF");
  return `Format file harus ${list}.`;
}

const ACCEPT: Record<DocumentType, string> = {
  pdf: ".pdf,application/pdf",
  docx: ".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpg: ".jpg,.jpeg,image/jpeg",
  png: ".png,image/png",
};

export function documentAccept(allowed: readonly DocumentType[]): string {
  return allowed.map((t) => ACCEPT[t]).join(",");
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

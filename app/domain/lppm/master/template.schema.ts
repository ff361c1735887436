/** The Template Unduhan form (Operator → LPPM), client-safe: a PDF or DOCX with its version date. */
import { z } from "zod";
import { optionalDocument, requiredDocument, type DocumentType } from "~/lib/util/document-rules";
import { requiredText } from "~/lib/util/form-fields";
import { parseWibDate } from "~/lib/util/wib";

export const TEMPLATE_TYPES: readonly DocumentType[] = ["pdf", "docx"];

const tanggalVersi = z
  .string({ error: "Tanggal versi wajib diisi." })
  .trim()
  .min(1, "Tanggal versi wajib diisi.")
  .refine((v) => parseWibDate(v) !== null, "Tanggal versi tidak valid.")
  .transform((v) => parseWibDate(v)!);

const base = { judul: requiredText("Judul", 200), tanggal_versi: tanggalVersi };

export const templateCreateSchema = z.object({ ...base, file: requiredDocument() });
/** On update the file is optional: without one the current file stays. */
export const templateUpdateSchema = z.object({ ...base, file: optionalDocument() });
export type TemplateInput = z.output<typeof templateUpdateSchema>;

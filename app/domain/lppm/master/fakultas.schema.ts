/** Fakultas and Program Studi forms (Operator → LPPM), client-safe. */
import { z } from "zod";
import { requiredText, selectedId } from "~/lib/util/form-fields";

export const fakultasSchema = z.object({ nama: requiredText("Nama fakultas", 150) });
export type FakultasInput = z.output<typeof fakultasSchema>;

export const FAKULTAS_WAJIB = "Fakultas wajib dipilih.";

export const prodiSchema = z.object({
  id_fakultas: selectedId(FAKULTAS_WAJIB),
  nama: requiredText("Nama program studi", 150),
});
export type ProdiInput = z.output<typeof prodiSchema>;

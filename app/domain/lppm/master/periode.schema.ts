/**
 * The Periode form (Operator → LPPM → Periode), client-safe. Each stage's window is two
 * `<input type="datetime-local">` values read as WIB; both or neither, and the close after the
 * open. Stages need not follow each other (real calls overlap them).
 */
import { z } from "zod";
import { STAGE_LABELS, STAGES, type Stage } from "~/domain/lppm/workflow";
import { optionalText, optionalWholeNumber, selectedId, wholeNumber } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";
import { parseWibDateTime } from "~/lib/util/wib";

export type StageField = `${Stage}_buka` | `${Stage}_tutup`;

export const bukaField = (stage: Stage) => `${stage}_buka` as const;
export const tutupField = (stage: Stage) => `${stage}_tutup` as const;

/** An optional date and time (WIB): null when blank. */
function wibDateTime(label: string) {
  return z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || parseWibDateTime(v) !== null, `${label} tidak valid.`)
    .transform((v) => (v ? parseWibDateTime(v) : null));
}

const stageShape = Object.fromEntries(
  STAGES.flatMap((stage) => [
    [bukaField(stage), wibDateTime(`Tanggal buka ${STAGE_LABELS[stage].toLowerCase()}`)],
    [tutupField(stage), wibDateTime(`Tanggal tutup ${STAGE_LABELS[stage].toLowerCase()}`)],
  ]),
) as Record<StageField, ReturnType<typeof wibDateTime>>;

export function STAGE_BERPASANGAN(stage: Stage): string {
  return `Isi tanggal buka dan tutup ${STAGE_LABELS[stage].toLowerCase()}, atau kosongkan keduanya.`;
}

export function STAGE_URUTAN(stage: Stage): string {
  return `Tanggal tutup ${STAGE_LABELS[stage].toLowerCase()} harus setelah tanggal buka.`;
}

export const periodeSchema = z
  .object({
    tahun: wholeNumber("Tahun", { min: 2000, max: 2100 }),
    id_skema: selectedId("Skema wajib dipilih."),
    sumber_dana: optionalText("Sumber dana", 150),
    anggaran_total: rupiahField("Anggaran total"),
    kuota_judul: wholeNumber("Kuota judul", { min: 1, max: 10000 }),
    maks_ketua: optionalWholeNumber("Maksimal sebagai ketua", { min: 1, max: 10, fallback: 1 }),
    maks_anggota: optionalWholeNumber("Maksimal sebagai anggota", { min: 0, max: 10, fallback: 2 }),
    ...stageShape,
  })
  .superRefine((v, ctx) => {
    for (const stage of STAGES) {
      const opens = v[bukaField(stage)];
      const closes = v[tutupField(stage)];
      if ((opens === null) !== (closes === null)) {
        ctx.addIssue({ code: "custom", path: [opens === null ? bukaField(stage) : tutupField(stage)], message: STAGE_BERPASANGAN(stage) });
      } else if (opens && closes && closes <= opens) {
        ctx.addIssue({ code: "custom", path: [tutupField(stage)], message: STAGE_URUTAN(stage) });
      }
    }
  });
export type PeriodeInput = z.output<typeof periodeSchema>;

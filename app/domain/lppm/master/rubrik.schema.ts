/**
 * Rubric forms (Operator → LPPM → Rubrik), client-safe. The criteria editor is one form with
 * every row (`baris[i].kriteria`, `.bobot`, `.skor_<n>` for the substansi scale, `.panduan` for
 * monev, `.hapus`, and `.id` for a stored row) plus a few blank rows to add: it works without
 * JavaScript. A blank row is ignored, a ticked `hapus` removes the row; what remains is the
 * rubric's new list of criteria, in form order.
 */
import { z } from "zod";
import { JENIS } from "~/domain/lppm/jenis";
import { CARA_NILAI, SKOR, TAHAP_RUBRIK, totalBobotRefusal, type DeskripsiSkor, type Skor, type TahapRubrik } from "~/domain/lppm/rubrik";
import { checkbox, requiredText } from "~/lib/util/form-fields";

export const rubrikSchema = z.object({
  jenis: z.enum(JENIS, { error: "Jenis wajib dipilih." }),
  tahap: z.enum(TAHAP_RUBRIK, { error: "Tahap wajib dipilih." }),
  nama: requiredText("Nama rubrik", 150),
});
export type RubrikInput = z.output<typeof rubrikSchema>;

/** On update only the name changes: the jenis and tahap decide what the criteria are. */
export const rubrikNamaSchema = rubrikSchema.pick({ nama: true });

export const MAX_KRITERIA = 30;
export const KRITERIA_MAX_CHARS = 300;
export const DESKRIPSI_MAX_CHARS = 500;
export const PANDUAN_MAX_CHARS = 1000;

export const skorField = (skor: Skor) => `skor_${skor}` as const;

const optionalString = z.string().trim().optional();

const barisSchema = z.object({
  id: optionalString,
  kriteria: optionalString,
  bobot: optionalString,
  panduan: optionalString,
  hapus: checkbox,
  ...(Object.fromEntries(SKOR.map((s) => [skorField(s), optionalString])) as Record<`skor_${Skor}`, typeof optionalString>),
});
type Baris = z.output<typeof barisSchema>;

/** One criterion as the rubric keeps it. */
export type KriteriaInput = { id: number | null; kriteria: string; bobot: number; deskripsi_skor: DeskripsiSkor | null; panduan: string | null };

export const KRITERIA_MINIMAL = "Rubrik harus memiliki minimal satu kriteria.";
export const BOBOT_CHECKLIST = "Kriteria daftar periksa tidak memakai bobot.";

function isBlank(row: Baris): boolean {
  return !row.id && !row.kriteria && !row.bobot && !row.panduan && SKOR.every((s) => !row[skorField(s)]);
}

/**
 * The criteria form of a rubric of this stage: scored stages need weights summing to 100; the
 * substansi scale needs every score described; monev takes an optional guidance text instead
 * (its reviewers score 0–100, no score descriptions); a checklist takes the criteria only.
 */
export function kriteriaSchema(tahap: TahapRubrik) {
  const cara = CARA_NILAI[tahap];
  const scored = cara !== "checklist";
  return z
    .object({ baris: z.array(barisSchema).max(MAX_KRITERIA + 10, "Terlalu banyak baris.").default([]) })
    .superRefine(({ baris }, ctx) => {
      const issue = (message: string, ...path: (string | number)[]) => ctx.addIssue({ code: "custom", path, message });
      const kept: number[] = [];
      baris.forEach((row, i) => {
        if (row.hapus || isBlank(row)) return;
        if (row.id && !/^\d{1,9}$/.test(row.id)) issue("Baris tidak dikenal.", "baris", i, "kriteria");
        if (!row.kriteria) issue("Kriteria wajib diisi.", "baris", i, "kriteria");
        else if (row.kriteria.length > KRITERIA_MAX_CHARS) issue(`Kriteria maksimal ${KRITERIA_MAX_CHARS} karakter.`, "baris", i, "kriteria");
        if (scored) {
          const bobot = row.bobot ?? "";
          if (!/^\d{1,3}$/.test(bobot) || Number(bobot) < 1 || Number(bobot) > 100) {
            issue(bobot ? "Bobot harus bilangan bulat 1–100." : "Bobot wajib diisi.", "baris", i, "bobot");
          } else {
            kept.push(Number(bobot));
          }
        } else {
          if (row.bobot && row.bobot !== "0") issue(BOBOT_CHECKLIST, "baris", i, "bobot");
          kept.push(0);
        }
        if (cara === "skala") {
          for (const s of SKOR) {
            const text = row[skorField(s)];
            if (!text) issue(`Deskripsi skor ${s} wajib diisi.`, "baris", i, skorField(s));
            else if (text.length > DESKRIPSI_MAX_CHARS) issue(`Deskripsi skor ${s} maksimal ${DESKRIPSI_MAX_CHARS} karakter.`, "baris", i, skorField(s));
          }
        }
        if (cara === "persen" && row.panduan && row.panduan.length > PANDUAN_MAX_CHARS) {
          issue(`Panduan penilaian maksimal ${PANDUAN_MAX_CHARS} karakter.`, "baris", i, "panduan");
        }
      });
      const rows = baris.filter((row) => !row.hapus && !isBlank(row));
      if (rows.length === 0) return issue(KRITERIA_MINIMAL);
      if (rows.length > MAX_KRITERIA) issue(`Rubrik maksimal ${MAX_KRITERIA} kriteria.`);
      // The total is judged once every weight is a valid number.
      if (scored && kept.length === rows.length) {
        const refusal = totalBobotRefusal(kept);
        if (refusal) issue(refusal);
      }
    })
    .transform(({ baris }): KriteriaInput[] =>
      baris
        .filter((row) => !row.hapus && !isBlank(row))
        .map((row) => ({
          id: row.id ? Number(row.id) : null,
          kriteria: row.kriteria ?? "",
          bobot: scored ? Number(row.bobot) : 0,
          deskripsi_skor: cara === "skala" ? (Object.fromEntries(SKOR.map((s) => [s, row[skorField(s)] ?? ""])) as DeskripsiSkor) : null,
          panduan: cara === "persen" && row.panduan ? row.panduan : null,
        })),
    );
}

/** One row of the criteria editor as text (what the form shows). */
export type BarisTeks = { id: string; kriteria: string; bobot: string; panduan: string } & Record<`skor_${Skor}`, string>;

export function barisKosong(): BarisTeks {
  return { id: "", kriteria: "", bobot: "", panduan: "", ...(Object.fromEntries(SKOR.map((s) => [skorField(s), ""])) as Record<`skor_${Skor}`, string>) };
}

/**
 * The editor's rows as posted (`baris[i].field`), in index order, without the ticked `hapus`
 * ones: what the form shows again after 'Tambah baris' or a refused save.
 */
export function barisFromForm(form: FormData): BarisTeks[] {
  const rows = new Map<number, BarisTeks & { hapus?: boolean }>();
  for (const [key, value] of form.entries()) {
    const match = /^baris\[(\d{1,3})\]\.(\w+)$/.exec(key);
    if (!match || typeof value !== "string") continue;
    const i = Number(match[1]);
    const field = match[2]!;
    const row: BarisTeks & { hapus?: boolean } = rows.get(i) ?? barisKosong();
    if (field === "hapus") row.hapus = true;
    else if (field in row) (row as Record<string, string>)[field] = value;
    rows.set(i, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row)
    .filter((row) => !row.hapus)
    .slice(0, MAX_KRITERIA + 10)
    .map(({ hapus: _, ...row }) => row);
}

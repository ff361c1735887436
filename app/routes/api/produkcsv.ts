/**
 * /api/produkcsv — products × branches as CSV for integrators, the same
 * format, rules and domain code as the operator's Ekspor/Impor CSV (app/domain/produk/csv/):
 *
 *   GET  → the export, text/csv (UTF-8 with BOM).
 *   POST berkas=<file> (multipart; or the CSV text itself in a form or JSON field `berkas`)
 *        → the dry run: JSON with the plan (data.ringkasan, data.ditambah, data.diubah,
 *          data.ditolak with row numbers and reasons, data.sidik). Nothing is stored.
 *   POST berkas=<file>&terapkan=1[&sidik=<from the dry run>]
 *        → re-checks and applies it in one transaction: all rows or none. Refused rows answer
 *          422 (errors per row), a `sidik` the data no longer gives 409; nothing is stored then.
 * Bearer token of an active Operator, as every /api/*form call.
 */
import type { Route } from "./+types/produkcsv";
import { bacaCsv, berkasTerlaluBesar, CsvFileError, PILIH_BERKAS } from "~/domain/produk/csv/baca.server";
import { eksporProdukCsv, namaBerkasEkspor } from "~/domain/produk/csv/ekspor.server";
import { rencanaImpor, rencanaJson, type Rencana } from "~/domain/produk/csv/rencana.server";
import { pesanSelesai, terapkanImpor } from "~/domain/produk/csv/terapkan.server";
import { ApiError, handleApi, json, readApiBody, requireApiOperator } from "~/http/api.server";
import { bodyLimit } from "~/http/body.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";
import { CSV_CONTENT_TYPE } from "~/lib/util/csv";

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(() => {
    requireApiOperator(request);
    return downloadResponse(eksporProdukCsv(getDb()), CSV_CONTENT_TYPE, namaBerkasEkspor());
  });
}

const YA = new Set(["1", "true", "ya", "on"]);

/** The uploaded file, or the CSV sent as text in the field. */
function berkasOf(form: FormData): Blob {
  const value = form.get("berkas");
  if (value instanceof File && (value.size > 0 || value.name !== "")) return value;
  if (typeof value === "string" && value.trim() !== "") return new Blob([value], { type: "text/csv" });
  throw new ApiError(422, "Data tidak valid.", { berkas: [PILIH_BERKAS] });
}

/** Refused rows as the API's field errors: { "baris 5": ["…"] }. */
function rowErrors(rencana: Rencana): Record<string, string[]> {
  return Object.fromEntries(rencana.ditolak.map((r) => [`baris ${r.baris}`, r.alasan]));
}

export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireApiOperator(request);
    if (request.method !== "POST") throw new ApiError(405, "Metode tidak didukung untuk alamat ini.");
    let form: FormData;
    try {
      form = await readApiBody(request);
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) {
        throw new ApiError(413, berkasTerlaluBesar(bodyLimit("multipart", new URL(request.url).pathname)));
      }
      throw error;
    }
    const terapkan = YA.has(String(form.get("terapkan") ?? "").trim().toLowerCase());
    try {
      const table = await bacaCsv(berkasOf(form));
      const db = getDb();
      if (!terapkan) {
        const rencana = rencanaImpor(db, table);
        const r = rencanaJson(rencana);
        const message =
          `Pemeriksaan selesai: ${r.ringkasan.ditambah} ditambah, ${r.ringkasan.diubah} diubah, ` +
          `${r.ringkasan.tidak_berubah} tidak berubah, ${r.ringkasan.ditolak} ditolak. Belum ada yang disimpan.`;
        return json({ message, data: { terapkan: false, ...r } });
      }
      const sidik = String(form.get("sidik") ?? "").trim();
      const hasil = terapkanImpor(db, table, { sidik: sidik || null });
      const data = { terapkan: hasil.ok, ...rencanaJson(hasil.rencana) };
      if (!hasil.ok) {
        const errors = hasil.status === 422 ? rowErrors(hasil.rencana) : undefined;
        return json({ message: hasil.message, ...(errors ? { errors } : {}), data }, { status: hasil.status });
      }
      return json({ message: pesanSelesai(hasil), data });
    } catch (error) {
      if (error instanceof CsvFileError) throw new ApiError(error.status, error.message);
      throw error;
    }
  });
}

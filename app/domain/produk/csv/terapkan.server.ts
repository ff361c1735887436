/**
 * Applying an import: the plan made again against the data of this moment and written, all or
 * nothing, in one transaction with one activity entry (the rules: ./format.ts).
 */
import { eq, sql } from "drizzle-orm";
import { produk, produkGudang, slugRedirect } from "../../../../db/schema";
import { domainChanged } from "~/domain/changes.server";
import type { CsvTable } from "~/domain/produk/csv/baca.server";
import { rencanaImpor, type Rencana } from "~/domain/produk/csv/rencana.server";
import { rememberOldSlug } from "~/domain/slug.server";
import type { Db } from "~/lib/server/db.server";

export const IMPOR_DITOLAK = "Impor dibatalkan: ada baris yang ditolak. Tidak ada data yang diubah.";
export const DATA_BERUBAH =
  "Data produk berubah sejak berkas diperiksa. Periksa rencana yang baru, lalu terapkan lagi. Tidak ada data yang diubah.";
export const IMPOR_BATAL = "Impor dibatalkan.";
export const TIDAK_ADA_PERUBAHAN = "Tidak ada perubahan: semua baris sama dengan data tersimpan.";

export type HasilImpor =
  | { ok: true; ditambah: number; diubah: number; tidakBerubah: number; rencana: Rencana }
  | { ok: false; status: 409 | 422; message: string; rencana: Rencana };

/** The toast (and the API's message) of an applied import. */
export function pesanSelesai(hasil: { ditambah: number; diubah: number }): string {
  return hasil.ditambah + hasil.diubah === 0 ? TIDAK_ADA_PERUBAHAN : `Impor selesai: ${ringkasanImpor(hasil.ditambah, hasil.diubah)}.`;
}

/** "3 ditambah, 2 diubah": the activity entry's summary and the toast's counts. */
export function ringkasanImpor(ditambah: number, diubah: number): string {
  return `${ditambah} ditambah, ${diubah} diubah`;
}

/**
 * Re-checks the file against the data of this moment and writes it, all or nothing, in ONE
 * transaction with ONE activity entry. Refused when any row is refused, or when `sidik` (the
 * dry run's digest) no longer matches: the data changed what the operator saw. A file with
 * nothing to change writes nothing (and logs nothing). Throws CsvFileError for a bad header.
 */
export function terapkanImpor(db: Db, table: CsvTable, options: { sidik?: string | null } = {}): HasilImpor {
  return db.transaction((tx): HasilImpor => {
    const rencana = rencanaImpor(tx, table);
    if (rencana.ditolak.length > 0) return { ok: false, status: 422, message: IMPOR_DITOLAK, rencana };
    if (options.sidik && options.sidik !== rencana.sidik) return { ok: false, status: 409, message: DATA_BERUBAH, rencana };
    const done = { ok: true as const, ditambah: rencana.ditambah.length, diubah: rencana.diubah.length, tidakBerubah: rencana.tidakBerubah, rencana };
    if (done.ditambah + done.diubah === 0) return done;

    // Built once for the whole file (building a statement costs more than running it).
    const insert = tx
      .insert(produk)
      .values({
        id_kategori: sql`${sql.placeholder("id_kategori")}`,
        nama_produk: sql`${sql.placeholder("nama_produk")}`,
        nama_seo: sql`${sql.placeholder("nama_seo")}`,
        harga: sql`${sql.placeholder("harga")}`,
        deskripsi: sql`${sql.placeholder("deskripsi")}`,
      })
      .returning({ id: produk.id })
      .prepare();
    const update = tx
      .update(produk)
      .set({
        id_kategori: sql`${sql.placeholder("id_kategori")}`,
        nama_produk: sql`${sql.placeholder("nama_produk")}`,
        nama_seo: sql`${sql.placeholder("nama_seo")}`,
        harga: sql`${sql.placeholder("harga")}`,
        deskripsi: sql`${sql.placeholder("deskripsi")}`,
        updated_at: sql`${sql.placeholder("updated_at")}`,
      })
      .where(eq(produk.id, sql.placeholder("id")))
      .prepare();
    const link = tx
      .insert(produkGudang)
      .values({ id_produk: sql.placeholder("id_produk"), id_kantor_cabang: sql.placeholder("id_kantor_cabang") })
      .onConflictDoNothing()
      .prepare();
    const unlinkAll = tx.delete(produkGudang).where(eq(produkGudang.id_produk, sql.placeholder("id_produk"))).prepare();
    const redirectOf = tx
      .select({ id: slugRedirect.id })
      .from(slugRedirect)
      .where(sql`${slugRedirect.jenis} = 'produk' and ${slugRedirect.slug_lama} = ${sql.placeholder("slug")}`)
      .prepare();

    // In file order, as the plan decided them (its slugs were allocated in this order).
    type Step = { baris: number; run: () => void };
    const steps: Step[] = [];
    for (const r of rencana.ditambah) {
      steps.push({
        baris: r.baris,
        run: () => {
          const { id } = insert.get({ ...r.nilai, nama_seo: r.slug })!;
          // A new product taking a slug that once redirected elsewhere: the slug is its now.
          if (redirectOf.get({ slug: r.slug })) rememberOldSlug(tx, "produk", r.slug, r.slug, id);
          for (const idCabang of r.nilai.gudang) link.run({ id_produk: id, id_kantor_cabang: idCabang });
        },
      });
    }
    const now = Date.now();
    for (const r of rencana.diubah) {
      steps.push({
        baris: r.baris,
        run: () => {
          update.run({ ...r.nilai, nama_seo: r.slug_baru, updated_at: now, id: r.id });
          if (r.slug !== r.slug_baru || redirectOf.get({ slug: r.slug_baru })) rememberOldSlug(tx, "produk", r.slug, r.slug_baru, r.id);
          // The branches replaced, as updateProduk replaces them.
          if (r.bidang.includes("gudang")) {
            unlinkAll.run({ id_produk: r.id });
            for (const idCabang of r.nilai.gudang) link.run({ id_produk: r.id, id_kantor_cabang: idCabang });
          }
        },
      });
    }
    steps.sort((a, b) => a.baris - b.baris);
    for (const step of steps) step.run();

    domainChanged(tx, { entity: "produk", action: "impor", summary: ringkasanImpor(done.ditambah, done.diubah) });
    return done;
  });
}

/**
 * The import's plan, the dry run: what each row of a file would do to the stored products —
 * add, change (which fields, from what to what), leave, or refuse (why) — decided in steps:
 * read what the rows are checked against, check each row, decide it, and sign the decisions.
 * Pure reads; run by the dry run as it is, and by apply inside its transaction (the rules:
 * ./format.ts).
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { kategori, produk, slugRedirect } from "../../../../db/schema";
import type { CsvTable } from "~/domain/produk/csv/baca.server";
import { gudangOf, listCabang, type Cabang } from "~/domain/produk/csv/cabang.server";
import { lower, type Bidang } from "~/domain/produk/csv/format";
import { readHeader, type Header } from "~/domain/produk/csv/judul.server";
import { cekLebar } from "~/domain/impor/baris.server";
import { produkSchema } from "~/domain/produk/produk.schema";
import { inJson, type Db } from "~/lib/server/db.server";
import { unguard, type CsvRow } from "~/lib/util/csv";
import { slugify } from "~/lib/util/format";

/** What a row would store. */
export type Nilai = { id_kategori: number | null; nama_produk: string; harga: string; deskripsi: string; gudang: number[] };

/**
 * A changed field's stored value (`lama`) and the one it would get (`baru`), as text: the
 * category by name, the branches as their names joined by ", " (oldest branch first); null
 * for no category or no branch.
 */
export type Perubahan = { lama: string | null; baru: string | null };

export type BarisDitambah = { baris: number; nama_produk: string; slug: string; catatan?: string; nilai: Nilai };
export type BarisDiubah = {
  baris: number;
  id: number;
  slug: string;
  slug_baru: string;
  nama_produk: string;
  bidang: Bidang[];
  /** Old → new of every field in `bidang`, in its order. */
  perubahan: Partial<Record<Bidang, Perubahan>>;
  gudang_tambah: string[];
  gudang_hapus: string[];
  nilai: Nilai;
  /** The row named one of the product's old slugs (a file from before a rename). */
  lewat_slug_lama: boolean;
};
export type BarisDitolak = { baris: number; slug: string; nama_produk: string; alasan: string[] };

export type Rencana = {
  total: number;
  ditambah: BarisDitambah[];
  diubah: BarisDiubah[];
  tidakBerubah: number;
  ditolak: BarisDitolak[];
  /** Branches without a column in the file: their availability stays as stored. */
  cabangTanpaKolom: string[];
  /** A digest of every decision: apply refuses when the data changed what the dry run showed. */
  sidik: string;
};

type Stored = { id: number; id_kategori: number | null; nama_produk: string; nama_seo: string; harga: string; deskripsi: string };
type Match = { id: number; viaOld: boolean };

/** Everything a row is checked against, read once for the whole file. */
type Konteks = {
  header: Header;
  branches: Cabang[];
  namaCabang: Map<number, string>;
  kategoriByName: Map<string, number[]>;
  namaKategori: Map<number, string>;
  /** Rows whose slug names a product (now or before a rename), by row number. */
  matched: Map<number, Match>;
  stored: Map<number, Stored>;
  storedGudang: Map<number, Set<number>>;
  /** Stored products named like a new row (lower-cased name → slug): probably a missing slug. */
  existingByName: Map<string, string>;
  /** The first row of each matched product: a second row of it is refused. */
  firstRowOf: Map<number, number>;
  slugs: SlugBaru;
};

/**
 * Checks every row against the stored data and decides what it would do. Throws CsvFileError
 * for a bad header.
 */
export function rencanaImpor(db: Db, table: CsvTable): Rencana {
  const ctx = bacaKonteks(db, table);
  const rencana: Rencana = {
    total: table.rows.length,
    ditambah: [],
    diubah: [],
    tidakBerubah: 0,
    ditolak: [],
    cabangTanpaKolom: ctx.branches.filter((b) => !ctx.header.cabang.has(b.id)).map((b) => b.nama),
    sidik: "",
  };
  for (const row of table.rows) {
    const checked = periksaBaris(ctx, row);
    if ("alasan" in checked) rencana.ditolak.push(checked);
    else if (!checked.current) rencana.ditambah.push(tambah(ctx, row.baris, checked.nilai));
    else {
      const diubah = ubah(ctx, row.baris, checked.current, checked.match!, checked.nilai);
      if (diubah) rencana.diubah.push(diubah);
      else rencana.tidakBerubah++;
    }
  }
  rencana.sidik = sidikRencana(rencana);
  return rencana;
}

// ---- Step 1: what the rows are checked against ------------------------------------------------

const cellOf = (cells: string[], i: number) => unguard(cells[i] ?? "");

function bacaKonteks(db: Db, table: CsvTable): Konteks {
  const branches = listCabang(db);
  const header = readHeader(table.header, branches);

  const kategoriByName = new Map<string, number[]>();
  const namaKategori = new Map<number, string>();
  for (const k of db.select({ id: kategori.id, nama: kategori.kategori }).from(kategori).all()) {
    const key = lower(k.nama.trim());
    kategoriByName.set(key, [...(kategoriByName.get(key) ?? []), k.id]);
    namaKategori.set(k.id, k.nama);
  }

  // Every slug now (for matching and uniqueness) and every old slug (for matching).
  const slugNow = new Map<string, number>();
  for (const row of db.select({ id: produk.id, seo: produk.nama_seo }).from(produk).all()) slugNow.set(row.seo, row.id);
  const redirects = new Map<string, number>();
  for (const row of db
    .select({ slug: slugRedirect.slug_lama, id: slugRedirect.target_id })
    .from(slugRedirect)
    .where(eq(slugRedirect.jenis, "produk"))
    .all()) {
    redirects.set(row.slug, row.id);
  }

  const matched = cocokkanSlug(table.rows, header, new Map(slugNow), redirects);
  const { stored, storedGudang } = bacaTersimpan(db, [...new Set([...matched.values()].map((m) => m.id))]);
  return {
    header,
    branches,
    namaCabang: new Map(branches.map((b) => [b.id, b.nama])),
    kategoriByName,
    namaKategori,
    matched,
    stored,
    storedGudang,
    existingByName: namaKembar(db, table.rows, header, matched),
    firstRowOf: new Map(),
    slugs: new SlugBaru(slugNow),
  };
}

/** Matches each row's slug against the data as it is (before any row is decided). */
function cocokkanSlug(rows: CsvRow[], header: Header, slugAtStart: Map<string, number>, redirects: Map<string, number>): Map<number, Match> {
  const matched = new Map<number, Match>();
  for (const { baris, cells } of rows) {
    const slug = cellOf(cells, header.fixed.slug).trim();
    if (!slug) continue;
    const now = slugAtStart.get(slug);
    if (now !== undefined) matched.set(baris, { id: now, viaOld: false });
    else if (redirects.has(slug)) matched.set(baris, { id: redirects.get(slug)!, viaOld: true });
  }
  return matched;
}

/** The matched products as stored, and their branches: one query each for the whole file. */
function bacaTersimpan(db: Db, ids: number[]) {
  const stored = new Map<number, Stored>();
  const storedGudang = new Map<number, Set<number>>();
  if (ids.length === 0) return { stored, storedGudang };
  for (const row of db
    .select({
      id: produk.id,
      id_kategori: produk.id_kategori,
      nama_produk: produk.nama_produk,
      nama_seo: produk.nama_seo,
      harga: produk.harga,
      deskripsi: produk.deskripsi,
    })
    .from(produk)
    .where(sql`${produk.id} in ${inJson(ids)}`)
    .all()) {
    stored.set(row.id, row);
  }
  for (const [id, set] of gudangOf(db, ids)) storedGudang.set(id, set);
  return { stored, storedGudang };
}

/** New products named like a stored one: probably a missing slug, said in the plan. */
function namaKembar(db: Db, rows: CsvRow[], header: Header, matched: Map<number, Match>): Map<string, string> {
  const newNames = new Set<string>();
  for (const { baris, cells } of rows) {
    if (!matched.has(baris) && !cellOf(cells, header.fixed.slug).trim()) newNames.add(lower(cellOf(cells, header.fixed.nama_produk).trim()));
  }
  const existingByName = new Map<string, string>();
  if (newNames.size === 0) return existingByName;
  for (const row of db
    .select({ nama: produk.nama_produk, seo: produk.nama_seo })
    .from(produk)
    .where(sql`lower(${produk.nama_produk}) in ${inJson([...newNames])}`)
    .all()) {
    existingByName.set(lower(row.nama), row.seo);
  }
  return existingByName;
}

/**
 * uniqueSlug over the simulated slugs: "meja", "meja-2", … skipping the product itself. Rows are
 * decided in file order and each takes its slug at once, so a later row sees the earlier ones.
 */
class SlugBaru {
  constructor(private readonly slugNow: Map<string, number>) {}

  allocate(name: string, self?: number): string {
    const base = slugify(name) || "produk";
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      const owner = this.slugNow.get(candidate);
      if (owner === undefined || owner === self) return candidate;
    }
  }

  /** `owner`: a product's id, or minus the row number of a new product. */
  take(slug: string, owner: number) {
    this.slugNow.set(slug, owner);
  }

  /** A renamed product frees its slug (it keeps redirecting to the product once applied). */
  release(slug: string, owner: number) {
    if (this.slugNow.get(slug) === owner) this.slugNow.delete(slug);
  }
}

// ---- Step 2: checking a row ---------------------------------------------------------------------

type Diperiksa = { nilai: Nilai; match: Match | undefined; current: Stored | undefined };

/** A row's refusal with every reason found, or what it would store and which product it is. */
function periksaBaris(ctx: Konteks, { baris, cells }: CsvRow): BarisDitolak | Diperiksa {
  const { header } = ctx;
  const slug = cellOf(cells, header.fixed.slug).trim();
  const namaRaw = cellOf(cells, header.fixed.nama_produk);
  const refuse = (alasan: string[]): BarisDitolak => ({ baris, slug, nama_produk: namaRaw.trim(), alasan });

  const lebar = cekLebar(cells, header.width);
  if (lebar) return refuse([lebar]);

  const alasan: string[] = [];
  const match = cariProduk(ctx, baris, slug, alasan);
  const idKategori = cariKategori(ctx, cellOf(cells, header.fixed.kategori).trim(), alasan);
  const flags = bacaCabang(ctx, cells, alasan);

  const current = match ? ctx.stored.get(match.id) : undefined;
  // A branch without a column keeps the stored availability; the file's 1s are added to it.
  const gudang = new Set<number>(current ? [...gudangTersimpan(ctx, current.id)].filter((id) => !header.cabang.has(id)) : []);
  for (const [id, ada] of flags) if (ada) gudang.add(id);

  // Name, price, description: the product form's own schema and messages.
  const parsed = produkSchema.safeParse({
    id_kategori: idKategori === null ? "" : String(idKategori),
    nama_produk: namaRaw,
    deskripsi: cellOf(cells, header.fixed.deskripsi),
    harga: cellOf(cells, header.fixed.harga),
    gudang: [...gudang].sort((a, b) => a - b).join(","),
  });
  if (!parsed.success) for (const issue of parsed.error.issues) alasan.push(issue.message);
  if (alasan.length > 0 || !parsed.success) return refuse(alasan);
  // Matched by slug at the start, gone since (cannot happen inside one transaction).
  if (match && !current) return refuse([`Slug '${slug}' tidak ditemukan.`]);
  const nilai: Nilai = {
    id_kategori: parsed.data.id_kategori,
    nama_produk: parsed.data.nama_produk,
    harga: parsed.data.harga,
    deskripsi: parsed.data.deskripsi,
    gudang: parsed.data.gudang,
  };
  return { nilai, match, current };
}

/** The product the row's slug names; a slug naming nothing, or a product named twice, is a reason. */
function cariProduk(ctx: Konteks, baris: number, slug: string, alasan: string[]): Match | undefined {
  const match = slug ? ctx.matched.get(baris) : undefined;
  if (slug && !match) alasan.push(`Slug '${slug}' tidak ditemukan. Kosongkan kolom slug untuk menambah produk baru.`);
  if (match) {
    const first = ctx.firstRowOf.get(match.id);
    if (first !== undefined) alasan.push(`Produk yang sama sudah ada di baris ${first}.`);
    else ctx.firstRowOf.set(match.id, baris);
  }
  return match;
}

/** The category by name (case-insensitively); empty = none. Unknown or ambiguous is a reason. */
function cariKategori(ctx: Konteks, nama: string, alasan: string[]): number | null {
  if (!nama) return null;
  const found = ctx.kategoriByName.get(lower(nama)) ?? [];
  if (found.length === 0) alasan.push(`Kategori '${nama}' tidak ditemukan. Tambahkan dulu di menu Kategori Produk.`);
  else if (found.length > 1) alasan.push(`Kategori '${nama}' ambigu: ada ${found.length} kategori dengan nama ini.`);
  else return found[0]!;
  return null;
}

/** Each branch column's flag: 1, 0 or empty (= 0); anything else is a reason. */
function bacaCabang(ctx: Konteks, cells: string[], alasan: string[]): Map<number, boolean> {
  const flags = new Map<number, boolean>();
  for (const [idCabang, i] of ctx.header.cabang) {
    const value = cellOf(cells, i).trim();
    if (value === "1") flags.set(idCabang, true);
    else if (value === "0" || value === "") flags.set(idCabang, false);
    else alasan.push(`Kolom '${ctx.namaCabang.get(idCabang)}' harus berisi 1 atau 0 (kosong = 0), bukan '${value.slice(0, 40)}'.`);
  }
  return flags;
}

const gudangTersimpan = (ctx: Konteks, id: number) => ctx.storedGudang.get(id) ?? new Set<number>();

// ---- Step 3: deciding a row ---------------------------------------------------------------------

/** A new product: its slug made from its name, unique among the stored ones and the file's. */
function tambah(ctx: Konteks, baris: number, nilai: Nilai): BarisDitambah {
  const slug = ctx.slugs.allocate(nilai.nama_produk);
  ctx.slugs.take(slug, -baris);
  const twin = ctx.existingByName.get(lower(nilai.nama_produk));
  return {
    baris,
    nama_produk: nilai.nama_produk,
    slug,
    ...(twin ? { catatan: `Sudah ada produk bernama sama (slug '${twin}'); isi kolom slug bila maksudnya mengubah produk itu.` } : {}),
    nilai,
  };
}

const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");

/** A matched product: its changed fields, old → new, or null when the row equals it. */
function ubah(ctx: Konteks, baris: number, current: Stored, match: Match, nilai: Nilai): BarisDiubah | null {
  const currentGudang = gudangTersimpan(ctx, current.id);
  const tambahGudang = nilai.gudang.filter((id) => !currentGudang.has(id));
  const hapusGudang = [...currentGudang].filter((id) => !nilai.gudang.includes(id));
  const perubahan: Partial<Record<Bidang, Perubahan>> = {};
  if (nilai.nama_produk !== current.nama_produk) perubahan.nama_produk = { lama: current.nama_produk, baru: nilai.nama_produk };
  if (nilai.id_kategori !== current.id_kategori) {
    perubahan.kategori = { lama: namaKategori(ctx, current.id_kategori), baru: namaKategori(ctx, nilai.id_kategori) };
  }
  if (nilai.harga !== current.harga) perubahan.harga = { lama: current.harga, baru: nilai.harga };
  if (!sameText(nilai.deskripsi, current.deskripsi)) perubahan.deskripsi = { lama: current.deskripsi, baru: nilai.deskripsi };
  if (tambahGudang.length > 0 || hapusGudang.length > 0) {
    perubahan.gudang = { lama: namaGudang(ctx, currentGudang), baru: namaGudang(ctx, nilai.gudang) };
  }
  if (Object.keys(perubahan).length === 0) return null;

  // Saved as updateProduk saves: the slug recomputed from the name, the old one redirecting.
  const slugBaru = ctx.slugs.allocate(nilai.nama_produk, current.id);
  if (slugBaru !== current.nama_seo) {
    perubahan.slug = { lama: current.nama_seo, baru: slugBaru };
    ctx.slugs.release(current.nama_seo, current.id);
  }
  ctx.slugs.take(slugBaru, current.id);
  const nama = (id: number) => ctx.namaCabang.get(id) ?? String(id);
  return {
    baris,
    id: current.id,
    slug: current.nama_seo,
    slug_baru: slugBaru,
    nama_produk: nilai.nama_produk,
    bidang: Object.keys(perubahan) as Bidang[],
    perubahan,
    gudang_tambah: tambahGudang.map(nama),
    gudang_hapus: hapusGudang.map(nama),
    nilai,
    lewat_slug_lama: match.viaOld,
  };
}

function namaKategori(ctx: Konteks, id: number | null): string | null {
  return id === null ? null : (ctx.namaKategori.get(id) ?? String(id));
}

/** Branch names, oldest branch first (the export's column order); null for none. */
function namaGudang(ctx: Konteks, ids: Iterable<number>): string | null {
  const set = new Set(ids);
  const names = ctx.branches.filter((b) => set.has(b.id)).map((b) => b.nama);
  return names.length > 0 ? names.join(", ") : null;
}

// ---- Step 4: signing the decisions --------------------------------------------------------------

/** The digest of every decision and every old → new shown: apply compares it with the dry run's. */
function sidikRencana(rencana: Rencana): string {
  const digest = crypto.createHash("sha256");
  digest.update(JSON.stringify([rencana.total, rencana.tidakBerubah, rencana.cabangTanpaKolom]));
  for (const r of rencana.ditambah) digest.update(JSON.stringify(["+", r.baris, r.slug]));
  for (const r of rencana.diubah) {
    digest.update(JSON.stringify(["~", r.baris, r.id, r.slug_baru, r.bidang, r.gudang_tambah, r.gudang_hapus, r.perubahan]));
  }
  for (const r of rencana.ditolak) digest.update(JSON.stringify(["!", r.baris, r.alasan]));
  return digest.digest("hex").slice(0, 32);
}

// ---- The plan as the API answers it -----------------------------------------------------------

/** The plan without what only apply needs (the values to write). */
export function rencanaJson(rencana: Rencana) {
  return {
    ringkasan: {
      total: rencana.total,
      ditambah: rencana.ditambah.length,
      diubah: rencana.diubah.length,
      tidak_berubah: rencana.tidakBerubah,
      ditolak: rencana.ditolak.length,
    },
    sidik: rencana.sidik,
    cabang_tanpa_kolom: rencana.cabangTanpaKolom,
    ditambah: rencana.ditambah.map(({ baris, nama_produk, slug, catatan }) => ({ baris, nama_produk, slug, ...(catatan ? { catatan } : {}) })),
    diubah: rencana.diubah.map(({ baris, id, slug, slug_baru, nama_produk, bidang, gudang_tambah, gudang_hapus, lewat_slug_lama, perubahan }) => ({
      baris,
      id,
      slug,
      slug_baru,
      nama_produk,
      bidang,
      gudang_tambah,
      gudang_hapus,
      lewat_slug_lama,
      perubahan,
    })),
    ditolak: rencana.ditolak,
  };
}

import { describe, expect, it } from "vitest";
import * as schema from "../../../../db/schema";
import { eachTestDb } from "../../../../tests/setup/test-db";
import { csvBlob, HEADER } from "../../../../tests/setup/produk-csv";
import { bacaCsv, CsvFileError } from "./baca.server";
import { rencanaImpor } from "./rencana.server";

const each = eachTestDb();
const db = () => each.t.db;

async function plan(...lines: string[]) {
  return rencanaImpor(db(), await bacaCsv(csvBlob(...lines)));
}

async function headerError(...lines: string[]): Promise<string> {
  const table = await bacaCsv(csvBlob(...lines));
  try {
    rencanaImpor(db(), table);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvFileError);
    return (error as CsvFileError).message;
  }
  throw new Error("the header was accepted");
}

describe("the header", () => {
  it("needs every fixed column (any order, any case); branch columns are a branch's exact name", async () => {
    expect(await headerError("slug,nama_produk,kategori,deskripsi", ",A,,x")).toBe("Baris judul kolom ditolak. Kolom wajib tidak ada: harga.");
    const rencana = await plan("Deskripsi,HARGA,Nama_Produk,Kategori,Slug,Cabang Semarang", "x,1,Kursi Baru Uji,,,1");
    expect(rencana.ditambah).toHaveLength(1);
    expect(rencana.cabangTanpaKolom).toEqual(["Gudang Jepara", "Cabang Yogyakarta", "Cabang Surabaya"]);
  });

  it("refuses the whole file for an unknown, repeated or blank column", async () => {
    expect(await headerError(`${HEADER},Cabang Kudus`, ",A,,1,x,1,0,0,0,1")).toBe(
      "Baris judul kolom ditolak. Kolom 'Cabang Kudus' tidak dikenal: bukan kolom produk dan bukan nama kantor cabang.",
    );
    expect(await headerError("slug,nama_produk,kategori,harga,deskripsi,gudang jepara", ",A,,1,x,1")).toContain(
      "Kolom 'gudang jepara' (maksudnya 'Gudang Jepara'?) tidak dikenal",
    );
    expect(await headerError(`${HEADER},Gudang Jepara`, ",A,,1,x,1,0,0,0,1")).toContain("Kolom 'Gudang Jepara' muncul lebih dari sekali.");
    expect(await headerError("slug,nama_produk,,kategori,harga,deskripsi", ",A,,,1,x")).toContain("Kolom ke-3 pada baris judul kosong.");
  });

  it("refuses a branch name two branches share (the column would be ambiguous)", async () => {
    db().insert(schema.kantorCabang).values({ kantor_cabang: "Cabang Semarang" }).run();
    expect(await headerError(HEADER, ",A,,1,x,1,0,0,0")).toContain("Nama kantor cabang 'Cabang Semarang' dipakai oleh 2 cabang");
  });

  it("takes trailing blank header cells (a spreadsheet's leftovers) as no column", async () => {
    const rencana = await plan(`${HEADER},,`, ",Meja Baru Uji,,1,x,1,0,0,0,,", ",Meja Lain Uji,,1,x,1,0,0,0,,isi");
    expect(rencana.ditambah.map((r) => r.baris)).toEqual([2]);
    expect(rencana.ditolak[0]!.alasan).toEqual(["Baris ini punya isi di luar 9 kolom yang ada di baris judul."]);
  });
});

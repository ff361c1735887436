import crypto from "node:crypto";
import { asc, count as countRows, eq, inArray } from "drizzle-orm";
import { jamBuka, kantorCabang, produkGudang } from "../../../db/schema";
import { readThrough, type Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { domainChanged, onDomainChange } from "~/domain/changes.server";
import { extendRows, type Page, searchIn, pageOfTable } from "~/lib/server/paging.server";
import {
  bentangMinggu,
  mingguDari,
  ringkasJamBuka,
  singkatanZona,
  statusPada,
  waktuDiZona,
  ZONA_DEFAULT,
  type JamBukaData,
  type JamHari,
  type Minggu,
} from "~/domain/kantor-cabang/jam-buka";
import type { KantorCabangInput, KontakKamiInput } from "~/domain/kantor-cabang/kantor-cabang.schema";
import { getSetting } from "~/domain/setting/setting.server";
import { NOT_FOUND } from "~/lib/util/messages";
import type { Refusal } from "~/domain/refusal";

export type KantorCabang = Pick<
  typeof kantorCabang.$inferSelect,
  "id" | "kantor_cabang" | "alamat" | "kontak" | "maps"
>;

const columns = {
  id: kantorCabang.id,
  kantor_cabang: kantorCabang.kantor_cabang,
  alamat: kantorCabang.alamat,
  kontak: kantorCabang.kontak,
  maps: kantorCabang.maps,
};

export function listKantorCabang(db: Db): KantorCabang[] {
  return db.select(columns).from(kantorCabang).orderBy(asc(kantorCabang.id)).all();
}

// ---- Back office ---------------------------------------------------------------------------

/** One page of branches (Kantor Cabang and Kontak Kami screens), searched on name, address, number. */
export function listKantorCabangPage(db: Db, state: TableState): Page<KantorCabang> {
  const where = searchIn(state, kantorCabang.kantor_cabang, kantorCabang.alamat, kantorCabang.kontak);
  return pageOfTable(db, state, kantorCabang, where, db.select(columns).from(kantorCabang).$dynamic(), asc(kantorCabang.id));
}

export function getKantorCabang(db: Db, id: number): KantorCabang | null {
  return db.select(columns).from(kantorCabang).where(eq(kantorCabang.id, id)).get() ?? null;
}

/**
 * A new branch: its name and, when the form gave them, its opening hours (address, number and
 * map are filled in on Kontak Kami). The row, its hours and the log entry in one transaction.
 */
export function createKantorCabang(db: Db, input: KantorCabangInput): KantorCabang {
  return db.transaction((tx) => {
    const row = tx.insert(kantorCabang).values({ kantor_cabang: input.kantor_cabang }).returning(columns).get();
    if (input.jam_buka) tulisJamBuka(tx, row.id, input.jam_buka);
    domainChanged(tx, { entity: "kantor-cabang", action: "tambah", id: row.id, before: null, after: withJamBuka(row, input.jam_buka ?? null) });
    return row;
  });
}

/**
 * Renames a branch and, when the form gave them (`jam_buka` not undefined), replaces its opening
 * hours — null removes them ("no hours on record"). A legacy client's post without hour fields
 * leaves them as they are. One transaction, one log entry showing both before and after.
 */
export function updateKantorCabangNama(db: Db, id: number, input: KantorCabangInput): KantorCabang | null {
  return db.transaction((tx) => {
    const before = getKantorCabang(tx, id);
    if (!before) return null;
    const jamLama = getJamBuka(tx, id);
    const row = tx
      .update(kantorCabang)
      .set({ kantor_cabang: input.kantor_cabang, updated_at: new Date() })
      .where(eq(kantorCabang.id, id))
      .returning(columns)
      .get();
    if (!row) return null;
    const jamBaru = input.jam_buka === undefined ? jamLama : input.jam_buka;
    if (input.jam_buka !== undefined) tulisJamBuka(tx, id, input.jam_buka);
    domainChanged(tx, { entity: "kantor-cabang", action: "ubah", id, before: withJamBuka(before, jamLama), after: withJamBuka(row, jamBaru) });
    return row;
  });
}

/** The contact record of a branch (Kontak Kami): address, WhatsApp digits, vetted map URL. */
export function updateKontakKantorCabang(db: Db, id: number, input: KontakKamiInput): KantorCabang | null {
  const before = getKantorCabang(db, id);
  const row =
    db
      .update(kantorCabang)
      .set({ alamat: input.alamat, kontak: input.kontak, maps: input.maps, updated_at: new Date() })
      .where(eq(kantorCabang.id, id))
      .returning(columns)
      .get() ?? null;
  if (row) domainChanged(db, { entity: "kantor-cabang", action: "ubah", id, before, after: row });
  return row;
}

export type DeleteResult = { ok: true } | Refusal<404 | 409>;

/**
 * A branch that products are available at is never removed silently (produk_gudang is
 * ON DELETE RESTRICT): the operator unticks it on those products first.
 */
export function deleteKantorCabang(db: Db, id: number): DeleteResult {
  return db.transaction((tx): DeleteResult => {
    const before = getKantorCabang(tx, id);
    if (!before) return { ok: false, status: 404, message: NOT_FOUND };
    const used = countProdukDiKantor(tx, id);
    if (used > 0) {
      return {
        ok: false,
        status: 409,
        message: `Kantor cabang masih dipakai oleh ${used} produk. Lepas centang kantor cabang ini pada produk tersebut dulu.`,
      };
    }
    const jam = getJamBuka(tx, id);
    // Its hours go with it (ON DELETE CASCADE).
    tx.delete(kantorCabang).where(eq(kantorCabang.id, id)).run();
    domainChanged(tx, { entity: "kantor-cabang", action: "hapus", id, before: withJamBuka(before, jam), after: null });
    return { ok: true };
  });
}

/** How many products are available at a branch (shown in the delete confirmation). */
export function countProdukDiKantor(db: Db, id: number): number {
  return db.select({ n: countRows() }).from(produkGudang).where(eq(produkGudang.id_kantor_cabang, id)).get()?.n ?? 0;
}

// ---- Opening hours ------------------------------------------------------------------

const jamColumns = { hari: jamBuka.hari, buka: jamBuka.buka, tutup: jamBuka.tutup };

/** A branch's week, or null when it has no hours on record. */
export function getJamBuka(db: Db, id: number): Minggu | null {
  const rows = db.select(jamColumns).from(jamBuka).where(eq(jamBuka.id_kantor_cabang, id)).orderBy(asc(jamBuka.hari)).all();
  return rows.length > 0 ? mingguDari(rows) : null;
}

/** Every branch's week (branch id → week); a branch without hours on record is absent. */
export function jamBukaSemua(db: Db, ids?: readonly number[]): Map<number, Minggu> {
  const rows = db
    .select({ id: jamBuka.id_kantor_cabang, ...jamColumns })
    .from(jamBuka)
    .where(ids ? inArray(jamBuka.id_kantor_cabang, [...ids]) : undefined)
    .orderBy(asc(jamBuka.id_kantor_cabang), asc(jamBuka.hari))
    .all();
  const byId = new Map<number, JamHari[]>();
  for (const { id, ...day } of rows) {
    const days = byId.get(id) ?? [];
    days.push(day);
    byId.set(id, days);
  }
  return new Map([...byId].map(([id, days]) => [id, mingguDari(days)]));
}

/** Replaces a branch's seven rows (none: no hours on record). Inside the caller's transaction. */
function tulisJamBuka(tx: Db, id: number, week: Minggu | null) {
  tx.delete(jamBuka).where(eq(jamBuka.id_kantor_cabang, id)).run();
  if (week) tx.insert(jamBuka).values(mingguDari(week).map((day) => ({ id_kantor_cabang: id, ...day }))).run();
}

/** The record as the activity log keeps it: the hours as one readable line ('Senin–Sabtu 08.00–17.00, Minggu libur'). */
function withJamBuka(row: KantorCabang, week: Minggu | null) {
  return { ...row, jam_buka: ringkasJamBuka(week, "panjang") };
}

/** The record the edit form opens with: the branch and its week. */
export type KantorCabangUbah = KantorCabang & { jam_buka: Minggu | null };

export function getKantorCabangUbah(db: Db, id: number): KantorCabangUbah | null {
  const row = getKantorCabang(db, id);
  return row ? { ...row, jam_buka: getJamBuka(db, id) } : null;
}

/** A row of the Kantor Cabang table: the branch and its hours in one short line (null: none on record). */
export type KantorCabangBaris = KantorCabang & { jam_buka: string | null };

export function listKantorCabangPageJam(db: Db, state: TableState): Page<KantorCabangBaris> {
  return extendRows(
    listKantorCabangPage(db, state),
    (ids) => jamBukaSemua(db, ids),
    (row, weeks) => ({ jam_buka: ringkasJamBuka(weeks.get(row.id)) }),
  );
}

// ---- 'Buka sekarang' at request time --------------------------------------------------------------

let clock: () => Date = () => new Date();

/** The time 'Buka sekarang' is computed for: now, or the tests' clock. */
export function jamSekarang(): Date {
  return clock();
}

/** Tests only: a fixed or moving clock for the open/closed state (null: the real one again). */
export function setClockForTests(next: (() => Date) | null) {
  clock = next ?? (() => new Date());
}

type Tabel = {
  zona: string;
  cabang: readonly { id: number; jadwal: Minggu; spans: readonly { start: number; end: number }[] }[];
};

function bacaTabel(db: Db): Tabel {
  const zona = getSetting(db).zona_waktu || ZONA_DEFAULT;
  const cabang = [...jamBukaSemua(db)].map(([id, jadwal]) => ({ id, jadwal, spans: bentangMinggu(jadwal) }));
  return { zona, cabang };
}

/** Statuses change on whole minutes (times are "HH:MM", Indonesian zones whole hours from UTC). */
const menitOf = (now: Date) => Math.floor(now.getTime() / 60_000);

function hitungData(tabel: Tabel, now: Date): JamBukaData {
  const sekarang = waktuDiZona(now, tabel.zona);
  return {
    zona_waktu: tabel.zona,
    zona: singkatanZona(tabel.zona),
    hari_ini: sekarang.hari,
    cabang: tabel.cabang.map(({ id, jadwal, spans }) => ({ id_kantor_cabang: id, jadwal, status: statusPada(spans, sekarang) })),
  };
}

const publik = new WeakMap<Tabel, { menit: number; data: JamBukaData }>();

/**
 * The public pages' and API's `jam_buka` at `now`: never inside a readThrough (its answers live
 * until the data changes, the state changes with the clock). The week table is read through the
 * database's own change count; the states are worked out once a minute. `ids`: only these
 * branches (a product's).
 */
export function jamBukaPublik(db: Db, now: Date = jamSekarang(), ids?: readonly number[]): JamBukaData {
  const tabel = readThrough(db, "jam-buka", () => bacaTabel(db));
  const menit = menitOf(now);
  let memo = publik.get(tabel);
  if (!memo || memo.menit !== menit) {
    memo = { menit, data: hitungData(tabel, now) };
    publik.set(tabel, memo);
  }
  if (!ids) return memo.data;
  const wanted = new Set(ids);
  return { ...memo.data, cabang: memo.data.cabang.filter((c) => wanted.has(c.id_kantor_cabang)) };
}

// The page cache's key (server/app.ts): a table in memory, read again after any domain write,
// so a cache hit costs no SQL.
let generasi = 0;
onDomainChange(() => {
  generasi++;
});
const kunci = new WeakMap<object, { generasi: number; tabel: Tabel; menit: number; kunci: string }>();

/**
 * What the open/closed state of every branch looks like at `now`, as a short key: the same for
 * as long as every public page would show the same texts (the states, when they change next,
 * today's line), a new one as soon as any of them differs. "" when no branch has hours on record.
 * The public page cache adds it to its keys, so no cached page ever shows a state that is over.
 */
export function kunciStatusBuka(db: Db, now: Date = jamSekarang()): string {
  const menit = menitOf(now);
  let entry = kunci.get(db);
  if (!entry || entry.generasi !== generasi) {
    entry = { generasi, tabel: bacaTabel(db), menit: Number.NaN, kunci: "" };
    kunci.set(db, entry);
  }
  if (entry.menit !== menit) {
    entry.menit = menit;
    const data = hitungData(entry.tabel, now);
    const signature = data.cabang.map((c) => `${c.id_kantor_cabang}:${c.status.teks}`).join("|");
    entry.kunci = signature ? `jb:${crypto.createHash("sha1").update(`${data.hari_ini}|${signature}`).digest("base64url").slice(0, 12)}` : "";
  }
  return entry.kunci;
}

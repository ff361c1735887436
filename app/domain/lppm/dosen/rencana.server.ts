/**
 * The lecturers import's plan, the dry run: what each row would do to the stored accounts — add,
 * change (which fields, old → new), leave, or refuse (why). Pure reads; run by the dry run as it
 * is, and by apply inside its transaction (the rules: ./format.ts).
 */
import { inArray } from "drizzle-orm";
import { prodi, users } from "../../../../db/schema";
import type { CsvTable } from "~/domain/impor/baca.server";
import { bacaJudulTetap, cekLebar, cellOf, lower, sidikDari, type JudulTetap } from "~/domain/impor/baris.server";
import { BIDANG_DOSEN_LABEL, JABATAN_AKADEMIK, KOLOM_DOSEN, KOLOM_WAJIB, PERAN_IMPOR, type BidangDosen, type KolomDosen } from "~/domain/lppm/dosen/format";
import { optionalPhone } from "~/domain/users/users.schema";
import { parseJabatan, parseRoles, type Role } from "~/domain/users/roles";
import type { Db } from "~/lib/server/db.server";
import type { CsvRow } from "~/lib/util/csv";

/** What a row would store (undefined: its column is not in the file, the stored value stays). */
export type NilaiDosen = {
  nidn: string;
  nama: string;
  email?: string;
  no_hp?: string;
  id_prodi: number;
  jabatan_akademik?: string | null;
  bidang_keahlian?: string | null;
  sinta_id?: string | null;
  hak_akses?: Role[];
};

export type Perubahan = { lama: string | null; baru: string | null };

export type DosenDitambah = { baris: number; nidn: string; nama: string; prodi: string; nilai: NilaiDosen };
export type DosenDiubah = { baris: number; id: number; nidn: string; nama: string; bidang: BidangDosen[]; perubahan: Partial<Record<BidangDosen, Perubahan>>; nilai: NilaiDosen };
export type DosenDitolak = { baris: number; nidn: string; nama: string; alasan: string[] };

export type RencanaDosen = {
  total: number;
  ditambah: DosenDitambah[];
  diubah: DosenDiubah[];
  tidakBerubah: number;
  ditolak: DosenDitolak[];
  /** Optional columns the file leaves out: their stored values stay. */
  kolomTanpa: KolomDosen[];
  sidik: string;
};

type Stored = {
  id: number;
  username: string;
  name: string;
  email: string;
  no_hp: string;
  nidn: string | null;
  id_prodi: number | null;
  jabatan_akademik: string | null;
  bidang_keahlian: string | null;
  sinta_id: string | null;
  hak_akses: string;
};

type Konteks = {
  judul: JudulTetap<KolomDosen>;
  prodiByKey: Map<string, { id: number; nama: string }[]>;
  namaProdi: Map<number, string>;
  byNidn: Map<string, Stored>;
  /** Usernames of every account (a new account's username is its NIDN). */
  usernames: Map<string, number>;
  firstRowOf: Map<string, number>;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const nidnDigits = (v: string) => v.replace(/[\s.-]/g, "");

/** Checks every row against the stored data and decides what it would do. Throws CsvFileError for a bad header. */
export function rencanaImporDosen(db: Db, table: CsvTable): RencanaDosen {
  const ctx = bacaKonteks(db, table);
  const rencana: RencanaDosen = {
    total: table.rows.length,
    ditambah: [],
    diubah: [],
    tidakBerubah: 0,
    ditolak: [],
    kolomTanpa: KOLOM_DOSEN.filter((k) => ctx.judul.kolom[k] === undefined),
    sidik: "",
  };
  for (const row of table.rows) {
    const checked = periksaBaris(ctx, row);
    if ("alasan" in checked) rencana.ditolak.push(checked);
    else if (!checked.current) rencana.ditambah.push({ baris: row.baris, nidn: checked.nilai.nidn, nama: checked.nilai.nama, prodi: ctx.namaProdi.get(checked.nilai.id_prodi) ?? "", nilai: checked.nilai });
    else {
      const diubah = ubah(ctx, row.baris, checked.current, checked.nilai);
      if (diubah) rencana.diubah.push(diubah);
      else rencana.tidakBerubah++;
    }
  }
  rencana.sidik = sidikDari([
    [rencana.total, rencana.tidakBerubah, rencana.kolomTanpa],
    ...rencana.ditambah.map((r) => ["+", r.baris, r.nilai]),
    ...rencana.diubah.map((r) => ["~", r.baris, r.id, r.perubahan]),
    ...rencana.ditolak.map((r) => ["!", r.baris, r.alasan]),
  ]);
  return rencana;
}

function bacaKonteks(db: Db, table: CsvTable): Konteks {
  const judul = bacaJudulTetap(table.header, KOLOM_DOSEN, KOLOM_WAJIB);
  const prodiByKey = new Map<string, { id: number; nama: string }[]>();
  const namaProdi = new Map<number, string>();
  for (const p of db.select({ id: prodi.id, nama: prodi.nama, kode: prodi.kode }).from(prodi).all()) {
    namaProdi.set(p.id, p.nama);
    for (const key of new Set([lower(p.nama.trim()), lower(p.kode.trim())].filter(Boolean))) {
      prodiByKey.set(key, [...(prodiByKey.get(key) ?? []), { id: p.id, nama: p.nama }]);
    }
  }
  // The accounts the file's NIDNs name, one query in chunks; every username, for new accounts.
  const nidns = [...new Set(table.rows.map((r) => nidnDigits(cellOf(r.cells, judul.kolom.nidn).trim())).filter(Boolean))];
  const byNidn = new Map<string, Stored>();
  for (let i = 0; i < nidns.length; i += 500) {
    for (const row of db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        no_hp: users.no_hp,
        nidn: users.nidn,
        id_prodi: users.id_prodi,
        jabatan_akademik: users.jabatan_akademik,
        bidang_keahlian: users.bidang_keahlian,
        sinta_id: users.sinta_id,
        hak_akses: users.hak_akses,
      })
      .from(users)
      .where(inArray(users.nidn, nidns.slice(i, i + 500)))
      .all()) {
      byNidn.set(row.nidn!, row);
    }
  }
  const usernames = new Map(db.select({ id: users.id, username: users.username }).from(users).all().map((u) => [lower(u.username), u.id]));
  return { judul, prodiByKey, namaProdi, byNidn, usernames, firstRowOf: new Map() };
}

type Diperiksa = { nilai: NilaiDosen; current: Stored | undefined };

function periksaBaris(ctx: Konteks, { baris, cells }: CsvRow): DosenDitolak | Diperiksa {
  const k = ctx.judul.kolom;
  const cell = (key: KolomDosen) => cellOf(cells, k[key]).trim();
  const has = (key: KolomDosen) => k[key] !== undefined;
  const nidnRaw = cell("nidn");
  const nama = cell("nama");
  const refuse = (alasan: string[]): DosenDitolak => ({ baris, nidn: nidnRaw, nama, alasan });
  const lebar = cekLebar(cells, ctx.judul.width);
  if (lebar) return refuse([lebar]);

  const alasan: string[] = [];
  const nidn = nidnDigits(nidnRaw);
  if (!nidn) alasan.push("NIDN/NUPTK wajib diisi.");
  else if (!/^\d+$/.test(nidn)) alasan.push("NIDN/NUPTK hanya boleh berisi angka.");
  else if (nidn.length < 10 || nidn.length > 20) alasan.push("NIDN/NUPTK harus 10 sampai 20 digit.");
  let current: Stored | undefined;
  if (nidn && alasan.length === 0) {
    const first = ctx.firstRowOf.get(nidn);
    if (first !== undefined) alasan.push(`NIDN/NUPTK ${nidn} sudah ada di baris ${first}.`);
    else ctx.firstRowOf.set(nidn, baris);
    current = ctx.byNidn.get(nidn);
    const owner = ctx.usernames.get(lower(nidn));
    if (!current && owner !== undefined) alasan.push(`Username ${nidn} sudah dipakai akun lain (tanpa NIDN ini); ubah akun itu di Manajemen Pengguna dulu.`);
  }

  if (!nama) alasan.push("Nama wajib diisi.");
  else if (nama.length > 100) alasan.push("Nama maksimal 100 karakter.");

  const nilai: NilaiDosen = { nidn, nama, id_prodi: 0 };
  if (has("email")) {
    const email = cell("email");
    if (email && (!EMAIL_PATTERN.test(email) || email.length > 150)) alasan.push(`E-mail '${email.slice(0, 60)}' tidak valid.`);
    nilai.email = email;
  }
  if (has("no_hp")) {
    const parsed = optionalPhone.safeParse(cell("no_hp"));
    if (parsed.success) nilai.no_hp = parsed.data;
    else alasan.push(...parsed.error.issues.map((i) => i.message));
  }
  const prodiText = cell("prodi");
  if (!prodiText) alasan.push("Program studi wajib diisi.");
  else {
    const found = ctx.prodiByKey.get(lower(prodiText)) ?? [];
    if (found.length === 0) alasan.push(`Program studi '${prodiText.slice(0, 80)}' tidak ditemukan. Tambahkan dulu di menu Program Studi.`);
    else if (found.length > 1) alasan.push(`Program studi '${prodiText.slice(0, 80)}' ambigu: ada ${found.length} prodi dengan nama ini; tulis kodenya.`);
    else nilai.id_prodi = found[0]!.id;
  }
  if (has("jabatan_akademik")) {
    const items = parseJabatan(cell("jabatan_akademik"));
    const known = items.map((item) => JABATAN_AKADEMIK.find((j) => lower(j) === lower(item)));
    const unknown = items.filter((_, i) => !known[i]);
    if (unknown.length) alasan.push(`Jabatan akademik '${unknown.join(", ").slice(0, 80)}' tidak dikenal. Pilihan: ${JABATAN_AKADEMIK.join(", ")}.`);
    nilai.jabatan_akademik = items.length ? JSON.stringify([...new Set(known.filter((j) => j !== undefined))]) : null;
  }
  if (has("bidang_keahlian")) {
    const bidang = cell("bidang_keahlian");
    if (bidang.length > 150) alasan.push("Bidang keahlian maksimal 150 karakter.");
    nilai.bidang_keahlian = bidang || null;
  }
  if (has("sinta_id")) {
    const sinta = cell("sinta_id");
    if (sinta && !/^\d{1,12}$/.test(sinta)) alasan.push("SINTA ID hanya boleh berisi angka (maksimal 12 digit).");
    nilai.sinta_id = sinta || null;
  }
  if (has("hak_akses")) {
    const names = cell("hak_akses").split(/[,;]/).map((s) => s.trim()).filter(Boolean);
    const roles: Role[] = [];
    for (const name of names) {
      const role = PERAN_IMPOR.find((r) => lower(r) === lower(name));
      if (role) roles.push(role);
      else if (lower(name) === "operator") alasan.push("Hak akses Operator tidak dapat diberikan lewat impor; berikan di Manajemen Pengguna.");
      else alasan.push(`Hak akses '${name.slice(0, 40)}' tidak dikenal. Pilihan: ${PERAN_IMPOR.join(", ")}.`);
    }
    if (names.length > 0) {
      // An Operator role already held stays: a file never takes the back office away.
      const kept = current && parseRoles(current.hak_akses).includes("Operator") ? (["Operator"] as Role[]) : [];
      nilai.hak_akses = [...new Set([...roles, ...kept])];
    }
  }
  if (!current && !nilai.hak_akses) nilai.hak_akses = ["Pengusul"];
  if (alasan.length > 0) return refuse(alasan);
  return { nilai, current };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");

/** A matched account's changed fields, old → new, or null when the row equals it. */
function ubah(ctx: Konteks, baris: number, current: Stored, nilai: NilaiDosen): DosenDiubah | null {
  const perubahan: Partial<Record<BidangDosen, Perubahan>> = {};
  const text = (bidang: BidangDosen, lama: string | null, baru: string | null | undefined) => {
    if (baru === undefined) return;
    if ((lama ?? "") !== (baru ?? "")) perubahan[bidang] = { lama: lama || null, baru: baru || null };
  };
  text("nama", current.name, nilai.nama);
  text("email", current.email, nilai.email);
  text("no_hp", current.no_hp, nilai.no_hp);
  if (current.id_prodi !== nilai.id_prodi) {
    perubahan.prodi = { lama: current.id_prodi === null ? null : (ctx.namaProdi.get(current.id_prodi) ?? null), baru: ctx.namaProdi.get(nilai.id_prodi) ?? null };
  }
  if (nilai.jabatan_akademik !== undefined) {
    const lama = parseJabatan(current.jabatan_akademik);
    const baru = parseJabatan(nilai.jabatan_akademik);
    if (!sameList(lama, baru)) perubahan.jabatan_akademik = { lama: lama.join(", ") || null, baru: baru.join(", ") || null };
  }
  text("bidang_keahlian", current.bidang_keahlian, nilai.bidang_keahlian);
  text("sinta_id", current.sinta_id, nilai.sinta_id);
  if (nilai.hak_akses !== undefined) {
    const lama = parseRoles(current.hak_akses);
    if (!sameList(lama, nilai.hak_akses)) perubahan.hak_akses = { lama: lama.join(", ") || null, baru: nilai.hak_akses.join(", ") };
  }
  const bidang = Object.keys(perubahan) as BidangDosen[];
  if (bidang.length === 0) return null;
  return { baris, id: current.id, nidn: nilai.nidn, nama: nilai.nama, bidang, perubahan, nilai };
}

/** The plan without what only apply needs, with the fields' labels. */
export function labelBidang(bidang: BidangDosen): string {
  return BIDANG_DOSEN_LABEL[bidang];
}

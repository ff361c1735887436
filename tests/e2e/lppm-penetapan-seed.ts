/**
 * Seeds the penetapan e2e run straight into the private server's database copy (better-sqlite3,
 * the server keeps running; WAL lets both write): a faculty and study programme, a skema and a
 * periode with every stage window open, a secretary, a head and a proposer (argon2id hashes like
 * the app's), two reviewers, and one DINILAI proposal with a RAB and both reviewers' substantive
 * scores (7 and 5 on every criterion: 700 vs 500, so the >20% flag shows).
 */
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { hash } from "@node-rs/argon2";
import { createCookie } from "react-router";
import { TEST_SESSION_SECRET } from "../setup/constants";
import { KRITERIA_SUBSTANSI as KRITERIA } from "../setup/lppm-kriteria";

export const SEED_PASSWORD = "Rahasia123x";

export type PenetapanSeed = {
  /** The server the sessions belong to. */
  baseURL: string;
  periodeId: number;
  usulanId: number;
  judul: string;
  users: { sekretaris: string; kepala: string; pengusul: string };
  /**
   * A signed session cookie value (etalase_sid) per LPPM user. Logging in with an LPPM role is
   * issue 12's scope 1 (another branch): until it lands, the walk starts these sessions the way
   * startSession does (a sessions row holding the SHA-256 of a random id).
   */
  sessions: { sekretaris: string; kepala: string; pengusul: string };
};

async function sessionCookie(db: Database.Database, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  db.prepare("insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)").run(
    crypto.createHash("sha256").update(token).digest("hex"),
    userId,
    now,
    now,
    now + 7 * DAY,
  );
  const header = await createCookie("etalase_sid", { httpOnly: true, sameSite: "lax", path: "/", secrets: [TEST_SESSION_SECRET] }).serialize(token);
  return header.split(";")[0]!.slice("etalase_sid=".length);
}

const DAY = 24 * 60 * 60 * 1000;

export async function seedPenetapan(server: { dir: string; url: string }, id: string): Promise<PenetapanSeed> {
  const db = new Database(path.join(server.dir, "etalase.db"));
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  const passwordHash = await hash(SEED_PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const now = Date.now();
  try {
    const seeded = db.transaction(() => {
      const insert = (table: string, row: Record<string, unknown>): number => {
        const keys = Object.keys(row);
        const sql = `insert into ${table} (${keys.join(", ")}) values (${keys.map(() => "?").join(", ")})`;
        return Number(db.prepare(sql).run(...keys.map((k) => row[k])).lastInsertRowid);
      };
      const fakultas = insert("fakultas", { nama: `Fakultas Teknik ${id}` });
      const prodi = insert("prodi", { id_fakultas: fakultas, nama: `Teknik Sipil ${id}` });
      const skema = insert("skema", { jenis: "penelitian", nama: `Penelitian Dasar ${id}`, dana_maksimal: 50_000_000, honor_maks_persen: 10 });
      const windows: Record<string, number> = {};
      for (const stage of ["pengajuan", "review", "penetapan", "perbaikan", "laporan_kemajuan", "monev", "laporan_akhir"]) {
        windows[`${stage}_buka`] = now - DAY;
        windows[`${stage}_tutup`] = now + 7 * DAY;
      }
      const periodeId = insert("periode", { tahun: 2026, id_skema: skema, sumber_dana: "DIPA", anggaran_total: 100_000_000, kuota_judul: 2, ...windows });
      const user = (key: string, name: string, roles: string[], extra: Record<string, unknown> = {}) => {
        const username = `${key}${id}`.toLowerCase();
        const userId = insert("users", { username, name, no_hp: "", email: `${username}@example.test`, password_hash: passwordHash, hak_akses: JSON.stringify(roles), status_aktif: "Aktif", ...extra });
        return { username, userId };
      };
      const sekretaris = user("sek", "Sekretaris Uji", ["Sekretaris-LPPM"]);
      const kepala = user("kep", "Kepala Uji", ["Kepala-LPPM"]);
      const pengusul = user("dosen", "Dr. Andi Wijaya", ["Pengusul"], { nidn: id.replace(/\D/g, "").padStart(10, "7").slice(-10), id_prodi: prodi });
      const reviewers = [user("revsatu", "Prof. Reviewer Satu", ["Reviewer-Internal"]), user("revdua", "Dr. Reviewer Dua", ["Reviewer-External"])];
      const judul = `Beton ramah lingkungan ${id}`;
      const usulanId = insert("usulan", {
        id_periode: periodeId,
        jenis: "penelitian",
        id_ketua: pengusul.userId,
        status: "DINILAI",
        judul,
        ringkasan: "Penelitian beton dari limbah abu sekam padi.",
        dana_diusulkan: 20_000_000,
        putaran_review: 1,
        nilai_rata: 600,
        diajukan_at: now - 3 * DAY,
      });
      insert("usulan_rab", { id_usulan: usulanId, tahap: "usulan", kelompok: "Honor", item: "Honor peneliti", satuan: "OB", volume: 1, harga_satuan: 2_000_000, jumlah: 2_000_000 });
      insert("usulan_rab", { id_usulan: usulanId, tahap: "usulan", kelompok: "Bahan", item: "Semen dan abu sekam", satuan: "paket", volume: 1, harga_satuan: 18_000_000, jumlah: 18_000_000 });
      reviewers.forEach((reviewer, i) => {
        const skor = i === 0 ? 7 : 5;
        const penugasan = insert("penugasan_reviewer", {
          id_usulan: usulanId,
          id_reviewer: reviewer.userId,
          putaran: 1,
          tenggat: now + 2 * DAY,
          administrasi_lolos: 1,
          administrasi_at: now - 2 * DAY,
          total_nilai: 100 * skor,
          rekomendasi: "Layak didanai",
          dana_rekomendasi: i === 0 ? 18_000_000 : 16_000_000,
          catatan: "Metode jelas.",
          substansi_at: now - DAY,
        });
        KRITERIA.forEach(([kriteria, bobot], urutan) =>
          insert("penilaian_item", { id_penugasan: penugasan, tahap: "substansi", kriteria, urutan: urutan + 1, bobot, skor, nilai: bobot * skor, justifikasi: `Justifikasi ${kriteria}` }),
        );
      });
      return {
        periodeId,
        usulanId,
        judul,
        users: { sekretaris: sekretaris.username, kepala: kepala.username, pengusul: pengusul.username },
        ids: { sekretaris: sekretaris.userId, kepala: kepala.userId, pengusul: pengusul.userId },
      };
    })();
    const { ids, ...rest } = seeded;
    return {
      ...rest,
      baseURL: server.url,
      sessions: {
        sekretaris: await sessionCookie(db, ids.sekretaris),
        kepala: await sessionCookie(db, ids.kepala),
        pengusul: await sessionCookie(db, ids.pengusul),
      },
    };
  } finally {
    db.close();
  }
}

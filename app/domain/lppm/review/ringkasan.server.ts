/**
 * What the review screens show of a proposal (the verifier's detail, the operator's assignment
 * dialog, the reviewer's forms): identity, periode and skema, the RAB total, the team — left out
 * when the viewer is blinded (blindFor) — and the status timeline. Callers check access first.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { fakultas, periode, prodi, skema, usulan, usulanAnggota, usulanDokumen, usulanLuaran, usulanMahasiswa, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { parseList, periodeLabel } from "~/domain/lppm/master/periode.server";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { statusTimeline, type TimelineEntry } from "~/domain/lppm/workflow.server";

export type RingkasanUsulan = {
  id: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  status: UsulanStatus;
  statusLabel: string;
  periode: string;
  skema: string;
  ringkasan: string;
  kata_kunci: string[];
  bidang_fokus: string;
  tkt: number | null;
  mitra_nama: string;
  lama_bulan: number;
  dana_diusulkan: number;
  diajukan_at: Date | null;
  /** null: hidden from a blinded reviewer. */
  tim: { ketua: { nama: string; nidn: string | null; prodi: string | null; fakultas: string | null }; anggota: { nama: string; nidn: string | null; status: string }[]; mahasiswa: { nama: string; nim: string }[] } | null;
  luaran: { jenis: string; target: string }[];
  dokumen: { id: number; nama_file: string; versi: number; ronde: string }[];
  timeline: TimelineEntry[];
};

export function ringkasanUsulan(db: Db, id: number, { blind }: { blind: boolean }): RingkasanUsulan | null {
  const row = db
    .select({ usulan, periode, skema, ketua: users.name, nidn: users.nidn, prodi: prodi.nama, fakultas: fakultas.nama })
    .from(usulan)
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .innerJoin(skema, eq(skema.id, periode.id_skema))
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
    .where(eq(usulan.id, id))
    .get();
  if (!row) return null;
  const u = row.usulan;
  const status = u.status as UsulanStatus;
  const tim = blind
    ? null
    : {
        ketua: { nama: row.ketua, nidn: row.nidn, prodi: row.prodi, fakultas: row.fakultas },
        anggota: db
          .select({ nama: users.name, nidn: users.nidn, status: usulanAnggota.status_undangan })
          .from(usulanAnggota)
          .innerJoin(users, eq(users.id, usulanAnggota.id_user))
          .where(and(eq(usulanAnggota.id_usulan, id), ne(usulanAnggota.status_undangan, "DITOLAK")))
          .orderBy(asc(usulanAnggota.id))
          .all(),
        mahasiswa: db
          .select({ nama: usulanMahasiswa.nama, nim: usulanMahasiswa.nim })
          .from(usulanMahasiswa)
          .where(eq(usulanMahasiswa.id_usulan, id))
          .orderBy(asc(usulanMahasiswa.id))
          .all(),
      };
  return {
    id: u.id,
    judul: u.judul,
    jenis: u.jenis,
    status,
    statusLabel: USULAN_WORKFLOW.labels[status] ?? status,
    periode: periodeLabel(row.periode, row.skema),
    skema: row.skema.nama,
    ringkasan: u.ringkasan,
    kata_kunci: parseList(u.kata_kunci),
    bidang_fokus: u.bidang_fokus,
    tkt: u.tkt,
    mitra_nama: u.mitra_nama,
    lama_bulan: u.lama_bulan,
    dana_diusulkan: u.dana_diusulkan,
    diajukan_at: u.diajukan_at,
    tim,
    luaran: db
      .select({ jenis: usulanLuaran.jenis, target: usulanLuaran.target })
      .from(usulanLuaran)
      .where(eq(usulanLuaran.id_usulan, id))
      .orderBy(asc(usulanLuaran.id))
      .all(),
    // The latest version of the proposal's own documents (the download route is the proposal's).
    dokumen: db
      .select({ id: usulanDokumen.id, nama_file: usulanDokumen.nama_file, versi: usulanDokumen.versi, ronde: usulanDokumen.ronde })
      .from(usulanDokumen)
      .where(and(eq(usulanDokumen.id_usulan, id), sql`${usulanDokumen.ronde} in ('usulan', 'perbaikan')`))
      .orderBy(asc(usulanDokumen.id))
      .all(),
    // The log names the ketua (who submitted it): a blinded reviewer does not see it.
    timeline: blind ? [] : statusTimeline(db, USULAN_WORKFLOW, id),
  };
}

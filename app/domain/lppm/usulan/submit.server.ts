/**
 * What a proposal must satisfy before it is submitted (DRAF or DIKEMBALIKAN → DIAJUKAN), beyond
 * the engine's own checks (the ketua, the pengajuan window): every rule of LPPM.md, each with
 * its own Indonesian message, all listed at once. Runs twice: before the transition (to list
 * every problem, with the window's) and inside the engine's transaction (the authority: what
 * changed meanwhile cannot slip through).
 */
import { and, count, eq, ne, notInArray, sql } from "drizzle-orm";
import { RAB_KELOMPOK, usulan, usulanAnggota, usulanDokumen, usulanLuaran, usulanMahasiswa, usulanRab, users } from "../../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import { getPeriode, parseList } from "~/domain/lppm/master/periode.server";
import { jabatanRank, JABATAN_AKADEMIK } from "~/domain/users/roles";
import {
  countWords,
  DOKUMEN_BELUM,
  eligibilityProblems,
  KATA_KUNCI_MAKS,
  KATA_KUNCI_MIN,
  LAMA_BULAN_MAKS,
  LAMA_BULAN_MIN,
  MAKS_KATA_RINGKASAN,
  NOT_COUNTED_FOR_ELIGIBILITY,
  rabProblems,
  rabSummary,
  ringkasanTooLong,
  PROFIL_BELUM_LENGKAP,
  UNDANGAN_BELUM_DISETUJUI,
} from "~/domain/lppm/usulan/rules";

/**
 * The ketua's profile misses `kurang` (NIDN/NUPTK, program studi): named, with who fills them in
 * (the operator: they are the institute's record, not the lecturer's to edit).
 */
export function profilBelumLengkap(kurang: readonly string[]): string {
  return `${PROFIL_BELUM_LENGKAP}: ${kurang.join(" dan ")} belum diisi. Data ini diisi oleh operator LPPM; periksa di Profil Saya lalu hubungi operator.`;
}

const ID = sql.placeholder("id");

/** The proposals that count for eligibility: the periode's (placeholder), other than `id`. */
const COUNTED = and(eq(usulan.id_periode, sql.placeholder("periode")), ne(usulan.id, ID), notInArray(usulan.status, [...NOT_COUNTED_FOR_ELIGIBILITY]));

/**
 * Every unmet condition for submitting proposal `id`, in the order of the form's parts; [] when
 * it may go. The draft's page lists them on every view, so the reads by key are built once per
 * database handle (preparedQuery).
 */
export function submitProblems(db: Db, id: number): string[] {
  const row = preparedQuery(db, "submit.usulan", (d) => d.select().from(usulan).where(eq(usulan.id, ID)).prepare()).get({ id });
  if (!row) return [];
  const periode = getPeriode(db, row.id_periode);
  if (!periode) return [];
  const { skema } = periode;
  const problems: string[] = [];

  // 1. Identitas (and the mitra when the skema asks for one).
  const missing: string[] = [];
  if (!row.judul.trim()) missing.push("judul");
  if (!row.ringkasan.trim()) missing.push("ringkasan");
  const kataKunci = parseList(row.kata_kunci);
  if (kataKunci.length < KATA_KUNCI_MIN || kataKunci.length > KATA_KUNCI_MAKS) missing.push(`kata kunci (${KATA_KUNCI_MIN}–${KATA_KUNCI_MAKS})`);
  if (!row.bidang_fokus.trim()) missing.push("bidang fokus");
  if (row.jenis === "penelitian" && row.tkt === null) missing.push("TKT");
  if (row.lama_bulan < LAMA_BULAN_MIN || row.lama_bulan > LAMA_BULAN_MAKS) missing.push("lama kegiatan");
  if (missing.length) problems.push(`Identitas usulan belum lengkap: ${missing.join(", ")}.`);
  const words = countWords(row.ringkasan);
  if (words > MAKS_KATA_RINGKASAN) problems.push(ringkasanTooLong(words));
  if (row.jenis === "penelitian" && row.tkt !== null) {
    const min = skema.tkt_min ?? 1;
    const max = skema.tkt_max ?? 9;
    if (row.tkt < min || row.tkt > max) problems.push(`TKT harus antara ${min} dan ${max} untuk skema ini.`);
  }
  if (skema.wajib_mitra && (!row.mitra_nama.trim() || !row.mitra_alamat.trim() || !row.mitra_kontak.trim())) {
    problems.push("Data mitra (nama, alamat, kontak) wajib diisi untuk skema ini.");
  }

  // 2. The ketua: a complete dosen profile and the skema's lowest jabatan akademik.
  const ketua = preparedQuery(db, "submit.ketua", (d) =>
    d.select({ nidn: users.nidn, id_prodi: users.id_prodi, jabatan: users.jabatan_akademik }).from(users).where(eq(users.id, ID)).prepare(),
  ).get({ id: row.id_ketua });
  const kurang = [...(ketua?.nidn ? [] : ["NIDN/NUPTK"]), ...(ketua?.id_prodi ? [] : ["program studi"])];
  if (kurang.length) problems.push(profilBelumLengkap(kurang));
  if (skema.min_jabatan) {
    const needed = (JABATAN_AKADEMIK as readonly string[]).indexOf(skema.min_jabatan);
    if (needed >= 0 && jabatanRank(ketua?.jabatan) < needed) {
      problems.push(`Jabatan akademik ketua minimal ${skema.min_jabatan} untuk skema ini.`);
    }
  }

  // 3. The team: every invitation accepted, within the skema's size, enough students.
  const anggota = preparedQuery(db, "submit.anggota", (d) =>
    d
      .select({ id_user: usulanAnggota.id_user, status: usulanAnggota.status_undangan, nama: users.name })
      .from(usulanAnggota)
      .innerJoin(users, eq(users.id, usulanAnggota.id_user))
      .where(eq(usulanAnggota.id_usulan, ID))
      .prepare(),
  ).all({ id });
  // A refused invitation is no one on the team: only a pending answer holds the submission back.
  if (anggota.some((a) => a.status === "MENUNGGU")) problems.push(UNDANGAN_BELUM_DISETUJUI);
  const accepted = anggota.filter((a) => a.status === "DITERIMA");
  const team = anggota.filter((a) => a.status !== "DITOLAK").length;
  if (team > skema.max_anggota_dosen) {
    problems.push(`Jumlah anggota dosen (${team}) melebihi batas skema (maksimal ${skema.max_anggota_dosen}).`);
  }
  const mahasiswa =
    preparedQuery(db, "submit.mahasiswa", (d) => d.select({ n: count() }).from(usulanMahasiswa).where(eq(usulanMahasiswa.id_usulan, ID)).prepare()).get({ id })?.n ?? 0;
  if (mahasiswa < skema.wajib_mahasiswa) {
    problems.push(`Skema ini mewajibkan minimal ${skema.wajib_mahasiswa} anggota mahasiswa (saat ini ${mahasiswa}).`);
  }

  // 4. Eligibility in this periode (which proposals count: rules.ts, NOT_COUNTED_FOR_ELIGIBILITY).
  problems.push(...periodeLimitProblems(db, row, accepted, periode));

  // 5. RAB: not empty, within the skema's ceiling and Honor share.
  const lines = preparedQuery(db, "submit.rab", (d) =>
    d
      .select({ kelompok: usulanRab.kelompok, jumlah: usulanRab.jumlah })
      .from(usulanRab)
      .where(and(eq(usulanRab.id_usulan, ID), eq(usulanRab.tahap, "usulan")))
      .prepare(),
  ).all({ id });
  problems.push(...rabProblems(rabSummary(lines, skema, RAB_KELOMPOK), lines.length));

  // 6. Luaran: every output the skema requires is targeted.
  const targeted = new Set(
    preparedQuery(db, "submit.luaran", (d) => d.select({ jenis: usulanLuaran.jenis }).from(usulanLuaran).where(eq(usulanLuaran.id_usulan, ID)).prepare())
      .all({ id })
      .map((l) => l.jenis.trim().toLocaleLowerCase("id-ID")),
  );
  const untargeted = skema.luaran_wajib.filter((jenis) => !targeted.has(jenis.trim().toLocaleLowerCase("id-ID")));
  if (untargeted.length) problems.push(`Luaran wajib belum ditargetkan: ${untargeted.join(", ")}.`);

  // 7. The proposal document.
  const dokumen =
    preparedQuery(db, "submit.dokumen", (d) =>
      d
        .select({ n: count() })
        .from(usulanDokumen)
        .where(and(eq(usulanDokumen.id_usulan, ID), eq(usulanDokumen.ronde, "usulan")))
        .prepare(),
    ).get({ id })?.n ?? 0;
  if (dokumen === 0) problems.push(DOKUMEN_BELUM);

  return problems;
}

/**
 * Whether proposal `row`, with these accepted members, keeps its ketua and members within the
 * periode's limits (maks_ketua, maks_anggota) against the periode's other counted proposals.
 * `ketua`: the ketua's name, when someone else is told (reopening a decision); else "Anda".
 */
function periodeLimitProblems(
  db: Db,
  row: { id: number; id_periode: number; id_ketua: number },
  accepted: readonly { id_user: number; nama: string }[],
  periode: { maks_ketua: number; maks_anggota: number },
  ketua?: string,
): string[] {
  const periodeOf = { id: row.id, periode: row.id_periode };
  const ketuaLeads =
    preparedQuery(db, "submit.ketuaLeads", (d) =>
      d
        .select({ n: count() })
        .from(usulan)
        .where(and(COUNTED, eq(usulan.id_ketua, sql.placeholder("ketua"))))
        .prepare(),
    ).get({ ...periodeOf, ketua: row.id_ketua })?.n ?? 0;
  const joins = new Map<number, number>();
  if (accepted.length) {
    // The members' ids go in as one JSON list (json_each), whatever their number.
    const rows = preparedQuery(db, "submit.memberJoins", (d) =>
      d
        .select({ id_user: usulanAnggota.id_user, n: count() })
        .from(usulanAnggota)
        .innerJoin(usulan, eq(usulan.id, usulanAnggota.id_usulan))
        .where(
          and(
            COUNTED,
            eq(usulanAnggota.status_undangan, "DITERIMA"),
            sql`${usulanAnggota.id_user} in (select value from json_each(${sql.placeholder("users")}))`,
          ),
        )
        .groupBy(usulanAnggota.id_user)
        .prepare(),
    ).all({ ...periodeOf, users: JSON.stringify(accepted.map((a) => a.id_user)) });
    for (const r of rows) joins.set(r.id_user, r.n);
  }
  return eligibilityProblems({
    ketuaLeads,
    maksKetua: periode.maks_ketua,
    members: accepted.map((a) => ({ nama: a.nama, joins: joins.get(a.id_user) ?? 0 })),
    maksAnggota: periode.maks_anggota,
    ...(ketua ? { ketua } : {}),
  });
}

/**
 * The periode's limits for proposal `id` as it stands, its ketua named (`ketua`): what keeps a
 * decided proposal from coming back into the running (reopening a decision) while its people
 * have since joined others up to the limits. [] when it may.
 */
export function periodeLimitProblemsOf(db: Db, id: number): string[] {
  const row = db
    .select({ id: usulan.id, id_periode: usulan.id_periode, id_ketua: usulan.id_ketua, ketua: users.name })
    .from(usulan)
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .where(eq(usulan.id, id))
    .get();
  const periode = row ? getPeriode(db, row.id_periode) : null;
  if (!row || !periode) return [];
  const accepted = db
    .select({ id_user: usulanAnggota.id_user, nama: users.name })
    .from(usulanAnggota)
    .innerJoin(users, eq(users.id, usulanAnggota.id_user))
    .where(and(eq(usulanAnggota.id_usulan, id), eq(usulanAnggota.status_undangan, "DITERIMA")))
    .all();
  return periodeLimitProblems(db, row, accepted, periode, row.ketua);
}

/**
 * The publication incentives of the demo: the tariff table, this year's incentive call and last
 * year's, and claims in every status of INSENTIF_WORKFLOW, each with its evidence, its timeline,
 * and the SK of the batch that decided it.
 */
import type { Db } from "../../../app/lib/server/db.server";
import type { StoredDocument } from "../../../app/lib/server/documents.server";
import { INSENTIF_WORKFLOW, type InsentifStatus } from "../../../app/domain/lppm/workflow";
import { doiKunci, judulKunci } from "../../../app/domain/lppm/insentif/insentif.schema";
import { nominalKlaim } from "../../../app/domain/lppm/insentif/tarif";
import { DEFAULT_CHECKLIST_INSENTIF } from "../lppm-rubrik";
import * as schema from "../../../db/schema";
import { DEMO_KLAIM, type DemoKlaim, type Publikasi } from "./tables/klaim";
import { DEMO_TARIF } from "./tables/tarif";
import type { LuaranCapaian } from "./laporan";
import type { Accounts, Actor } from "./masters";
import { DAY, klaimPath } from "./paths";

/** What the claims are written with: the clock, this year, the accounts, the projects' outputs, the evidence. */
export type InsentifContext = {
  now: number;
  tahun: number;
  accounts: Accounts;
  /** The demo projects' recorded outputs by the project's title (a claim may copy one). */
  capaian: ReadonlyMap<string, LuaranCapaian>;
  /** The evidence of DEMO_KLAIM[i]. */
  bukti: readonly StoredDocument[];
};

type Call = "ini" | "lalu";
type JenisInsentif = typeof schema.jenisInsentif.$inferSelect;

/** This year's incentive call and last year's, each with its SK. */
type KlaimCalls = {
  periode: Record<Call, typeof schema.periodeInsentif.$inferSelect>;
  /** One SK per call, made on the penetapan board; what it decided was paid some days later. */
  sk: Record<Call, { nomor: string; at: number; cair: number }>;
  /** The SK's row, written with the first claim it decided. */
  skId(call: Call): number;
};

export function seedInsentif(tx: Db, ctx: InsentifContext): void {
  const jenisOf = seedTarif(tx);
  const calls = seedPeriodeInsentif(tx, ctx);
  DEMO_KLAIM.forEach((k, index) => seedKlaim(tx, ctx, jenisOf, calls, k, index));
}

/** The tariff table; returns each row by `${jenis}|${peringkat}`. */
function seedTarif(tx: Db): Map<string, JenisInsentif> {
  const jenisOf = new Map<string, JenisInsentif>();
  for (const t of DEMO_TARIF) {
    jenisOf.set(`${t.jenis}|${t.peringkat}`, tx.insert(schema.jenisInsentif).values(t).returning().get());
  }
  return jenisOf;
}

/**
 * This year's call opened two months ago and stays open a month; last year's closed before its
 * claims were decided (its SK is 340 days old).
 */
function seedPeriodeInsentif(tx: Db, { now, tahun, accounts }: InsentifContext): KlaimCalls {
  const periode = {
    ini: tx
      .insert(schema.periodeInsentif)
      .values({ tahun, anggaran_total: 75_000_000, pengajuan_buka: new Date(now - 60 * DAY), pengajuan_tutup: new Date(now + 30 * DAY) })
      .returning()
      .get(),
    lalu: tx
      .insert(schema.periodeInsentif)
      .values({ tahun: tahun - 1, anggaran_total: 60_000_000, pengajuan_buka: new Date(now - 420 * DAY), pengajuan_tutup: new Date(now - 350 * DAY) })
      .returning()
      .get(),
  };
  const sk = {
    ini: { nomor: `027/LPPM/SK-INS/${tahun}`, at: now - 8 * DAY, cair: now - 2 * DAY },
    lalu: { nomor: `031/LPPM/SK-INS/${tahun - 1}`, at: now - 340 * DAY, cair: now - 320 * DAY },
  };
  const skIdOf = new Map<Call, number>();
  return {
    periode,
    sk,
    skId(call) {
      let id = skIdOf.get(call);
      if (id === undefined) {
        const at = new Date(sk[call].at);
        id = tx
          .insert(schema.penetapanInsentif)
          .values({ id_periode: periode[call].id, nomor_sk: sk[call].nomor, tanggal_sk: at, id_user: accounts.userId.get("kepala.lppm")!, created_at: at, updated_at: at })
          .returning({ id: schema.penetapanInsentif.id })
          .get().id;
        skIdOf.set(call, id);
      }
      return id;
    },
  };
}

/** Who made a claim's step: the demo user holding the transition's role (the Operator: the first operator). */
function aktorKlaim({ accounts }: InsentifContext, from: InsentifStatus, to: InsentifStatus, k: DemoKlaim): Actor {
  const by = INSENTIF_WORKFLOW.transitions.find((t) => t.from === from && t.to === to)?.by;
  if (!by || by === "system") return { id: null, name: "Sistem" };
  if (by.includes("Pengusul")) return accounts.person(k.pengusul);
  if (by.includes("Reviewer-Internal")) return accounts.person(k.reviewer!);
  if (by.includes("Sekretaris-LPPM")) return accounts.person("sekretaris.lppm");
  if (by.includes("Kepala-LPPM")) return accounts.person("kepala.lppm");
  return accounts.operator;
}

/** One claim: its row, its evidence and its timeline. */
function seedKlaim(tx: Db, ctx: InsentifContext, jenisOf: ReadonlyMap<string, JenisInsentif>, calls: KlaimCalls, k: DemoKlaim, index: number): void {
  const { now, accounts } = ctx;
  const steps = klaimPath(k);
  const call = k.lalu ? "lalu" : "ini";
  const periode = calls.periode[call];
  const sk = calls.sk[call];
  const jenis = jenisOf.get(`${k.jenis}|${k.peringkat}`)!;
  let luaran: LuaranCapaian | null = null;
  let publikasi: Publikasi;
  if ("luaran" in k.publikasi) publikasi = luaran = ctx.capaian.get(k.publikasi.luaran)!;
  else publikasi = k.publikasi;

  // The timeline: a claim the SK decided moved with its batch (on the SK's date) and was paid
  // later; the others' last step was a day ago. Steps a few days apart (last year's claims
  // started after the finished project was running, 367 days ago).
  const ditetapkan = steps.indexOf("DITETAPKAN");
  const anchor = ditetapkan >= 0 ? ditetapkan : steps.length - 1;
  const end = ditetapkan >= 0 ? sk.at : now - DAY;
  const gap = (k.lalu ? 5 : ditetapkan >= 0 ? 4 : 3) * DAY;
  const at = (i: number) => new Date((steps[i] === "DICAIRKAN" ? sk.cair : end - (anchor - i) * gap) - index * 60_000);
  const diajukan = steps.lastIndexOf("DIAJUKAN");
  const dievaluasi = steps.indexOf("DIEVALUASI");
  // The reviewer recommends what the tariff's rule gives the claim; the SK approves that amount.
  const nominal = nominalKlaim(jenis, k)!.nominal;

  const id = tx
    .insert(schema.insentif)
    .values({
      id_periode: periode.id,
      id_pengusul: accounts.userId.get(k.pengusul)!,
      id_jenis: jenis.id,
      status: k.status,
      judul: publikasi.judul,
      nama_wadah: publikasi.nama_wadah,
      issn_isbn: publikasi.issn_isbn,
      doi_url: publikasi.doi_url,
      tahun: periode.tahun,
      volume_nomor: k.volume_nomor,
      peran: k.peran,
      jumlah_penulis: k.jumlah_penulis,
      doi_kunci: doiKunci(publikasi.doi_url),
      judul_kunci: judulKunci(publikasi.issn_isbn, publikasi.judul),
      id_luaran: luaran?.id ?? null,
      // Assigned on its first submission, with two weeks for the evaluation.
      id_reviewer: k.reviewer ? accounts.userId.get(k.reviewer)! : null,
      tenggat: k.reviewer ? new Date(at(steps.indexOf("DIAJUKAN")).getTime() + 14 * DAY) : null,
      // The seeded insentif rubric's checklist, every item met.
      evaluasi: dievaluasi >= 0 ? JSON.stringify(DEFAULT_CHECKLIST_INSENTIF.map((butir) => ({ butir, sesuai: true }))) : null,
      nominal_rekomendasi: dievaluasi >= 0 ? nominal : null,
      catatan_evaluasi: dievaluasi >= 0 ? (k.note ?? null) : null,
      dievaluasi_at: dievaluasi >= 0 ? at(dievaluasi) : null,
      nominal_disetujui: ditetapkan >= 0 ? nominal : null,
      id_penetapan: ditetapkan >= 0 ? calls.skId(call) : null,
      diajukan_at: diajukan >= 0 ? at(diajukan) : null,
      dicairkan_at: k.status === "DICAIRKAN" ? at(steps.length - 1) : null,
      created_at: at(0),
      updated_at: at(steps.length - 1),
    })
    .returning({ id: schema.insentif.id })
    .get().id;
  const bukti = ctx.bukti[index]!;
  tx.insert(schema.insentifBukti).values({ id_insentif: id, file: bukti.file, nama_file: bukti.nama_file, ukuran: bukti.ukuran, created_at: at(0) }).run();

  steps.forEach((to, i) => {
    const from = i === 0 ? null : steps[i - 1]!;
    const actor = from === null ? accounts.person(k.pengusul) : aktorKlaim(ctx, from, to, k);
    // The reviewer's note where the workflow requires one (and the evaluation's remark); the SK's number.
    const note =
      to === "DITETAPKAN"
        ? `SK ${sk.nomor}`
        : to === "DIKEMBALIKAN" && i < steps.length - 1
          ? k.dikembalikan
          : to === "DIEVALUASI" || to === "DIKEMBALIKAN" || to === "TIDAK_VALID"
            ? k.note
            : undefined;
    tx.insert(schema.statusLog)
      .values({ entity: INSENTIF_WORKFLOW.kind, entity_id: id, from_status: from, to_status: to, actor_id: actor.id, actor_name: actor.name, note: note ?? null, created_at: at(i) })
      .run();
  });
}

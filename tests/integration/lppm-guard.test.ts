/**
 * Authorization of every LPPM screen and file through the real pipeline: the BUILT app
 * (server.js as `npm start` runs it) over HTTP on a copy of the seeded database. For EVERY route
 * under the five LPPM areas in app/routes.ts, with real ids filled in (a submitted, funded
 * proposal with a proposal PDF, a revised PDF and a daily note's photo, a download template, the
 * periode of the ranking board, a running project's monev berita acara, an incentive claim's
 * evidence):
 * - anonymous: GET → 302 /login?redirectTo=<path>; POST → the same, the action never runs;
 * - each LPPM role and the Operator, one single-role person each: 200 inside the areas their role
 *   opens, 404 elsewhere (page, `.data` and POST; nothing stored changes);
 * - the wrong owner: a lecturer outside the team, a reviewer not assigned and the verifier of
 *   another faculty get 404 for the proposal's page and files, like any document that does not
 *   exist (and their POST changes nothing: 404, or 405 on a file route, which has no action);
 * - blind review: a reviewer of a blind skema downloads the proposal document under review and
 *   no other document of that project (each names the team), while its monev reviewer, its ketua
 *   and the office read them all;
 * - the decision screens' detail (?lihat=ID, the ranking board's rows too): a proposal in the
 *   status a screen decides on opens, with its documents downloadable from that area, for the
 *   screen's decider only; the verifier of another faculty and every other role get 404,
 *   anonymous the login.
 * - the workflow's overrides (replace a reviewer, extend a deadline, withdraw, reopen), as data:
 *   each posted by every person, refused (4xx, nothing stored changes) for all but the one the
 *   table names, whose post makes the step.
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { LPPM_AREAS } from "../../app/navigation/lppm";
import { saveTemplate } from "~/domain/lppm/master/template.server";
import { storeDocument } from "../../app/lib/server/documents.server";
import { ROOT, startServer } from "../../bench/lib.mjs";
import { APP_ROUTES } from "../setup/app-routes";
import { TEST_SESSION_SECRET } from "../setup/constants";
import { addCatatanBukti, addInsentifBukti, addMonevBeritaAcara, addScoredUsulan, pdfFile, penetapanWorld, person, type Person } from "../setup/lppm-penetapan";
import { snapshot, toFormData, type FormFields } from "../setup/operator-helpers";
import { toWibDateTimeInput } from "../../app/lib/util/wib";
import { createTestDb, type TestDb } from "../setup/test-db";

const BUILD = path.resolve("build/server/index.js");

/** Every route below an LPPM area, from the app's route config. */
const ROUTES = APP_ROUTES.filter((r) => LPPM_AREAS.some((area) => r.path === area.prefix || r.path.startsWith(`${area.prefix}/`)));

/** The people: one role each, named by what they are to the proposal. */
type Who =
  | "ketua"
  | "pengusulLain"
  | "reviewer1"
  | "reviewer2"
  | "reviewerLain"
  | "verifikator"
  | "verifikatorLain"
  | "sekretaris"
  | "kepala"
  | "operator";
const PEOPLE: Who[] = ["ketua", "pengusulLain", "reviewer1", "reviewer2", "reviewerLain", "verifikator", "verifikatorLain", "sekretaris", "kepala", "operator"];
/** In the area their role opens, but nothing to this proposal. */
const STRANGERS = new Set<Who>(["pengusulLain", "reviewerLain", "verifikatorLain"]);

/** Resource routes: a file, not a page (their 404 is bare). */
const FILES: Record<string, RegExp> = {
  PengusulDownloadFile: /^application\/pdf$/,
  PengusulPerbaikanUsulanDokumen: /^application\/pdf$/,
  KepalaPerbaikanUsulanDokumen: /^application\/pdf$/,
  PenetapanUsulanRegulerUnduh: /^text\/csv/,
  KepalaDaftarUsulanUnduh: /^text\/csv/,
  KepalaRekapAkreditasi: /^text\/csv/,
  ...Object.fromEntries(LPPM_AREAS.map((area) => [`${area.key}UsulanDokumen`, /^application\/pdf$/])),
  ...Object.fromEntries(LPPM_AREAS.map((area) => [`${area.key}CatatanBukti`, /^image\/png$/])),
  ...Object.fromEntries(LPPM_AREAS.map((area) => [`${area.key}MonevBeritaAcara`, /^application\/pdf$/])),
  // A proposal's papers made on request (walked here as its contract; every paper below).
  ...Object.fromEntries(LPPM_AREAS.map((area) => [`${area.key}UsulanNaskah`, /^application\/pdf$/])),
  PenetapanUsulanRegulerSk: /^application\/pdf$/,
  ...Object.fromEntries(LPPM_AREAS.map((area) => [`${area.key}InsentifBukti`, /^application\/pdf$/])),
};

/** A publication-incentive claim's evidence: its claimant (the ketua), its reviewer (reviewer 1) and the office. */
const INSENTIF_READERS = new Set<Who>(["ketua", "reviewer1", "sekretaris", "kepala", "operator"]);
const isInsentifFile = (routeId: string) => routeId.endsWith("InsentifBukti");

/** A monev's berita acara: only the LPPM office and the reviewer who scored it (reviewer 1) read it. */
const MONEV_READERS = new Set<Who>(["reviewer1", "sekretaris", "kepala", "operator"]);
const isMonevFile = (routeId: string) => routeId.endsWith("MonevBeritaAcara");

let t: TestDb;
let server: { base: string; stop: () => Promise<void> } | undefined;
let origin = "";
let people: Record<Who, Person>;
let ids: { usulan: number; dokumen: number; perbaikan: number; template: number; periode: number; bukti: number; monev: number; insentif: number; buktiInsentif: number; sk: number };

/** A finished project of a blind skema, with one document of every round and a daily note's photo. */
type Ronde = (typeof schema.usulanDokumen.$inferSelect)["ronde"];
const RONDES: readonly Ronde[] = ["usulan", "perbaikan", "laporan_kemajuan", "laporan_akhir", "bukti_luaran"];
type BlindWho = "reviewerButa" | "reviewerMonev" | "ketuaButa" | "operator";
let blind: { usulan: number; monev: number; dokumen: Record<Ronde, number>; bukti: number; people: Record<BlindWho, Person> };

/** Each decision screen, the status it decides on and its decider; `usulan`/`dokumen`: its proposal there. */
const DECISIONS = [
  { page: "/operatorfakultas/persetujuan-usulan/usulan-reguler", area: "/operatorfakultas", status: "DIAJUKAN", decider: "verifikator" },
  { page: "/sekretarislppm/persetujuan-usulan/usulan-reguler", area: "/sekretarislppm", status: "DINILAI", decider: "sekretaris" },
  { page: "/kepalalppm/persetujuan-usulan/usulan-reguler", area: "/kepalalppm", status: "DIVERIFIKASI", decider: "kepala" },
  { page: "/kepalalppm/penetapan-pemenang/usulan-reguler", area: "/kepalalppm", status: "DIREKOMENDASIKAN", decider: "kepala" },
] as const satisfies readonly { page: string; area: string; status: string; decider: Who }[];
const decided: Record<string, { usulan: number; dokumen: number }> = {};
/** Where each of them downloads a proposal's documents. */
const BLIND_AREA: Record<BlindWho, string> = { reviewerButa: "/reviewer", reviewerMonev: "/reviewer", ketuaButa: "/pengusul", operator: "/operator/lppm" };
/** Who reads which document of the blind skema's project. */
const BLIND_CASES: [BlindWho, Ronde | "catatan-bukti", 200 | 404][] = [
  ["reviewerButa", "usulan", 200],
  ["reviewerButa", "perbaikan", 404],
  ["reviewerButa", "laporan_kemajuan", 404],
  ["reviewerButa", "laporan_akhir", 404],
  ["reviewerButa", "bukti_luaran", 404],
  ["reviewerButa", "catatan-bukti", 404],
  // The monev meets the team: its reviewer reads the project's work.
  ...RONDES.map((ronde): [BlindWho, Ronde, 200] => ["reviewerMonev", ronde, 200]),
  ["reviewerMonev", "catatan-bukti", 200],
  ...RONDES.map((ronde): [BlindWho, Ronde, 200] => ["ketuaButa", ronde, 200]),
  ...RONDES.map((ronde): [BlindWho, Ronde, 200] => ["operator", ronde, 200]),
];

beforeAll(async () => {
  if (!fs.existsSync(BUILD)) throw new Error(`${path.relative(process.cwd(), BUILD)} tidak ada: jalankan npm run build dulu.`);
  t = createTestDb();
  // No timed job may write between a request's "nothing changed" snapshots (they start a minute in).
  server = await startServer(t.dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, TIMED_JOBS: "off" } });
  origin = server.base;

  const world = await penetapanWorld(t.db);
  const fakultasLain = t.db.insert(schema.fakultas).values({ nama: "Fakultas Ekonomi" }).returning().get().id;
  people = {
    ketua: world.people.pengusul,
    pengusulLain: world.people.pengusulLain,
    reviewer1: world.people.reviewer1,
    reviewer2: world.people.reviewer2,
    reviewerLain: await person(t.db, "Reviewer Lain", ["Reviewer-Internal"]),
    verifikator: world.people.verifikator,
    verifikatorLain: await person(t.db, "Verifikator Ekonomi", ["Verifikator-Fakultas"], { id_fakultas_verifikasi: fakultasLain }),
    sekretaris: world.people.sekretaris,
    kepala: world.people.kepala,
    operator: world.people.operator,
  };
  const usulan = addScoredUsulan(t.db, world, { judul: "Usulan yang dijaga", status: "PERBAIKAN_DIAJUKAN", dana_disetujui: 15_000_000 });
  const store = async (ronde: "usulan" | "perbaikan") => {
    const stored = await storeDocument(pdfFile(`${ronde}.pdf`), ronde, ["pdf"]);
    return t.db
      .insert(schema.usulanDokumen)
      .values({ id_usulan: usulan, ronde, versi: 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: people.ketua.id })
      .returning()
      .get().id;
  };
  const template = await saveTemplate(t.db, { judul: "Panduan", keterangan: "", tanggal_versi: new Date(), aktif: true, file: pdfFile("panduan.pdf") });
  if (!("id" in template)) throw new Error("template not saved");
  const bukti = await addCatatanBukti(t.db, usulan, people.ketua.id);
  // A running project of the same world whose monev reviewer 1 scored, with its berita acara.
  const monev = await addMonevBeritaAcara(t.db, world, people.reviewer1.id);
  // A submitted incentive claim of the ketua, assigned to reviewer 1, with one evidence PDF.
  const klaim = await addInsentifBukti(t.db, people.ketua.id, people.reviewer1.id);
  // The SK that funded the guarded proposal (its PDF is the Kepala's).
  const sk = t.db.insert(schema.penetapan).values({ id_periode: world.periodeId, nomor_sk: "7/LPPM/SK/2026", tanggal_sk: new Date(), id_user: people.kepala.id }).returning().get().id;
  t.db.update(schema.usulan).set({ id_penetapan: sk }).where(eq(schema.usulan.id, usulan)).run();
  ids = { usulan, dokumen: await store("usulan"), perbaikan: await store("perbaikan"), template: template.id, periode: world.periodeId, bukti, monev, insentif: klaim.insentif, buktiInsentif: klaim.bukti, sk };

  // A finished project of a blind skema (a copy of the world's call), reviewed by reviewers 1 and 2, its monev by another.
  const { id: _p, ...call } = t.db.select().from(schema.periode).where(eq(schema.periode.id, world.periodeId)).get()!;
  const { id: _s, ...scheme } = t.db.select().from(schema.skema).where(eq(schema.skema.id, world.skemaId)).get()!;
  const skemaButa = t.db.insert(schema.skema).values({ ...scheme, nama: "Penelitian skema buta", review_buta: true }).returning().get().id;
  const butaWorld = { ...world, skemaId: skemaButa, periodeId: t.db.insert(schema.periode).values({ ...call, id_skema: skemaButa }).returning().get().id };
  const proyek = addScoredUsulan(t.db, butaWorld, { judul: "Proyek skema buta", status: "SELESAI", dana_disetujui: 15_000_000 });
  const reviewerMonev = await person(t.db, "Reviewer Monev", ["Reviewer-Internal"]);
  const monevProyek = t.db.insert(schema.monev).values({ id_usulan: proyek, id_reviewer: reviewerMonev.id, status: "DITUGASKAN", tenggat: new Date(Date.now() + 86_400_000) }).returning().get().id;
  const dokumen = {} as Record<Ronde, number>;
  for (const ronde of RONDES) {
    const stored = await storeDocument(pdfFile(`${ronde}.pdf`, `Dokumen ${ronde} oleh ${butaWorld.people.pengusul.name}`), ronde === "usulan" ? "usulan" : "laporan", ["pdf"]);
    dokumen[ronde] = t.db
      .insert(schema.usulanDokumen)
      .values({ id_usulan: proyek, ronde, versi: 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: butaWorld.people.pengusul.id })
      .returning()
      .get().id;
  }
  for (const { page, status } of DECISIONS) {
    const id = addScoredUsulan(t.db, world, { judul: `Usulan ${status}`, status });
    const stored = await storeDocument(pdfFile("usulan.pdf"), "usulan", ["pdf"]);
    const dok = t.db
      .insert(schema.usulanDokumen)
      .values({ id_usulan: id, ronde: "usulan", versi: 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: people.ketua.id })
      .returning()
      .get().id;
    decided[page] = { usulan: id, dokumen: dok };
  }

  blind = {
    usulan: proyek,
    monev: monevProyek,
    dokumen,
    bukti: await addCatatanBukti(t.db, proyek, butaWorld.people.pengusul.id),
    people: { reviewerButa: butaWorld.people.reviewer1, reviewerMonev, ketuaButa: butaWorld.people.pengusul, operator: world.people.operator },
  };
});

// The overrides' records: the ketua's proposals in the statuses each step is made from, and one in
// review whose two reviewers have not scored.
beforeAll(async () => {
  const world = { periodeId: t.db.select().from(schema.usulan).where(eq(schema.usulan.id, ids.usulan)).get()!.id_periode };
  const add = (judul: string, status: string) =>
    t.db.insert(schema.usulan).values({ id_periode: world.periodeId, jenis: "penelitian", id_ketua: people.ketua.id, status, judul, putaran_review: 1, diajukan_at: new Date() }).returning().get().id;
  // The ketua leads several proposals of this call here: reopening checks the call's limits.
  t.db.update(schema.periode).set({ maks_ketua: 99 }).where(eq(schema.periode.id, world.periodeId)).run();
  const review = add("Usulan yang macet", "REVIEW");
  const [ganti, perpanjang] = [people.reviewer1, people.reviewer2].map(
    (r) => t.db.insert(schema.penugasanReviewer).values({ id_usulan: review, id_reviewer: r.id, putaran: 1, tenggat: new Date(Date.now() + 2 * 86_400_000) }).returning().get().id,
  ) as [number, number];
  ov = {
    tarikKetua: add("Ditarik ketua", "DIAJUKAN"),
    tarikOperator: add("Ditarik operator", "DIVERIFIKASI"),
    bukaOperator: add("Tidak didanai keliru", "TIDAK_DIDANAI"),
    bukaKepala: add("Tidak lolos keliru", "TIDAK_LOLOS"),
    review,
    ganti,
    perpanjang,
  };
});

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

function concrete(routeId: string, routePath: string): string {
  const filled = routePath
    .replace(":usulanId", String(isMonevFile(routeId) ? ids.monev : ids.usulan))
    .replace(":dokumenId", String(ids.dokumen))
    .replace(":insentifId", String(ids.insentif))
    .replace(":buktiId", String(isInsentifFile(routeId) ? ids.buktiInsentif : ids.bukti))
    .replace(":naskah", "kontrak")
    .replace(":penetapanId", String(ids.sk))
    .replace(":laporan", "peringkat")
    .replace(":format", "csv")
    .replace(":id", String(routeId === "PengusulDownloadFile" ? ids.template : ids.perbaikan));
  return routeId === "PenetapanUsulanRegulerUnduh" ? `${filled}?periode=${ids.periode}` : filled;
}

/** Whether `who` holds a role of the route's area. */
function inArea(route: { path: string }, who: Who): boolean {
  const area = LPPM_AREAS.find((a) => route.path === a.prefix || route.path.startsWith(`${a.prefix}/`))!;
  return area.roles.some((role) => people[who].roles.includes(role));
}

/** Whether `who` may open the route: their role opens its area, and a proposal's page or file is theirs to see. */
function allowed(route: { id: string; path: string }, who: Who): boolean {
  if (!inArea(route, who)) return false;
  if (isMonevFile(route.id)) return MONEV_READERS.has(who);
  if (isInsentifFile(route.id)) return INSENTIF_READERS.has(who);
  const aboutTheProposal = /:usulanId|dokumen\/:id/.test(route.path);
  return !(aboutTheProposal && STRANGERS.has(who));
}

/** The records each override acts on (made in beforeAll), and the table of who may post it. */
let ov: { tarikKetua: number; tarikOperator: number; bukaOperator: number; bukaKepala: number; review: number; ganti: number; perpanjang: number };
const wib = (days: number) => toWibDateTimeInput(new Date(Date.now() + days * 86_400_000));

type OverrideCase = { name: string; entity: string; record: () => number; path: () => string; body: () => FormFields; allowed: Who };
const OVERRIDE_CASES: OverrideCase[] = [
  { name: "tarik by the ketua", entity: "usulan", record: () => ov.tarikKetua, path: () => `/pengusul/usulan/${ov.tarikKetua}`, body: () => ({ intent: "tarik", catatan: "Fokus usulan lain." }), allowed: "ketua" },
  { name: "tarik by the operator", entity: "usulan", record: () => ov.tarikOperator, path: () => "/operator/lppm/daftar-usulan", body: () => ({ intent: "tarik", id: String(ov.tarikOperator), catatan: "Permintaan dosen." }), allowed: "operator" },
  { name: "buka-kembali by the operator", entity: "usulan", record: () => ov.bukaOperator, path: () => "/operator/lppm/daftar-usulan", body: () => ({ intent: "buka-kembali", id: String(ov.bukaOperator), catatan: "Kuota bertambah." }), allowed: "operator" },
  { name: "buka-kembali by the Kepala", entity: "usulan", record: () => ov.bukaKepala, path: () => "/kepalalppm/persetujuan-usulan/usulan-reguler", body: () => ({ intent: "buka-kembali", id: String(ov.bukaKepala), catatan: "Salah baca." }), allowed: "kepala" },
  {
    name: "ganti-reviewer",
    entity: "usulan",
    record: () => ov.review,
    path: () => "/operator/lppm/penugasan-reviewer",
    body: () => ({ intent: "ganti-reviewer", id: String(ov.ganti), reviewer: String(people.reviewerLain.id), tenggat: wib(3), catatan: "Tidak merespons." }),
    allowed: "operator",
  },
  {
    name: "perpanjang-tenggat of a review",
    entity: "usulan",
    record: () => ov.review,
    path: () => "/operator/lppm/penugasan-reviewer",
    body: () => ({ intent: "perpanjang-tenggat", id: String(ov.perpanjang), tenggat: wib(4), catatan: "Waktu tambahan." }),
    allowed: "operator",
  },
  {
    name: "perpanjang-tenggat of a monev",
    entity: "monev",
    record: () => blind.monev,
    path: () => "/operator/lppm/monev-internal",
    body: () => ({ intent: "perpanjang-tenggat", id: String(blind.usulan), tenggat: wib(5), catatan: "Kunjungan mundur." }),
    allowed: "operator",
  },
  {
    name: "perpanjang-tenggat of an incentive evaluation",
    entity: "insentif",
    record: () => ids.insentif,
    path: () => "/operator/lppm/insentif",
    body: () => ({ intent: "perpanjang-tenggat", id: String(ids.insentif), tenggat: wib(5), catatan: "Reviewer cuti." }),
    allowed: "operator",
  },
];

/** A POST a page would act on (delete the proposal, or an unknown intent). */
const BODY: FormFields = { intent: "hapus", id: "1" };

async function get(url: string, cookie?: string) {
  return fetch(`${origin}${url}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

async function post(url: string, cookie?: string) {
  const body: FormFields = url.includes("/usulan/") ? { intent: "hapus", id: String(ids.usulan) } : BODY;
  return fetch(`${origin}${url}`, { method: "POST", redirect: "manual", body: toFormData(body), headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) } });
}

/** Runs a request and asserts that no stored row or file changed. */
async function unchanged<T>(what: string, run: () => Promise<T>): Promise<T> {
  const before = snapshot(t.db, t.uploadsDir);
  const result = await run();
  expect(snapshot(t.db, t.uploadsDir), `${what}: nothing stored changed`).toEqual(before);
  return result;
}

describe("the route config", () => {
  it("has every LPPM area's dashboard, its detail page and the files (and every one is walked below)", () => {
    const ids = ROUTES.map((r) => r.id);
    for (const area of LPPM_AREAS) expect(ROUTES.map((r) => r.path)).toContain(`${area.prefix}/dashboard`);
    expect(ids).toEqual(expect.arrayContaining(["PengusulUsulanDetail", ...Object.keys(FILES)]));
  });
});

describe.each(ROUTES)("$path", (route) => {
  it("anonymous: GET → /login?redirectTo=…, POST → /login without running the action", async () => {
    const url = concrete(route.id, route.path);
    const page = await get(url);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    const posted = await unchanged(`anonymous POST ${url}`, () => post(url));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it.each(PEOPLE)("%s: 200 when their role opens the area and the proposal is theirs to see, else 404 and nothing changes", async (who) => {
    const url = concrete(route.id, route.path);
    const cookie = people[who].cookie;
    const page = await get(url, cookie);
    if (allowed(route, who)) {
      expect(page.status, `${who} GET ${url}`).toBe(200);
      expect(page.headers.get("content-type")).toMatch(FILES[route.id] ?? /^text\/html/);
      return;
    }
    expect(page.status, `${who} GET ${url}`).toBe(404);
    if (!FILES[route.id]) {
      expect(await page.text()).toContain("Maaf! Halaman tidak ditemukan");
      expect((await get(`${url}.data`, cookie)).status, `${who} GET ${url}.data`).toBe(404);
    }
    const posted = await unchanged(`${who} POST ${url}`, () => post(url, cookie));
    // Past the area's guard, a file route has no action at all (405, whoever asks).
    expect(posted.status, `${who} POST ${url}`).toBe(FILES[route.id] && inArea(route, who) ? 405 : 404);
  });
});

describe("blind review: a blind skema's project documents", () => {
  it.each(BLIND_CASES)("%s GET its %s → %i", async (who, what, status) => {
    const base = `${BLIND_AREA[who]}/usulan/${blind.usulan}`;
    const url = what === "catatan-bukti" ? `${base}/catatan-bukti/${blind.bukti}` : `${base}/dokumen/${blind.dokumen[what]}`;
    const page = await get(url, blind.people[who].cookie);
    expect(page.status, `${who} GET ${url}`).toBe(status);
    if (status === 200) expect(page.headers.get("content-type")).toMatch(/^(application\/pdf|image\/png)$/);
    else expect(await page.text()).toBe("Berkas tidak ditemukan.");
  });
});

/** The area each person asks a proposal's papers in (the one their role opens). */
const AREA_OF: Record<Who, string> = {
  ketua: "/pengusul",
  pengusulLain: "/pengusul",
  reviewer1: "/reviewer",
  reviewer2: "/reviewer",
  reviewerLain: "/reviewer",
  verifikator: "/operatorfakultas",
  verifikatorLain: "/operatorfakultas",
  sekretaris: "/sekretarislppm",
  kepala: "/kepalalppm",
  operator: "/operator/lppm",
};

describe("a proposal's papers (PDF): each paper, each role", () => {
  // The approval sheet and the contract follow the proposal's rule (the team, its reviewers, its
  // faculty's verifier, the office); the berita acara the monev's (the office, its reviewer).
  const cases = PEOPLE.flatMap((who) => [
    { who, naskah: "lembar-pengesahan", usulan: () => ids.usulan, reads: !STRANGERS.has(who) },
    { who, naskah: "kontrak", usulan: () => ids.usulan, reads: !STRANGERS.has(who) },
    { who, naskah: "berita-acara-monev", usulan: () => ids.monev, reads: MONEV_READERS.has(who) },
  ]);
  it.each(cases)("$who GET its $naskah → $reads", async ({ who, naskah, usulan, reads }) => {
    const url = `${AREA_OF[who]}/usulan/${usulan()}/naskah/${naskah}`;
    const page = await get(url, people[who].cookie);
    expect(page.status, `${who} GET ${url}`).toBe(reads ? 200 : 404);
    if (reads) expect(page.headers.get("content-type")).toBe("application/pdf");
    else expect(await page.text()).toBe("Berkas tidak ditemukan.");
  });

  it("a blind skema's reviewer gets no paper (they name the team); its ketua, its monev reviewer and the office do", async () => {
    const cases: [BlindWho, string, 200 | 404][] = [
      ["reviewerButa", "lembar-pengesahan", 404],
      ["reviewerButa", "kontrak", 404],
      ["reviewerButa", "berita-acara-monev", 404],
      ["ketuaButa", "lembar-pengesahan", 200],
      ["ketuaButa", "kontrak", 200],
      ["reviewerMonev", "berita-acara-monev", 200],
      ["operator", "kontrak", 200],
    ];
    for (const [who, naskah, status] of cases) {
      const url = `${BLIND_AREA[who]}/usulan/${blind.usulan}/naskah/${naskah}`;
      expect((await get(url, blind.people[who].cookie)).status, `${who} GET ${url}`).toBe(status);
    }
  });

  it("no contract before funding, no paper of an unknown name, no SK that does not exist", async () => {
    const recommended = decided["/kepalalppm/penetapan-pemenang/usulan-reguler"]!.usulan;
    expect((await get(`/kepalalppm/usulan/${recommended}/naskah/lembar-pengesahan`, people.kepala.cookie)).status).toBe(200);
    expect((await get(`/kepalalppm/usulan/${recommended}/naskah/kontrak`, people.kepala.cookie)).status).toBe(404);
    expect((await get(`/kepalalppm/usulan/${ids.usulan}/naskah/rahasia`, people.kepala.cookie)).status).toBe(404);
    expect((await get("/kepalalppm/penetapan-pemenang/usulan-reguler/sk/999999", people.kepala.cookie)).status).toBe(404);
  });
});

describe.each(DECISIONS)("the decision screen $page: a proposal opened with ?lihat=", ({ page, area, decider }) => {
  const lihat = () => `${page}?${page.includes("penetapan") ? `periode=${ids.periode}&` : ""}lihat=${decided[page]!.usulan}`;
  const file = () => `${area}/usulan/${decided[page]!.usulan}/dokumen/${decided[page]!.dokumen}`;

  it("anonymous: → /login", async () => {
    const res = await get(lihat());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it.each(PEOPLE)("%s: the decider reads it whole and downloads its document; anyone else 404", async (who) => {
    const cookie = people[who].cookie;
    const res = await get(lihat(), cookie);
    if (who === decider) {
      expect(res.status, `${who} GET ${lihat()}`).toBe(200);
      const html = await res.text();
      expect(html).toContain("Detail Usulan");
      for (const section of ["Tim Pengusul", "Rencana Anggaran Biaya (RAB)", "Target Luaran", "Dokumen", "Riwayat Status"]) expect(html).toContain(section);
      expect(html).toContain(`href="${file()}"`);
      const pdf = await get(file(), cookie);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      return;
    }
    expect(res.status, `${who} GET ${lihat()}`).toBe(404);
    expect((await get(file(), cookie)).status, `${who} GET ${file()}`).toBe(404);
  });
});

describe("the workflow's overrides: who may post them", () => {
  const overrides = (entity: string, id: number) =>
    t.db.select().from(schema.statusLog).where(eq(schema.statusLog.entity_id, id)).all().filter((l) => l.entity === entity && l.aksi);

  it.each(OVERRIDE_CASES)("$name: refused for everyone else, nothing changes; made by the one allowed", async ({ entity, record, path, body, allowed }) => {
    const url = path();
    for (const who of PEOPLE.filter((p) => p !== allowed)) {
      const posted = await unchanged(`${who} POST ${url}`, () =>
        fetch(`${origin}${url}`, { method: "POST", redirect: "manual", body: toFormData(body()), headers: { Origin: origin, Cookie: people[who].cookie } }),
      );
      expect([400, 403, 404], `${who} POST ${url}: ${posted.status}`).toContain(posted.status);
    }
    const anonymous = await unchanged(`anonymous POST ${url}`, () => fetch(`${origin}${url}`, { method: "POST", redirect: "manual", body: toFormData(body()), headers: { Origin: origin } }));
    expect(anonymous.status).toBe(302);
    const before = overrides(entity, record()).length;
    const made = await fetch(`${origin}${url}`, { method: "POST", redirect: "manual", body: toFormData(body()), headers: { Origin: origin, Cookie: people[allowed].cookie } });
    expect(made.status, `${allowed} POST ${url}`).toBe(302);
    expect(overrides(entity, record())).toHaveLength(before + 1);
  });
});

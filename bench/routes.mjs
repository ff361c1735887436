// The routes `npm run bench` measures (README, "Measuring speed"): the public pages whose
// first-load JavaScript is counted, and the routes driven by autocannon in turn with the static
// file — public pages cached and not, the product search, the API, the operator's screens and
// the LPPM screens, each logged in as the demo account whose list it is.
import { chosen } from "./options.mjs";

/** The cookie of an unknown session: the page cache is bypassed, the page rendered each time. */
export const BYPASS_COOKIE = "etalase_sid=bench-bypass";

/** Public pages whose first-load JavaScript is counted. */
export const PUBLIC_PAGES = (s) => [
  ["/", "/"],
  ["/produk", "/produk"],
  ["/produk/:seo", `/produk/${s.kategori}`],
  ["/detail-produk/:seo", `/detail-produk/${s.produk}`],
  ["/kontak-kami", "/kontak-kami"],
  ["/produk?q=", "/produk?q=kursi"],
  ["/penelitian", "/penelitian"],
];

/**
 * Searches of three words from the names bench/scale.mjs gives its products
 * (type × wood × style: 864 of them, shuffled), for the route that asks a new one with every
 * request — more than the search's answer cache keeps, so each is a search run afresh.
 */
const CARI_JENIS = ["kursi", "meja", "lemari", "bufet", "rak", "sofa", "dipan", "nakas", "bangku", "cermin", "kabinet", "meja rias"];
const CARI_BAHAN = ["jati", "mahoni", "trembesi", "rotan", "sungkai", "mindi", "suar", "bambu"];
const CARI_GAYA = ["minimalis", "ukir", "retro", "klasik", "modern", "skandinavia", "industrial", "kolonial", "rustic"];
const CARI_BERAGAM = CARI_JENIS.flatMap((j) => CARI_BAHAN.flatMap((b) => CARI_GAYA.map((g) => `/produk?q=${encodeURIComponent(`${j} ${b} ${g}`)}`)))
  .map((path, i) => ({ path, key: (i * 7919) % 864 }))
  .sort((a, b) => a.key - b.key)
  .map((x) => x.path);

/**
 * 's target: a search answers within 1.5 × a category page (p97.5), each search route
 * against the category page measured the same way (from the page cache, or bypassing it).
 */
export const SEARCH_VS_CATEGORY = 1.5;

/**
 * The logged-in LPPM screens measured (never cached), each as the demo account whose
 * list it is: the reviewer's list, the head's ranking board of the open penelitian periode,
 * the proposer's list; and the head's dashboard; the monitoring lists and the
 * publication incentives' approval lists: the Sekretaris's and the Kepala's, the Kepala's
 * penetapan board of the open call, and the list of a reviewer with claims assigned; every
 * proposal (the Kepala's Daftar Usulan) and the proposer's dashboard with what waits for them,
 * and their inbox (Notifikasi) and own profile (Profil Saya).
 */
export const LPPM_ROUTES = [
  { name: "lppm reviewer list", path: "/reviewer/evaluasi-substansi", user: "reviewer.ekonomi" },
  { name: "lppm ranking board", path: "/kepalalppm/penetapan-pemenang/usulan-reguler", user: "kepala.lppm" },
  { name: "lppm proposer list", path: "/pengusul/penelitian/usulan-baru", user: "dosen.ahmad" },
  { name: "lppm head dashboard", path: "/kepalalppm/dashboard", user: "kepala.lppm" },
  { name: "lppm catatan monitoring", path: "/kepalalppm/monitoring/catatan-harian", user: "kepala.lppm" },
  { name: "lppm monev monitoring", path: "/kepalalppm/monitoring/monev-internal", user: "kepala.lppm" },
  { name: "lppm laporan monitoring", path: "/kepalalppm/monitoring/laporan-kemajuan?status=semua", user: "kepala.lppm" },
  { name: "lppm insentif sekretaris list", path: "/sekretarislppm/persetujuan-usulan/insentif-publikasi", user: "sekretaris.lppm" },
  { name: "lppm insentif kepala list", path: "/kepalalppm/persetujuan-usulan/insentif-publikasi", user: "kepala.lppm" },
  { name: "lppm insentif penetapan board", path: "/kepalalppm/penetapan-pemenang/usulan-insentif", user: "kepala.lppm" },
  { name: "lppm insentif reviewer list", path: "/reviewer/evaluasi-insentif", user: "reviewer.internal" },
  { name: "lppm daftar usulan", path: "/kepalalppm/monitoring/daftar-usulan", user: "kepala.lppm" },
  { name: "lppm proposer dashboard", path: "/pengusul/dashboard", user: "dosen.ahmad" },
  { name: "lppm proposer inbox", path: "/pengusul/kotak-masuk", user: "dosen.ahmad" },
  { name: "lppm proposer profil", path: "/pengusul/profil", user: "dosen.ahmad" },
];

/** The measured routes, in the order they alternate with the static file. */
export function routeList(options, s, cookie, lppmCookies = {}) {
  const all = [
    { name: "/", path: "/", kind: "public" },
    { name: "/produk", path: "/produk", kind: "public-list" },
    { name: "/produk (uncached)", path: "/produk", kind: "uncached", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk/:seo", path: `/produk/${s.kategori}`, kind: "public-list" },
    // Product search: the results page cached and not (the same search again, a
    // typo, a new search every request), against the category page bypassing the cache too.
    { name: "/produk/:seo (uncached)", path: `/produk/${s.kategori}`, kind: "category-uncached", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk?q=kursi", path: "/produk?q=kursi", kind: "search", against: "/produk/:seo" },
    { name: "/produk?q=kursi (uncached)", path: "/produk?q=kursi", kind: "search", against: "/produk/:seo (uncached)", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk?q=kurso typo (uncached)", path: "/produk?q=kurso", kind: "search", against: "/produk/:seo (uncached)", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk?q=… a new search each (uncached)", path: CARI_BERAGAM[0], paths: CARI_BERAGAM, kind: "search", against: "/produk/:seo (uncached)", headers: { cookie: BYPASS_COOKIE } },
    { name: "GET /api/produk?q=kursi", path: "/api/produk?q=kursi", kind: "api" },
    { name: "/detail-produk/:seo", path: `/detail-produk/${s.produk}`, kind: "public" },
    { name: "/kontak-kami", path: "/kontak-kami", kind: "public" },
    // The institute's funded research of the newest year, from the page cache.
    { name: "/penelitian", path: "/penelitian", kind: "public" },
    { name: "operator table", path: "/operator/produk/produk", kind: "operator", headers: { cookie } },
    { name: "operator log aktivitas", path: "/operator/master/log-aktivitas", kind: "operator", headers: { cookie } },
    { name: "operator log aktivitas filtered", path: "/operator/master/log-aktivitas?entitas=users&dari=2026-01-01", kind: "operator", headers: { cookie } },
    { name: "operator cadangan", path: "/operator/master/cadangan", kind: "operator", headers: { cookie } },
    { name: "operator statistik whatsapp 90", path: "/operator/master/statistik-whatsapp?hari=90", kind: "operator", headers: { cookie } },
    // The LPPM's: what waits for the Operator, and every proposal.
    { name: "operator lppm dashboard", path: "/operator/lppm/dashboard", kind: "operator", headers: { cookie } },
    { name: "operator daftar usulan", path: "/operator/lppm/daftar-usulan", kind: "operator", headers: { cookie } },
    // Grant money: every funded proposal of the newest periode with its tranches.
    { name: "operator pembayaran dana", path: "/operator/lppm/pembayaran-dana", kind: "operator", headers: { cookie } },
    { name: "operator impor dosen", path: "/operator/lppm/impor-dosen", kind: "operator", headers: { cookie } },
    { name: "GET /api/home", path: "/api/home", kind: "api" },
    ...LPPM_ROUTES.filter((r) => lppmCookies[r.user]).map((r) => ({ name: r.name, path: r.path, kind: "lppm", headers: { cookie: lppmCookies[r.user] } })),
  ];
  return all.filter((r) => chosen(options, r.name));
}

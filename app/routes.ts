import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { API_ROUTES } from "./navigation/api";
import { LPPM_AREAS, type LppmArea, type LppmPage } from "./navigation/lppm";

/** Public catalogue (spec section 2, "Public routes"): header, footer and floating WhatsApp. */
const publicRoutes = [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx", { id: "Home" }),
    route("tentang-kami", "routes/public/tentang-kami.tsx", { id: "TentangKami" }),
    route("produk", "routes/public/produk.tsx", { id: "Produk" }),
    route("produk/:seo", "routes/public/produk.tsx", { id: "ProdukKategori" }),
    route("cari/saran", "routes/public/cari-saran.ts", { id: "CariSaran" }), // The search box's suggestions (JSON)
    route("detail-produk/:seo", "routes/public/detail-produk.$seo.tsx", { id: "ProdukDetail" }),
    // An operator's preview of any product page, draft or not (never cached, noindex).
    route("pratinjau/produk/:produkId", "routes/public/detail-produk.$seo.tsx", { id: "ProdukPratinjau" }),
    route("kerja-sama", "routes/public/kerja-sama.tsx", { id: "KerjaSama" }),
    route("kontak-kami", "routes/public/kontak-kami.tsx", { id: "KontakKami" }),
    // The research institute's funded research per year (gone with Setting → Modul LPPM off).
    route("penelitian", "routes/public/penelitian.tsx", { id: "Penelitian" }),
  ]),
];

/**
 * Login, forgot password, logout: no header or footer. The pathless layout only loads the shop
 * name and city for the pages' titles.
 */
const authRoutes = [
  layout("routes/auth/layout.tsx", { id: "AuthLayout" }, [
    route("login", "routes/auth/login.tsx", { id: "Login" }),
    route("lupa-password", "routes/auth/lupa-password.tsx", { id: "LupaPassword" }),
    route("akun/ubah-password", "routes/auth/ubah-password.tsx", { id: "UbahPassword" }),
    // A new account's one-time link to set its own password (the lecturers' import).
    route("atur-password", "routes/auth/atur-password.tsx", { id: "AturPassword" }),
    route("logout", "routes/auth/logout.tsx", { id: "Logout" }),
  ]),
  // Sign-in with the campus account (OpenID Connect): the trip to the provider and back; 404 while off.
  route("login/kampus", "routes/auth/login-kampus.ts", { id: "LoginKampus" }),
  route("login/kampus/callback", "routes/auth/login-kampus-callback.ts", { id: "LoginKampusCallback" }),
];

/** Operator back office under /operator (login + Operator role, checked on the server). */
const operatorRoutes = [
  ...prefix("operator", [
    layout("routes/areas/operator.tsx", { id: "area-operator" }, [
      route("dashboard", "routes/operator/dashboard.tsx", { id: "OperatorDashboard" }),
      route("profil/tentang-kami", "routes/operator/profil/tentang-kami.tsx", { id: "OperatorTentangKami" }),
      route("profil/galeri", "routes/operator/profil/galeri.tsx", { id: "OperatorGaleri" }),
      route("profil/kontakkami", "routes/operator/profil/kontakkami.tsx", { id: "OperatorKontakKami" }),
      route("profil/kerjasama", "routes/operator/profil/kerjasama.tsx", { id: "OperatorKerjaSama" }),
      route("produk/kategoriproduk", "routes/operator/produk/kategoriproduk.tsx", { id: "OperatorKategoriProduk" }),
      route("produk/produk", "routes/operator/produk/produk.tsx", { id: "OperatorProduk" }),
      route("produk/gambarproduk/:produkId", "routes/operator/produk/gambarproduk.$produkId.tsx", { id: "OperatorGambarProduk" }),
      // One photo at a time from the browser's script (JSON, with upload progress).
      route("produk/gambarproduk/:produkId/unggah", "routes/operator/produk/gambarproduk.$produkId.unggah.ts", { id: "OperatorGambarProdukUnggah" }),
      route("master/banner", "routes/operator/master/banner.tsx", { id: "OperatorBanner" }),
      route("master/kantorcabang", "routes/operator/master/kantorcabang.tsx", { id: "OperatorKantorCabang" }),
      route("master/ulasankonsumen", "routes/operator/master/ulasankonsumen.tsx", { id: "OperatorUlasanKonsumen" }),
      route("master/setting", "routes/operator/master/setting.tsx", { id: "OperatorSetting" }),
      route("master/user", "routes/operator/master/user.tsx", { id: "OperatorUser" }),
      route("notifikasi", "routes/operator/notifikasi.tsx", { id: "OperatorNotifikasi" }),
      // The operator's own inbox (every area has one; /operator/notifikasi is the outbox of everyone's).
      route("kotak-masuk", "routes/akun/kotak-masuk.tsx", { id: "OperatorKotakMasuk" }),
      // Backups (made and downloaded here; restoring is the CLI's), the activity log,
      // and products × branches as CSV.
      route("master/cadangan", "routes/operator/master/cadangan.tsx", { id: "OperatorCadangan" }),
      route("master/cadangan/:nama/unduh", "routes/operator/master/cadangan.$nama.unduh.ts", { id: "OperatorCadanganUnduh" }),
      route("master/log-aktivitas", "routes/operator/master/log-aktivitas.tsx", { id: "OperatorLogAktivitas" }),
      // WhatsApp clicks per day, branch and product, and their CSV.
      route("master/statistik-whatsapp", "routes/operator/master/statistik-whatsapp.tsx", { id: "OperatorStatistikWhatsapp" }),
      route("master/statistik-whatsapp/unduh", "routes/operator/master/statistik-whatsapp-unduh.ts", { id: "OperatorStatistikWhatsappUnduh" }),
      route("produk/produk/ekspor", "routes/operator/produk/produk-ekspor.ts", { id: "OperatorProdukEkspor" }),
      route("produk/produk/impor", "routes/operator/produk/produk-impor.tsx", { id: "OperatorProdukImpor" }),
      // The LPPM module's screens (Operator → LPPM): gone with Setting → Modul LPPM off.
      layout("routes/operator/lppm/layout.ts", { id: "operator-lppm" }, prefix("lppm", [
        // What waits for the Operator, and every proposal (filtered, downloaded as XLSX or CSV).
        route("dashboard", "routes/operator/lppm/dashboard.tsx", { id: "OperatorLppmDashboard" }),
        route("daftar-usulan", "routes/operator/lppm/daftar-usulan.tsx", { id: "OperatorLppmDaftarUsulan" }),
        route("daftar-usulan/unduh/:format", "routes/lppm/daftar-usulan-unduh.ts", { id: "OperatorLppmDaftarUsulanUnduh" }),
        // Accreditation: per lecturer, prodi or faculty and year.
        route("daftar-usulan/rekap-akreditasi/:format", "routes/lppm/rekap-akreditasi-unduh.ts", { id: "OperatorLppmRekapAkreditasi" }),
        // Master data.
        route("fakultas", "routes/operator/lppm/fakultas.tsx", { id: "OperatorLppmFakultas" }),
        route("prodi", "routes/operator/lppm/prodi.tsx", { id: "OperatorLppmProdi" }),
        // Lecturers in bulk from CSV or XLSX (dry run, then all or nothing), its template, and
        // the one-time links of the accounts still without a password.
        route("impor-dosen", "routes/operator/lppm/impor-dosen.tsx", { id: "OperatorLppmImporDosen" }),
        route("impor-dosen/templat/:format", "routes/operator/lppm/impor-dosen-templat.ts", { id: "OperatorLppmImporDosenTemplat" }),
        route("skema", "routes/operator/lppm/skema.tsx", { id: "OperatorLppmSkema" }),
        route("periode", "routes/operator/lppm/periode.tsx", { id: "OperatorLppmPeriode" }),
        route("rubrik", "routes/operator/lppm/rubrik.tsx", { id: "OperatorLppmRubrik" }),
        route("template", "routes/operator/lppm/template.tsx", { id: "OperatorLppmTemplate" }),
        route("template/:id/unduh", "routes/operator/lppm/template.$id.unduh.ts", { id: "OperatorLppmTemplateUnduh" }),
        route("jenis-insentif", "routes/operator/lppm/jenis-insentif.tsx", { id: "OperatorLppmJenisInsentif" }),
        route("periode-insentif", "routes/operator/lppm/periode-insentif.tsx", { id: "OperatorLppmPeriodeInsentif" }),
        // The cycle: reviewer assignment, the revisions, the running projects, the incentives.
        route("penugasan-reviewer", "routes/operator/lppm/penugasan-reviewer.tsx", { id: "OperatorLppmPenugasanReviewer" }),
        route("perbaikan-usulan", "routes/operator/lppm/perbaikan-usulan.tsx", { id: "OperatorLppmPerbaikanUsulan" }),
        route("catatan-harian", "routes/operator/lppm/catatan-harian.tsx", { id: "OperatorLppmCatatanHarian" }),
        route("laporan-kemajuan", "routes/operator/lppm/laporan-kemajuan.tsx", { id: "OperatorLppmLaporanKemajuan" }),
        route("laporan-akhir", "routes/operator/lppm/laporan-akhir.tsx", { id: "OperatorLppmLaporanAkhir" }),
        route("monev-internal", "routes/operator/lppm/monev-internal.tsx", { id: "OperatorLppmMonevInternal" }),
        route("insentif", "routes/operator/lppm/insentif.tsx", { id: "OperatorLppmInsentif" }),
        // Grant money: the periode's tranches, each payment with its proof, the recap.
        route("pembayaran-dana", "routes/operator/lppm/pembayaran-dana.tsx", { id: "OperatorLppmPembayaranDana" }),
        route("pembayaran-dana/unduh/:format", "routes/operator/lppm/pembayaran-dana-unduh.ts", { id: "OperatorLppmPembayaranDanaUnduh" }),
        route("pembayaran-dana/bukti/:id", "routes/operator/lppm/pembayaran-dana-bukti.ts", { id: "OperatorLppmPembayaranDanaBukti" }),
        // Files, each access checked per proposal or claim as in the LPPM areas.
        ...lppmFileRoutes("OperatorLppm"),
        route("perbaikan-usulan/dokumen/:id", "routes/lppm/perbaikan-dokumen.ts", { id: "OperatorLppmPerbaikanUsulanDokumen" }),
      ])),
    ]),
  ]),
];

/**
 * A proposal's documents, its Catatan Harian evidence, its monev's berita acara, its papers as
 * PDF (approval sheet, contract, monev berita acara) and a publication-incentive claim's evidence: the same file routes in every LPPM area and under
 * /operator/lppm (each checks access per proposal or claim, whoever asks), ids by area.
 */
function lppmFileRoutes(idPrefix: string): RouteConfigEntry[] {
  return [
    route("usulan/:usulanId/dokumen/:dokumenId", "routes/lppm/usulan-dokumen.ts", { id: `${idPrefix}UsulanDokumen` }),
    route("usulan/:usulanId/catatan-bukti/:buktiId", "routes/lppm/catatan-bukti.ts", { id: `${idPrefix}CatatanBukti` }),
    route("usulan/:usulanId/monev-berita-acara", "routes/lppm/monev-berita-acara.ts", { id: `${idPrefix}MonevBeritaAcara` }),
    route("usulan/:usulanId/naskah/:naskah", "routes/lppm/usulan-naskah.ts", { id: `${idPrefix}UsulanNaskah` }),
    route("insentif/:insentifId/bukti/:buktiId", "routes/lppm/insentif-bukti.ts", { id: `${idPrefix}InsentifBukti` }),
  ];
}

/**
 * The module of an LPPM sidebar page is the file its URL names: /kepalalppm/monitoring/catatan-harian
 * is routes/lppm/kepalalppm/monitoring.catatan-harian.tsx. A page whose screen is shared with
 * another URL is a small module over the screen's `__<name>.tsx` and `__<name>.server.ts` beside
 * it, naming what differs (the kind, the office); a page listed in app/navigation/lppm.ts without
 * its file stops the build.
 */
function pageModule(area: LppmArea, page: LppmPage): string {
  return `routes/lppm/${area.key}/${page.path.replaceAll("/", ".")}.tsx`;
}

/** Routes of an area beyond its sidebar pages (detail pages, downloads), by area key. */
const LPPM_AREA_ROUTES: Record<string, RouteConfigEntry[]> = {
  pengusul: [
    // One template's file; the proposer's detail and editor page; the revised PDF.
    route("download/:id", "routes/lppm/pengusul/download.$id.ts", { id: "PengusulDownloadFile" }),
    route("usulan/:usulanId", "routes/lppm/pengusul/usulan.$usulanId.tsx", { id: "PengusulUsulanDetail" }),
    route("perbaikan-usulan/dokumen/:id", "routes/lppm/perbaikan-dokumen.ts", { id: "PengusulPerbaikanUsulanDokumen" }),
  ],
  // The monev reviewer's page (not in the spec's sidebar; linked from the dashboard).
  reviewer: [route("evaluasi-monev", "routes/lppm/reviewer/evaluasi-monev.tsx", { id: "ReviewerEvaluasiMonev" })],
  // The penetapan's exports and SKs (PDF), the revised PDFs under Monitoring, and Daftar Usulan's download.
  kepalalppm: [
    route(
      "penetapan-pemenang/usulan-reguler/unduh/:laporan/:format",
      "routes/lppm/kepalalppm/penetapan-pemenang.usulan-reguler.unduh.$laporan.$format.ts",
      { id: "PenetapanUsulanRegulerUnduh" },
    ),
    route("penetapan-pemenang/usulan-reguler/sk/:penetapanId", "routes/lppm/kepalalppm/penetapan-pemenang.usulan-reguler.sk.$penetapanId.ts", { id: "PenetapanUsulanRegulerSk" }),
    route("monitoring/perbaikan-usulan/dokumen/:id", "routes/lppm/perbaikan-dokumen.ts", { id: "KepalaPerbaikanUsulanDokumen" }),
    route("monitoring/daftar-usulan/unduh/:format", "routes/lppm/daftar-usulan-unduh.ts", { id: "KepalaDaftarUsulanUnduh" }),
    route("monitoring/daftar-usulan/rekap-akreditasi/:format", "routes/lppm/rekap-akreditasi-unduh.ts", { id: "KepalaRekapAkreditasi" }),
  ],
};

/**
 * The LPPM role areas (/pengusul, /reviewer, /kepalalppm, /sekretarislppm, /operatorfakultas):
 * each its layout (routes/areas/<area>.tsx: the one shell, guarding the area's roles on the
 * server), a dashboard at /<prefix>/dashboard and one route per sidebar page, each with its spec
 * route name as id. The full path/id list is in app/navigation/lppm.ts; `npx react-router
 * routes` prints the tree.
 */
const areaRoutes: RouteConfigEntry[] = LPPM_AREAS.flatMap((area) =>
  prefix(area.prefix.slice(1), [
    layout(`routes/areas/${area.key}.tsx`, { id: `area-${area.key}` }, [
      route("dashboard", `routes/lppm/${area.key}/dashboard.tsx`, { id: area.dashboard.id }),
      ...area.groups.flatMap((group) => group.pages.map((page) => route(page.path, pageModule(area, page), { id: page.id }))),
      ...(LPPM_AREA_ROUTES[area.key] ?? []),
      ...lppmFileRoutes(area.key),
      // The user's inbox, the same page in every area.
      route("kotak-masuk", "routes/akun/kotak-masuk.tsx", { id: `${area.key}KotakMasuk` }),
      // The user's own profile (contact, research identifiers, channels), the same page in every area.
      route("profil", "routes/akun/profil.tsx", { id: `${area.key}Profil` }),
    ]),
  ]),
);

/**
 * The legacy JSON contract (spec section 7): resource routes over the same domain code as the
 * HTML screens, listed in app/navigation/api.ts (with the few that read a body without a
 * token). The layout adds CORS and turns escaped errors into JSON.
 */
const apiRoutes: RouteConfigEntry[] = prefix("api", [
  layout("routes/api/layout.ts", API_ROUTES.map((api) => route(api.path, api.file, { id: api.id }))),
]);


export default [
  ...publicRoutes,
  ...authRoutes,
  ...operatorRoutes,
  ...areaRoutes,
  ...apiRoutes,
  route("healthz", "routes/healthz.ts", { id: "Healthz" }),
  // Search engines (the sitemap and robots.txt, built from the data).
  route("sitemap.xml", "routes/public/sitemap[.]xml.ts", { id: "Sitemap" }),
  route("robots.txt", "routes/public/robots[.]txt.ts", { id: "Robots" }),
  // Every public WhatsApp link, counted, then 302 to the chat (no layout).
  route("wa/:tujuan/:seo?", "routes/wa.ts", { id: "WaKlik" }),
  route("*", "routes/not-found.tsx", { id: "NotFound" }),
] satisfies RouteConfig;

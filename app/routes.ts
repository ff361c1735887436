import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { API_ROUTES } from "./navigation/api";
import { LPPM_AREAS } from "./navigation/lppm";

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
    route("logout", "routes/auth/logout.tsx", { id: "Logout" }),
  ]),
];

/** Operator back office under /operator (login + Operator role, checked on the server). */
const operatorRoutes = [
  ...prefix("operator", [
    layout("routes/areas/layout.tsx", { id: "area-operator" }, [
      route("dashboard", "routes/operator/dashboard.tsx", { id: "OperatorDashboard" }),
      route("profil/tentang-kami", "routes/operator/profil/profil.tsx", { id: "OperatorTentangKami" }),
      route("profil/galeri", "routes/operator/profil/galeri.tsx", { id: "OperatorGaleri" }),
      route("profil/kontakkami", "routes/operator/profil/kontakkami.tsx", { id: "OperatorKontakKami" }),
      route("profil/kerjasama", "routes/operator/profil/profil.tsx", { id: "OperatorKerjaSama" }),
      route("produk/kategoriproduk", "routes/operator/produk/kategoriproduk.tsx", { id: "OperatorKategoriProduk" }),
      route("produk/produk", "routes/operator/produk/produk.tsx", { id: "OperatorProduk" }),
      route("produk/gambarproduk/:produkId", "routes/operator/produk/gambarproduk.$produkId.tsx", { id: "OperatorGambarProduk" }),
      route("master/banner", "routes/operator/master/banner.tsx", { id: "OperatorBanner" }),
      route("master/kantorcabang", "routes/operator/master/kantorcabang.tsx", { id: "OperatorKantorCabang" }),
      route("master/ulasankonsumen", "routes/operator/master/ulasankonsumen.tsx", { id: "OperatorUlasanKonsumen" }),
      route("master/setting", "routes/operator/master/setting.tsx", { id: "OperatorSetting" }),
      route("master/user", "routes/operator/master/user.tsx", { id: "OperatorUser" }),
      route("notifikasi", "routes/operator/notifikasi.tsx", { id: "OperatorNotifikasi" }),
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
      // Master data (Operator → LPPM); the layout 404s /operator/lppm/* when Modul LPPM is off.
      route("lppm/fakultas", "routes/operator/lppm/fakultas.tsx", { id: "OperatorLppmFakultas" }),
      route("lppm/prodi", "routes/operator/lppm/prodi.tsx", { id: "OperatorLppmProdi" }),
      route("lppm/skema", "routes/operator/lppm/skema.tsx", { id: "OperatorLppmSkema" }),
      route("lppm/periode", "routes/operator/lppm/periode.tsx", { id: "OperatorLppmPeriode" }),
      route("lppm/rubrik", "routes/operator/lppm/rubrik.tsx", { id: "OperatorLppmRubrik" }),
      route("lppm/template", "routes/operator/lppm/template.tsx", { id: "OperatorLppmTemplate" }),
      route("lppm/template/:id/unduh", "routes/operator/lppm/template.$id.unduh.ts", { id: "OperatorLppmTemplateUnduh" }),
      // Review: Penugasan Reviewer
      route("lppm/penugasan-reviewer", "routes/operator/lppm/penugasan-reviewer.tsx", { id: "OperatorLppmPenugasanReviewer" }),
      // A proposal's documents, read from the Penugasan dialog (access checked per proposal, as in the LPPM areas).
      route("lppm/usulan/:usulanId/dokumen/:dokumenId", "routes/lppm/usulan-dokumen.ts", { id: "OperatorLppmUsulanDokumen" }),
      // Perbaikan usulan: the operator's check
      route("lppm/perbaikan-usulan", "routes/lppm/perbaikan-periksa.tsx", { id: "OperatorLppmPerbaikanUsulan" }),
      route("lppm/perbaikan-usulan/dokumen/:id", "routes/lppm/perbaikan-dokumen.ts", { id: "OperatorLppmPerbaikanUsulanDokumen" }),
      // Catatan harian: the running projects' notes, and their evidence
      route("lppm/catatan-harian", "routes/lppm/catatan-monitoring.tsx", { id: "OperatorLppmCatatanHarian" }),
      route("lppm/usulan/:usulanId/catatan-bukti/:buktiId", "routes/lppm/catatan-bukti.ts", { id: "OperatorLppmCatatanBukti" }),
      // Laporan kemajuan and laporan akhir: the operator's check
      route("lppm/laporan-kemajuan", "routes/lppm/laporan-periksa.tsx", { id: "OperatorLppmLaporanKemajuan" }),
      route("lppm/laporan-akhir", "routes/lppm/laporan-periksa.tsx", { id: "OperatorLppmLaporanAkhir" }),
      // Monev internal: the operator assigns the monev reviewer; the berita acara
      route("lppm/monev-internal", "routes/lppm/monev-internal.tsx", { id: "OperatorLppmMonevInternal" }),
      route("lppm/usulan/:usulanId/monev-berita-acara", "routes/lppm/monev-berita-acara.ts", { id: "OperatorLppmMonevBeritaAcara" }),
      // Publication incentives: the tariff table, the yearly call, the claims (reviewer, paid) and their evidence
      route("lppm/jenis-insentif", "routes/operator/lppm/jenis-insentif.tsx", { id: "OperatorLppmJenisInsentif" }),
      route("lppm/periode-insentif", "routes/operator/lppm/periode-insentif.tsx", { id: "OperatorLppmPeriodeInsentif" }),
      route("lppm/insentif", "routes/lppm/insentif/kantor.tsx", { id: "OperatorLppmInsentif" }),
      route("lppm/insentif/:insentifId/bukti/:buktiId", "routes/lppm/insentif/bukti.ts", { id: "OperatorLppmInsentifBukti" }),
    ]),
  ]),
];

/**
 * The module behind each LPPM sidebar page (by route id). A page added to
 * app/navigation/lppm.ts without one stops the build.
 */
export const LPPM_PAGE_MODULES: Record<string, string> = {
  // Master data: the templates to download.
  PengusulDownload: "routes/lppm/pengusul/download.tsx",
  // Usulan (the lecturer's proposals): one module for both kinds.
  PengusulPenelitianUsulanBaru: "routes/lppm/pengusul/usulan-baru.tsx",
  PengusulPengabdianUsulanBaru: "routes/lppm/pengusul/usulan-baru.tsx",
  // Review (verifier, reviewer): faculty approval and the reviewer's evaluations
  OperatorFakultasPersetujuanUsulanReguler: "routes/lppm/review/persetujuan-fakultas.tsx",
  ReviewerEvaluasiAdministrasi: "routes/lppm/review/evaluasi-administrasi.tsx",
  ReviewerEvaluasiSubstansi: "routes/lppm/review/evaluasi-substansi.tsx",
  // Secretary, head, penetapan, perbaikan usulan
  SekretarisPersetujuanUsulanReguler: "routes/lppm/persetujuan-usulan.tsx",
  KepalaPersetujuanUsulanReguler: "routes/lppm/persetujuan-usulan.tsx",
  PenetapanUsulanReguler: "routes/lppm/penetapan.tsx",
  PengusulPenelitianPerbaikanUsulan: "routes/lppm/perbaikan-usulan.tsx",
  PengusulPengabdianPerbaikanUsulan: "routes/lppm/perbaikan-usulan.tsx",
  OperatorPerbaikanUsulan: "routes/lppm/perbaikan-periksa.tsx",
  // Catatan harian: the team's notes (both kinds) and the office's monitoring.
  PengusulPenelitianCatatanHarian: "routes/lppm/catatan-harian.tsx",
  PengusulPengabdianCatatanHarian: "routes/lppm/catatan-harian.tsx",
  OperatorCatatanHarian: "routes/lppm/catatan-monitoring.tsx",
  // Reports: the team's (both kinds, both reports) and the head's monitoring.
  PengusulPenelitianLaporanKemajuan: "routes/lppm/laporan.tsx",
  PengusulPengabdianLaporanKemajuan: "routes/lppm/laporan.tsx",
  PengusulPenelitianLaporanAkhir: "routes/lppm/laporan.tsx",
  PengusulPengabdianLaporanAkhir: "routes/lppm/laporan.tsx",
  OperatorLaporanKemajuan: "routes/lppm/laporan-periksa.tsx",
  OperatorLaporanAkhir: "routes/lppm/laporan-periksa.tsx",
  // Monev: the head's monitoring.
  OperatorMonevInternal: "routes/lppm/monev-internal.tsx",
  // Publication incentives: the lecturer's pages, the reviewer's, the approvals and the penetapan.
  PengusulInsentif: "routes/lppm/insentif/jenis.tsx",
  PengusulInsentifPengajuan: "routes/lppm/insentif/pengajuan.tsx",
  ReviewerEvaluasiInsentif: "routes/lppm/insentif/evaluasi.tsx",
  SekretarisPersetujuanInsentifPublikasi: "routes/lppm/insentif/persetujuan.tsx",
  KepalaPersetujuanInsentifPublikasi: "routes/lppm/insentif/persetujuan.tsx",
  PenetapanUsulanInsentif: "routes/lppm/insentif/penetapan.tsx",
};

function moduleOf(pageId: string): string {
  const file = LPPM_PAGE_MODULES[pageId];
  if (!file) throw new Error(`LPPM page ${pageId} has no route module in LPPM_PAGE_MODULES (app/routes.ts).`);
  return file;
}

/** Routes of an area beyond its sidebar pages (detail pages, downloads), by area key. */
const LPPM_AREA_ROUTES: Record<string, RouteConfigEntry[]> = {
  pengusul: [
    // Master data: one template's file.
    route("download/:id", "routes/lppm/pengusul/download.$id.ts", { id: "PengusulDownloadFile" }),
    // Usulan: the proposer's detail and editor page.
    route("usulan/:usulanId", "routes/lppm/pengusul/usulan.$usulanId.tsx", { id: "PengusulUsulanDetail" }),
    // Perbaikan usulan: the revised PDF.
    route("perbaikan-usulan/dokumen/:id", "routes/lppm/perbaikan-dokumen.ts", { id: "PengusulPerbaikanUsulanDokumen" }),
  ],
  // Monev: the monev reviewer's page (not in the spec's sidebar; linked from the dashboard).
  reviewer: [route("evaluasi-monev", "routes/lppm/review/evaluasi-monev.tsx", { id: "ReviewerEvaluasiMonev" })],
  // Penetapan exports and the revised PDFs under Monitoring.
  kepalalppm: [
    route("penetapan-pemenang/usulan-reguler/unduh/:laporan/:format", "routes/lppm/penetapan-unduh.ts", { id: "PenetapanUsulanRegulerUnduh" }),
    route("monitoring/perbaikan-usulan/dokumen/:id", "routes/lppm/perbaikan-dokumen.ts", { id: "KepalaPerbaikanUsulanDokumen" }),
  ],
};

// Usulan: a proposal's documents, downloadable in every LPPM area (access checked per proposal).
// So are the evidence of its Catatan Harian and its monev's berita acara, and a
// publication-incentive claim's evidence (access checked per claim).
for (const area of LPPM_AREAS) {
  (LPPM_AREA_ROUTES[area.key] ??= []).push(
    route("usulan/:usulanId/dokumen/:dokumenId", "routes/lppm/usulan-dokumen.ts", { id: `${area.key}UsulanDokumen` }),
    route("usulan/:usulanId/catatan-bukti/:buktiId", "routes/lppm/catatan-bukti.ts", { id: `${area.key}CatatanBukti` }),
    route("usulan/:usulanId/monev-berita-acara", "routes/lppm/monev-berita-acara.ts", { id: `${area.key}MonevBeritaAcara` }),
    route("insentif/:insentifId/bukti/:buktiId", "routes/lppm/insentif/bukti.ts", { id: `${area.key}InsentifBukti` }),
  );
}

/**
 * The LPPM role areas: the one area layout (routes/areas/layout.tsx) registered per
 * prefix (/pengusul, /reviewer, /kepalalppm, /sekretarislppm, /operatorfakultas), guarding its
 * roles on the server, a dashboard at
 * /<prefix>/dashboard and one route per sidebar page, each with its spec route name as id.
 * The full path/id list is in app/domain/areas/lppm.ts; `npx react-router routes`
 * prints the tree.
 */
const areaRoutes: RouteConfigEntry[] = LPPM_AREAS.flatMap((area) =>
  prefix(area.prefix.slice(1), [
    layout("routes/areas/layout.tsx", { id: `area-${area.key}` }, [
      route("dashboard", "routes/lppm/dashboard.tsx", { id: area.dashboard.id }),
      ...area.groups.flatMap((group) =>
        group.pages.map((page) => route(page.path, moduleOf(page.id), { id: page.id })),
      ),
      ...(LPPM_AREA_ROUTES[area.key] ?? []),
    ]),
  ]),
);

const lppmRoutes: RouteConfigEntry[] = areaRoutes;

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
  ...lppmRoutes,
  ...apiRoutes,
  route("healthz", "routes/healthz.ts", { id: "Healthz" }),
  // Search engines (the sitemap and robots.txt, built from the data).
  route("sitemap.xml", "routes/public/sitemap[.]xml.ts", { id: "Sitemap" }),
  route("robots.txt", "routes/public/robots[.]txt.ts", { id: "Robots" }),
  // Every public WhatsApp link, counted, then 302 to the chat (no layout).
  route("wa/:tujuan/:seo?", "routes/wa.ts", { id: "WaKlik" }),
  route("*", "routes/not-found.tsx", { id: "NotFound" }),
] satisfies RouteConfig;

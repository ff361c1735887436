import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Public catalogue (spec section 2, "Public routes"): header, footer and floating WhatsApp. */
const publicRoutes = [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx", { id: "Home" }),
    route("tentang-kami", "routes/public/tentang-kami.tsx", { id: "TentangKami" }),
    route("produk", "routes/public/produk.tsx", { id: "Produk" }),
    route("produk/:seo", "routes/public/produk.tsx", { id: "ProdukKategori" }),
    route("detail-produk/:seo", "routes/public/detail-produk.$seo.tsx", { id: "ProdukDetail" }),
    route("kerja-sama", "routes/public/kerja-sama.tsx", { id: "KerjaSama" }),
    route("kontak-kami", "routes/public/kontak-kami.tsx", { id: "KontakKami" }),
  ]),
];

/** Login, forgot password, logout: no header or footer. */
const authRoutes = [
  route("login", "routes/auth/login.tsx", { id: "Login" }),
  route("logout", "routes/auth/logout.tsx", { id: "Logout" }),
  route("lupa-password", "routes/auth/lupa-password.tsx", { id: "LupaPassword" }),
  route("akun/ubah-password", "routes/akun/ubah-password.tsx", { id: "UbahPassword" }),
];

/** Operator back office under /operator (login + Operator role, checked on the server). */
const operatorRoutes = [
  ...prefix("operator", [
    layout("routes/operator/layout.tsx", [
      route("dashboard", "routes/operator/dashboard.tsx", { id: "OperatorDashboard" }),
      route("profil/tentang-kami", "routes/operator/profil/tentang-kami.tsx", { id: "OperatorTentangKami" }),
      route("profil/galeri", "routes/operator/profil/galeri.tsx", { id: "OperatorGaleri" }),
      route("profil/kontakkami", "routes/operator/profil/kontakkami.tsx", { id: "OperatorKontakKami" }),
      route("profil/kerjasama", "routes/operator/profil/kerjasama.tsx", { id: "OperatorKerjaSama" }),
      route("produk/kategoriproduk", "routes/operator/produk/kategoriproduk.tsx", { id: "OperatorKategoriProduk" }),
      route("produk/produk", "routes/operator/produk/produk.tsx", { id: "OperatorProduk" }),
      route("produk/gambarproduk/:kode", "routes/operator/produk/gambarproduk.$kode.tsx", { id: "OperatorGambarProduk" }),
      route("master/banner", "routes/operator/master/banner.tsx", { id: "OperatorBanner" }),
      route("master/kantorcabang", "routes/operator/master/kantorcabang.tsx", { id: "OperatorKantorCabang" }),
      route("master/ulasankonsumen", "routes/operator/master/ulasankonsumen.tsx", { id: "OperatorUlasanKonsumen" }),
      route("master/setting", "routes/operator/master/setting.tsx", { id: "OperatorSetting" }),
      route("master/user", "routes/operator/master/user.tsx", { id: "OperatorUser" }),
      route("notifikasi", "routes/operator/notifikasi.tsx", { id: "OperatorNotifikasi" }),
    ]),
  ]),
];

/** Research-institute (LPPM) role areas: /pengusul, /reviewer, /kepalalppm, … */
import { lppmRoutes } from "./routes/lppm/routes";

/** The legacy JSON contract (spec section 7): resource routes over the same domain code. */
import { apiRoutes } from "./routes/api/routes";

export default [
  ...publicRoutes,
  ...authRoutes,
  ...operatorRoutes,
  ...lppmRoutes,
  ...apiRoutes,
  route("healthz", "routes/healthz.ts", { id: "Healthz" }),
  route("*", "routes/not-found.tsx", { id: "NotFound" }),
] satisfies RouteConfig;

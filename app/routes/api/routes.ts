import { layout, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The legacy JSON contract (spec section 7): resource routes over the same domain code as the
 * HTML screens. The layout adds CORS and turns escaped errors into JSON.
 */
export const apiRoutes: RouteConfigEntry[] = prefix("api", [
  layout("routes/api/layout.ts", [
    // Public
    route("link", "routes/api/link.ts", { id: "api/link" }),
    route("home", "routes/api/home.ts", { id: "api/home" }),
    route("tentangkami", "routes/api/tentangkami.ts", { id: "api/tentangkami" }),
    route("produk", "routes/api/produk.ts", { id: "api/produk" }),
    route("produk/:seo", "routes/api/produk.ts", { id: "api/produk.seo" }),
    route("produkdetail/:seo", "routes/api/produkdetail.ts", { id: "api/produkdetail" }),
    route("kerjasama", "routes/api/kerjasama.ts", { id: "api/kerjasama" }),
    route("kontakkami", "routes/api/kontakkami.ts", { id: "api/kontakkami" }),
    // Authentication and account
    route("login", "routes/api/login.ts", { id: "api/login" }),
    route("logout", "routes/api/logout.ts", { id: "api/logout" }),
    route("ubahpassword", "routes/api/ubahpassword.ts", { id: "api/ubahpassword" }),
    route("cekpass", "routes/api/cekpass.ts", { id: "api/cekpass" }),
    route("resetpassword", "routes/api/resetpassword.ts", { id: "api/resetpassword" }),
    // Operator resources
    route("tentangkamiform", "routes/api/profilform.ts", { id: "api/tentangkamiform" }),
    route("kerjasamaform", "routes/api/profilform.ts", { id: "api/kerjasamaform" }),
    route("galeriform/:id?", "routes/api/galeriform.ts", { id: "api/galeriform" }),
    route("bannerform/:id?", "routes/api/bannerform.ts", { id: "api/bannerform" }),
    route("kontakkami/:id", "routes/api/kontakkami.$id.ts", { id: "api/kontakkami.id" }),
    route("kontakkamiform/:id", "routes/api/kontakkamiform.ts", { id: "api/kontakkamiform" }),
    route("kantorcabangform/:id?", "routes/api/kantorcabangform.ts", { id: "api/kantorcabangform" }),
    route("ulasankonsumenform/:id?", "routes/api/ulasankonsumenform.ts", { id: "api/ulasankonsumenform" }),
    route("formsetting/:id", "routes/api/formsetting.ts", { id: "api/formsetting" }),
    route("kategoriprodukform/:id?", "routes/api/kategoriprodukform.ts", { id: "api/kategoriprodukform" }),
    route("userform/:id?", "routes/api/userform.ts", { id: "api/userform" }),
    route("produkform/:id?", "routes/api/produkform.ts", { id: "api/produkform" }),
    route("getproduk/:kode", "routes/api/getproduk.ts", { id: "api/getproduk" }),
    route("gambarprodukform/:id?", "routes/api/gambarprodukform.ts", { id: "api/gambarprodukform" }),
    route("getgambarproduk/:id", "routes/api/getgambarproduk.ts", { id: "api/getgambarproduk" }),
    route("openapi.json", "routes/api/openapi.ts", { id: "api/openapi" }),
    // Anything else under /api answers a JSON 404.
    route("*", "routes/api/not-found.ts", { id: "api/not-found" }),
  ]),
]);

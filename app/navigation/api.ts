/**
 * The legacy JSON contract's routes (spec section 7), below /api: path, module, route id, and
 * whether the route reads a body from a client without a token. app/routes.ts registers them
 * as they are listed; the front of the server (server/body.ts) reads a body sent to /api/*
 * only with a valid Bearer token, unless the route it reaches is marked `anonymousBody` here.
 * So a new route is closed to anonymous bodies until it says otherwise. Client-safe data only.
 */
export type ApiRoute = {
  /** Below /api, as React Router matches it. */
  path: string;
  file: string;
  id: string;
  /** Reads a body without a token (signing in, the forgotten password). */
  anonymousBody?: true;
};

export const API_ROUTES: readonly ApiRoute[] = [
  // Public (GET only)
  { path: "link", file: "routes/api/link.ts", id: "api/link" },
  { path: "home", file: "routes/api/home.ts", id: "api/home" },
  { path: "tentangkami", file: "routes/api/tentangkami.ts", id: "api/tentangkami" },
  { path: "produk", file: "routes/api/produk.ts", id: "api/produk" },
  { path: "produk/:seo", file: "routes/api/produk.ts", id: "api/produk.seo" },
  { path: "produkdetail/:seo", file: "routes/api/produkdetail.ts", id: "api/produkdetail" },
  { path: "kerjasama", file: "routes/api/kerjasama.ts", id: "api/kerjasama" },
  { path: "kontakkami", file: "routes/api/kontakkami.ts", id: "api/kontakkami" },
  // Authentication and account
  { path: "login", file: "routes/api/login.ts", id: "api/login", anonymousBody: true },
  { path: "logout", file: "routes/api/logout.ts", id: "api/logout" },
  { path: "ubahpassword", file: "routes/api/ubahpassword.ts", id: "api/ubahpassword" },
  { path: "cekpass", file: "routes/api/cekpass.ts", id: "api/cekpass", anonymousBody: true },
  { path: "resetpassword", file: "routes/api/resetpassword.ts", id: "api/resetpassword", anonymousBody: true },
  // Operator resources
  { path: "tentangkamiform", file: "routes/api/tentangkamiform.ts", id: "api/tentangkamiform" },
  { path: "kerjasamaform", file: "routes/api/kerjasamaform.ts", id: "api/kerjasamaform" },
  { path: "galeriform/:id?", file: "routes/api/galeriform.ts", id: "api/galeriform" },
  { path: "bannerform/:id?", file: "routes/api/bannerform.ts", id: "api/bannerform" },
  { path: "kontakkami/:id", file: "routes/api/kontakkami.$id.ts", id: "api/kontakkami.id" },
  { path: "kontakkamiform/:id", file: "routes/api/kontakkamiform.ts", id: "api/kontakkamiform" },
  { path: "kantorcabangform/:id?", file: "routes/api/kantorcabangform.ts", id: "api/kantorcabangform" },
  { path: "ulasankonsumenform/:id?", file: "routes/api/ulasankonsumenform.ts", id: "api/ulasankonsumenform" },
  { path: "formsetting/:id", file: "routes/api/formsetting.ts", id: "api/formsetting" },
  { path: "kategoriprodukform/:id?", file: "routes/api/kategoriprodukform.ts", id: "api/kategoriprodukform" },
  { path: "userform/:id?", file: "routes/api/userform.ts", id: "api/userform" },
  { path: "produkform/:id?", file: "routes/api/produkform.ts", id: "api/produkform" },
  { path: "getproduk/:produkId", file: "routes/api/getproduk.ts", id: "api/getproduk" },
  { path: "gambarprodukform/:id?", file: "routes/api/gambarprodukform.ts", id: "api/gambarprodukform" },
  { path: "getgambarproduk/:id", file: "routes/api/getgambarproduk.ts", id: "api/getgambarproduk" },
  // Products × branches as CSV (GET export, POST import: dry run unless terapkan=1).
  { path: "produkcsv", file: "routes/api/produkcsv.ts", id: "api/produkcsv" },
  { path: "openapi.json", file: "routes/api/openapi.ts", id: "api/openapi" },
  // Anything else under /api answers a JSON 404.
  { path: "*", file: "routes/api/not-found.ts", id: "api/not-found" },
];

/**
 * The paths below /api whose route reads a body without a token (lower case). Only fixed
 * paths may be marked: a path with a parameter would need route matching to tell.
 */
export const ANONYMOUS_API_BODY_PATHS: ReadonlySet<string> = new Set(
  API_ROUTES.filter((route) => route.anonymousBody).map((route) => {
    if (/[:*?]/.test(route.path)) throw new Error(`anonymousBody on a path with parameters: /api/${route.path}`);
    return route.path.toLowerCase();
  }),
);

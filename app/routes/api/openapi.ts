/**
 * GET /api/openapi.json — the legacy contract as OpenAPI 3.1, with request bodies generated
 * from the same zod schemas the HTML forms and the API routes validate with.
 */
import { z } from "zod";
import { kantorCabangSchema, kontakKamiSchema } from "~/domain/kantor-cabang/kantor-cabang.schema";
import { kategoriSchema } from "~/domain/kategori/kategori.schema";
import { BIDANG_LABEL, MAX_BARIS } from "~/domain/produk/csv/format";
import { produkSchema } from "~/domain/produk/produk.schema";
import { settingSchema } from "~/domain/setting/setting.schema";
import { ulasanSchema } from "~/domain/ulasan/ulasan.schema";
import { createUserSchema, HAK_AKSES_REQUIRED_TEXT, updateUserSchema, USERNAME_SPACES_TEXT } from "~/domain/users/users.schema";
import { PASSWORD_RULE_TEXT } from "~/domain/users/password.schema";
import { json } from "~/http/api.server";

type JsonSchema = Record<string, unknown>;

function fromZod(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const image = { type: "string", contentMediaType: "image/jpeg", description: "JPEG atau PNG, < 2 MB" };
const method = { type: "string", enum: ["PATCH", "PUT", "DELETE"], description: "Method spoofing (di body, bukan query)" };
const withMethod = (schema: JsonSchema): JsonSchema => ({
  ...schema,
  properties: { ...(schema.properties as object), _method: method },
});
const objectOf = (properties: Record<string, unknown>, required: string[] = []): JsonSchema => ({
  type: "object",
  properties,
  ...(required.length ? { required } : {}),
});

const errorBody = {
  type: "object",
  properties: {
    message: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
  required: ["message"],
};

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: errorBody } } });

const PRODUK_CSV_FORMAT =
  "Format: UTF-8 dengan BOM, dipisah koma (titik koma juga diterima), baris judul `slug,nama_produk,kategori,harga,deskripsi` " +
  "lalu satu kolom per kantor cabang berjudul nama cabang persis, berisi 1 (tersedia) atau 0 (kosong = 0). " +
  "Baris dengan slug (slug sekarang atau slug lama) mengubah produk itu; tanpa slug = produk baru, slug dibuat dari nama. " +
  "Kategori ditulis dengan namanya (huruf besar/kecil bebas) dan harus sudah ada. Kolom atau kategori yang tidak dikenal ditolak, tidak dibuat. " +
  "Cabang tanpa kolom tidak diubah. Teks yang diawali = + - @ diberi ' di depannya saat ekspor (dan dilepas saat impor), " +
  "begitu juga = + - @ tepat setelah koma, titik koma atau ganti baris di dalam teks. " +
  `Paling banyak ${MAX_BARIS.toLocaleString("id-ID")} baris selain baris judul; baris kosong ikut dihitung.`;

const BIDANG = Object.keys(BIDANG_LABEL);
const barisProduk = { baris: { type: "integer", description: "Nomor baris di berkas (judul = 1)" }, nama_produk: { type: "string" }, slug: { type: "string" } };
const rencanaImpor = objectOf(
  {
    terapkan: { type: "boolean", description: "true bila sudah diterapkan" },
    ringkasan: objectOf({
      total: { type: "integer" },
      ditambah: { type: "integer" },
      diubah: { type: "integer" },
      tidak_berubah: { type: "integer" },
      ditolak: { type: "integer" },
    }),
    sidik: { type: "string", description: "Sidik rencana; kirim kembali bersama terapkan=1" },
    cabang_tanpa_kolom: { type: "array", items: { type: "string" } },
    ditambah: { type: "array", items: objectOf({ ...barisProduk, catatan: { type: "string" } }) },
    diubah: {
      type: "array",
      items: objectOf({
        ...barisProduk,
        id: { type: "integer" },
        slug_baru: { type: "string" },
        bidang: { type: "array", items: { type: "string", enum: BIDANG } },
        gudang_tambah: { type: "array", items: { type: "string" } },
        gudang_hapus: { type: "array", items: { type: "string" } },
        lewat_slug_lama: { type: "boolean" },
        perubahan: {
          type: "object",
          description:
            "Nilai lama → baru setiap bidang yang berubah, kuncinya nama bidang seperti di `bidang` (urutannya sama). " +
            "Kategori dengan namanya; gudang sebagai nama kantor cabang dipisah \", \" (cabang terlama dulu); " +
            "null = tanpa kategori / tanpa cabang. Deskripsi utuh, apa adanya.",
          propertyNames: { enum: BIDANG },
          additionalProperties: objectOf({ lama: { type: ["string", "null"] }, baru: { type: ["string", "null"] } }, ["lama", "baru"]),
        },
      }),
    },
    ditolak: { type: "array", items: objectOf({ ...barisProduk, alasan: { type: "array", items: { type: "string" } } }) },
  },
  ["ringkasan", "sidik", "ditambah", "diubah", "ditolak"],
);

type Endpoint = {
  method: "get" | "post" | "delete";
  path: string;
  summary: string;
  description?: string;
  auth?: boolean;
  body?: { schema: JsonSchema; types: string[] };
  ok?: string;
  /** The success answer's content, when it is not a JSON object. */
  okContent?: Record<string, unknown>;
  /** Answers of this call that replace or add to the generic ones. */
  responses?: Record<string, unknown>;
};

const FORM = ["multipart/form-data", "application/x-www-form-urlencoded", "application/json"];
const MULTIPART = ["multipart/form-data"];
const form = (schema: JsonSchema, types = FORM) => ({ schema, types });

/** A resource of spec section 7's operator table: list, one, create, update, delete. */
function resource(path: string, name: string, create: JsonSchema, update: JsonSchema, types = FORM): Endpoint[] {
  return [
    { method: "get", path, summary: `Daftar ${name}`, auth: true },
    { method: "post", path, summary: `Tambah ${name}`, auth: true, body: form(create, types), ok: "201" },
    { method: "get", path: `${path}/{id}`, summary: `Satu ${name}`, auth: true },
    { method: "post", path: `${path}/{id}`, summary: `Ubah ${name} (_method=PATCH) atau hapus (_method=DELETE)`, auth: true, body: form(withMethod(update), types) },
    { method: "delete", path: `${path}/{id}`, summary: `Hapus ${name}`, auth: true },
  ];
}

/** Published or draft (drafts never reach the public pages and calls). */
const STATUS = {
  type: "string",
  enum: ["Tayang", "Draf"],
  description: "Tayang (tampil di situs) atau Draf (hanya di back office). Tidak dikirim: Tayang saat ditambah, tetap saat diubah.",
};
/** One place up or down in the manual order (the first is shown first). */
const PINDAH = {
  type: "string",
  enum: ["naik", "turun"],
  description: "Pindahkan satu urutan ke atas (naik) atau ke bawah (turun); di ujung urutan tidak ada yang berubah.",
};
const withStatus = (schema: JsonSchema, more: Record<string, unknown> = {}): JsonSchema => ({
  ...schema,
  properties: { ...(schema.properties as Record<string, unknown>), status: STATUS, ...more },
});

/**
 * A schema whose properties say more: each rule the server checks beyond the field's type, with
 * the exact message a refusal gives (a test holds these texts to what the API answers).
 */
const describing = (schema: JsonSchema, descriptions: Record<string, string>): JsonSchema => ({
  ...schema,
  properties: Object.fromEntries(
    Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([name, property]) => [
      name,
      descriptions[name] ? { ...property, description: descriptions[name] } : property,
    ]),
  ),
});

/** The user form's rules (README, "Users"). */
const USER_RULES = {
  username: `Tanpa spasi; selain itu ditolak dengan "${USERNAME_SPACES_TEXT}"`,
  hak_akses: `Daftar JSON nama peran, minimal satu; kosong ditolak dengan "${HAK_AKSES_REQUIRED_TEXT}"`,
};
const USER_PASSWORD = {
  create: `Wajib; huruf besar, huruf kecil, angka, minimal 8 karakter, selain itu ditolak dengan "${PASSWORD_RULE_TEXT}"`,
  update: `Kosong = password tetap; bila diisi, aturannya sama dengan saat menambah ("${PASSWORD_RULE_TEXT}")`,
};

const ENDPOINTS: Endpoint[] = [
  // Public
  { method: "get", path: "/api/link", summary: "Setting toko dan kantor cabang (data.setting, data.kantorcabang)" },
  { method: "get", path: "/api/home", summary: "Beranda: data.banner, data.kategori, data.produk, data.ulasan" },
  { method: "get", path: "/api/tentangkami", summary: "Tentang kami: data.profil, data.galeri" },
  {
    method: "get",
    path: "/api/produk",
    summary: "Produk: data.kategori, data.produk (semua produk; ?q=&page=&size= untuk per halaman)",
    // ?q= is the public site's product search.
    description:
      "Parameter query opsional: `q` (pencarian produk, maks. 100 karakter; lebih panjang dipotong), `page` (mulai 1), " +
      "`size` (10/25/50/100, default 10 bila `q`, `page` atau `size` diberikan; tanpa ketiganya: semua produk). " +
      "Dengan `q` tidak kosong, data.produk berisi hasil pencarian yang sama dengan halaman /produk?q=: cocok dengan nama " +
      "produk, nama kategori atau deskripsi (tanpa membedakan huruf besar/kecil dan aksen; awal kata seperti `kurs` juga " +
      "cocok; satu salah ketik pada kata ≥ 4 huruf dimaafkan), urut paling relevan (nama > kategori > deskripsi) lalu nama. " +
      "Tanpa `q` urutannya terbaru dahulu. `meta` = { total, page, size }.",
  },
  {
    method: "get",
    path: "/api/produk/{seo}",
    summary: "Produk per kategori (semua produknya; ?q=&page=&size= untuk per halaman)",
    description: "Parameter query `q`, `page`, `size` seperti GET /api/produk; `q` mencari di kategori ini saja.",
  },
  { method: "get", path: "/api/produkdetail/{seo}", summary: "Detail produk: data.produk, data.gambar, data.gudang, data.produklain" },
  { method: "get", path: "/api/kerjasama", summary: "Kerja sama: data.profil" },
  { method: "get", path: "/api/kontakkami", summary: "Kontak: data.profil, data.gudang" },
  // Account
  {
    method: "post",
    path: "/api/login",
    summary: "Login (Operator aktif): token, id_user, hak_akses, kodeuser, nama_pengguna",
    body: form(objectOf({ username: { type: "string" }, password: { type: "string" } }, ["username", "password"]), ["application/json"]),
  },
  { method: "post", path: "/api/logout", summary: "Logout: token dimatikan", auth: true },
  {
    method: "post",
    path: "/api/ubahpassword",
    summary: "Ubah password akun sendiri (token baru di jawaban)",
    auth: true,
    body: form(objectOf({ kodeuser: { type: "string" }, pass_lama: { type: "string" }, pass_baru: { type: "string", minLength: 8 } }, ["kodeuser", "pass_lama", "pass_baru"]), ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"]),
  },
  {
    method: "post",
    path: "/api/cekpass",
    summary: "Lupa password langkah 1: data{nidn, nama_sdm, telepon_hp (disamarkan)}",
    body: form(objectOf({ nidn: { type: "string", pattern: "^\\d{10,}$" } }, ["nidn"]), ["application/json"]),
  },
  {
    method: "post",
    path: "/api/resetpassword",
    summary: "Lupa password langkah 2: kirim username dan password baru",
    body: form(objectOf({ nidn: { type: "string" }, no_telepon: { type: "string" } }, ["nidn", "no_telepon"]), MULTIPART),
  },
  // Operator resources
  {
    method: "post",
    path: "/api/tentangkamiform",
    summary: "Simpan Tentang Kami (keterangan HTML disanitasi; foto opsional)",
    auth: true,
    body: form(objectOf({ keterangan: { type: "string" }, foto: image }, ["keterangan"]), MULTIPART),
  },
  {
    method: "post",
    path: "/api/kerjasamaform",
    summary: "Simpan Kerja Sama (keterangan HTML disanitasi; foto opsional)",
    auth: true,
    body: form(objectOf({ keterangan: { type: "string" }, foto: image }, ["keterangan"]), MULTIPART),
  },
  ...resource("/api/galeriform", "galeri", objectOf({ gambar: image }, ["gambar"]), objectOf({ gambar: image }), MULTIPART),
  // `status` (Tayang/Draf; left out: Tayang when added, unchanged when edited) and
  // `pindah` (naik/turun: one place in the manual order) on banners, categories, product images.
  ...resource("/api/bannerform", "banner", objectOf({ image, status: STATUS }, ["image"]), objectOf({ image, status: STATUS, pindah: PINDAH }), MULTIPART),
  ...resource("/api/kategoriprodukform", "kategori produk", withStatus(fromZod(kategoriSchema)), withStatus(fromZod(kategoriSchema), { pindah: PINDAH })),
  ...resource("/api/kantorcabangform", "kantor cabang", fromZod(kantorCabangSchema), fromZod(kantorCabangSchema)),
  ...resource("/api/ulasankonsumenform", "ulasan konsumen", fromZod(ulasanSchema), fromZod(ulasanSchema)),
  ...resource("/api/produkform", "produk (gudang: id kantor cabang dipisah koma)", withStatus(fromZod(produkSchema)), withStatus(fromZod(produkSchema))),
  ...resource(
    "/api/userform",
    "pengguna (hak_akses: daftar JSON)",
    describing(fromZod(createUserSchema), { ...USER_RULES, password: USER_PASSWORD.create }),
    describing(fromZod(updateUserSchema), { ...USER_RULES, password: USER_PASSWORD.update }),
  ),
  { method: "get", path: "/api/kontakkami/{id}", summary: "Kontak satu kantor cabang (data.gudang)", auth: true },
  {
    method: "post",
    path: "/api/kontakkamiform/{id}",
    summary: "Ubah kontak kantor cabang (_method=PATCH)",
    auth: true,
    body: form(withMethod(fromZod(kontakKamiSchema))),
  },
  { method: "get", path: "/api/formsetting/{id}", summary: "Setting toko (id selalu 1)", auth: true },
  {
    method: "post",
    path: "/api/formsetting/{id}",
    summary: "Ubah setting toko (_method=PATCH; field yang tidak dikirim tetap seperti tersimpan, field yang dikirim diperiksa)",
    auth: true,
    body: form(withMethod(fromZod(settingSchema.partial()))),
  },
  { method: "get", path: "/api/getproduk/{kode}", summary: "Ringkasan produk", auth: true },
  { method: "get", path: "/api/gambarprodukform/{id}", summary: "Daftar gambar satu produk (id = kode produk)", auth: true },
  {
    method: "post",
    path: "/api/gambarprodukform",
    summary: "Tambah gambar produk",
    auth: true,
    body: form(objectOf({ id_produk: { type: "integer" }, gambar: image }, ["id_produk", "gambar"]), MULTIPART),
    ok: "201",
  },
  {
    method: "post",
    path: "/api/gambarprodukform/{id}",
    summary: "Ganti gambar produk (_method=PATCH; tanpa file = tetap; pindah = naik/turun satu urutan) atau hapus (_method=DELETE)",
    auth: true,
    body: form(withMethod(objectOf({ gambar: image, pindah: PINDAH })), MULTIPART),
  },
  { method: "delete", path: "/api/gambarprodukform/{id}", summary: "Hapus gambar produk", auth: true },
  { method: "get", path: "/api/getgambarproduk/{id}", summary: "Satu gambar produk", auth: true },
  // Products × branches as CSV
  {
    method: "get",
    path: "/api/produkcsv",
    summary: "Ekspor produk × kantor cabang sebagai CSV",
    description: PRODUK_CSV_FORMAT,
    auth: true,
    okContent: {
      "text/csv": {
        schema: { type: "string" },
        example: "\uFEFFslug,nama_produk,kategori,harga,deskripsi,Gudang Jepara,Cabang Semarang\r\nkursi-tamu,Kursi Tamu,Kursi,1250000,\"Jati, finishing natural\",1,0\r\n",
      },
    },
  },
  {
    method: "post",
    path: "/api/produkcsv",
    summary: "Impor CSV produk: hanya diperiksa (dry run), kecuali terapkan=1",
    description:
      `${PRODUK_CSV_FORMAT}\n\nTanpa \`terapkan\` (atau terapkan=0) berkas hanya diperiksa: jawabannya rencana impor dan tidak ada yang disimpan. ` +
      "Dengan terapkan=1 berkas diperiksa ulang terhadap data saat itu lalu diterapkan dalam satu transaksi: semua baris atau tidak sama sekali. " +
      "Ada baris ditolak → 422 (errors per baris). Kirim `sidik` dari hasil dry run agar impor ditolak (409) bila data berubah sejak diperiksa.",
    auth: true,
    body: form(
      objectOf(
        {
          berkas: { type: "string", contentMediaType: "text/csv", description: "Berkas CSV (multipart), atau isi CSV sebagai teks" },
          terapkan: { type: "string", enum: ["0", "1"], default: "0", description: "1 = terapkan; selain itu hanya diperiksa" },
          sidik: { type: "string", description: "data.sidik dari dry run (opsional)" },
        },
        ["berkas"],
      ),
    ),
    okContent: { "application/json": { schema: objectOf({ message: { type: "string" }, data: rencanaImpor }, ["message", "data"]) } },
    responses: {
      "409": errorResponse("Data berubah sejak dry run (sidik berbeda); tidak ada yang disimpan"),
      "413": errorResponse("Berkas lebih besar dari batas"),
      "415": errorResponse("Bukan berkas CSV teks UTF-8"),
      "422": errorResponse("Baris judul kolom salah, berkas kosong/rusak, atau (terapkan=1) ada baris ditolak"),
    },
  },
];

function operation(endpoint: Endpoint) {
  const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const responses: Record<string, unknown> = {
    [endpoint.ok ?? "200"]: { description: "Berhasil", content: endpoint.okContent ?? { "application/json": { schema: { type: "object" } } } },
    "404": errorResponse("Tidak ditemukan"),
  };
  if (endpoint.body) {
    responses["400"] = errorResponse("Body rusak");
    responses["422"] = errorResponse("Validasi gagal");
    if (endpoint.body.types.includes("multipart/form-data")) {
      responses["413"] = errorResponse("File lebih dari 2 MB");
      responses["415"] = errorResponse("Bukan JPEG/PNG");
    }
  }
  if (endpoint.auth) {
    responses["401"] = errorResponse("Token tidak ada atau tidak valid");
  }
  Object.assign(responses, endpoint.responses);
  return {
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(endpoint.body.types.map((type) => [type, { schema: endpoint.body!.schema }])),
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Etalase — API lama (/api/*)",
      version: "1.0.0",
      description: "Kontrak JSON untuk klien eksternal. Data dan aturan sama dengan layar HTML.",
    },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}

let cached: ReturnType<typeof buildOpenApi> | undefined;

export function loader() {
  cached ??= buildOpenApi();
  return json(cached, { headers: { "Cache-Control": "public, max-age=300" } });
}

import { describe, expect, it } from "vitest";
import { normalizeSocialUrl, settingSchema } from "~/domain/setting/setting.schema";

describe("normalizeSocialUrl", () => {
  it("turns a handle into a profile link", () => {
    expect(normalizeSocialUrl("instagram", "@mebel.jati_")).toBe("https://instagram.com/mebel.jati_");
    expect(normalizeSocialUrl("facebook", "mebeljati")).toBe("https://facebook.com/mebeljati");
  });

  it("keeps a profile link on the network, upgraded to https", () => {
    expect(normalizeSocialUrl("instagram", "https://www.instagram.com/mebeljati/")).toBe("https://www.instagram.com/mebeljati/");
    expect(normalizeSocialUrl("instagram", "instagram.com/mebeljati")).toBe("https://instagram.com/mebeljati");
    expect(normalizeSocialUrl("facebook", "http://m.facebook.com/profile.php?id=123")).toBe(
      "https://m.facebook.com/profile.php?id=123",
    );
  });

  it("refuses other sites, the bare home page and odd schemes", () => {
    expect(normalizeSocialUrl("instagram", "https://facebook.com/mebeljati")).toBeNull();
    expect(normalizeSocialUrl("instagram", "https://instagram.com.evil.com/x")).toBeNull();
    expect(normalizeSocialUrl("instagram", "www.instagram.com")).toBeNull();
    expect(normalizeSocialUrl("facebook", "javascript:alert(1)")).toBeNull();
    expect(normalizeSocialUrl("facebook", "nama dengan spasi")).toBeNull();
    expect(normalizeSocialUrl("facebook", "")).toBeNull();
  });
});

const valid = {
  nama_toko: "Mebel Jati",
  kota: "Jepara",
  alamat: "Jl. Raya 5\nJepara",
  instagram: "@mebeljati",
  whatsapp: "0812 3456 7890",
  facebook: "https://www.facebook.com/mebeljati",
};

describe("settingSchema", () => {
  it("normalises a valid form; email and maps may be left out", () => {
    expect(settingSchema.parse(valid)).toEqual({
      ...valid,
      instagram: "https://instagram.com/mebeljati",
      whatsapp: "081234567890",
      email: "",
      maps: "",
      nama_lppm: "",
      // The LPPM papers' letterhead and signatories, empty until set.
      kop_institusi: "",
      kop_alamat: "",
      ttd_kepala_nama: "",
      ttd_kepala_nip: "",
      ttd_kepala_jabatan: "",
      ttd_sekretaris_nama: "",
      ttd_sekretaris_nip: "",
      ttd_sekretaris_jabatan: "",
    });
  });

  it("takes the institute's name that signs LPPM messages, at most 100 characters", () => {
    expect(settingSchema.parse({ ...valid, nama_lppm: "  LPPM Universitas Contoh " }).nama_lppm).toBe("LPPM Universitas Contoh");
    expect(settingSchema.safeParse({ ...valid, nama_lppm: "x".repeat(101) }).error?.issues.map((i) => i.message)).toEqual(["Nama LPPM maksimal 100 karakter."]);
  });

  it("requires the six fields and checks email and maps when given", () => {
    const r = settingSchema.safeParse({ email: "bukan-email", maps: "https://example.com/" });
    const fields = (r.error?.issues ?? []).map((i) => String(i.path[0]));
    expect(fields.sort()).toEqual(["alamat", "email", "facebook", "instagram", "kota", "maps", "nama_toko", "whatsapp"]);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages.nama_toko).toBe("Nama toko wajib diisi.");
  });

  it("takes the shop's zone from WIB, WITA and WIT by their IANA names", () => {
    for (const zona of ["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura"]) expect(settingSchema.parse({ ...valid, zona_waktu: zona }).zona_waktu).toBe(zona);
    expect(settingSchema.parse(valid)).not.toHaveProperty("zona_waktu");
    const r = settingSchema.safeParse({ ...valid, zona_waktu: "WIB" });
    expect(r.error?.issues.map((i) => i.message)).toEqual(["Zona waktu tidak valid. Pilih WIB, WITA, atau WIT."]);
  });

  it("keeps only the URL of a pasted map embed", () => {
    const maps = '<iframe src="https://www.google.com/maps/embed?pb=!1m18&amp;hl=id"></iframe>';
    expect(settingSchema.parse({ ...valid, maps }).maps).toBe("https://www.google.com/maps/embed?pb=!1m18&hl=id");
  });
});

/** The test helper that calls loaders/actions must report every outcome faithfully. */
import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { callAction, callLoader } from "../setup/route";

describe("callLoader / callAction", () => {
  it("returns plain loader data with status 200", async () => {
    const result = await callLoader({ loader: () => ({ a: 1 }) }, "/x");
    expect(result).toMatchObject({ status: 200, data: { a: 1 }, thrown: false, location: null });
  });

  it("passes the request URL, params and a router context", async () => {
    const result = await callLoader<{ url: string; seo: string; hasContext: boolean }>(
      {
        loader: (({ request, params, context }: { request: Request; params: { seo: string }; context: unknown }) => ({
          url: request.url,
          seo: params.seo,
          hasContext: typeof (context as { get?: unknown }).get === "function",
        })) as never,
      },
      "/produk/kursi?halaman=2",
      { seo: "kursi" },
    );
    expect(result.data).toEqual({ url: "http://localhost/produk/kursi?halaman=2", seo: "kursi", hasContext: true });
  });

  it("reports a thrown data() 404 and a thrown 301 redirect", async () => {
    const notFound = await callLoader({ loader: () => { throw data(null, { status: 404 }); } }, "/x");
    expect(notFound).toMatchObject({ status: 404, thrown: true });
    const moved = await callLoader({ loader: () => { throw redirect("/produk/baru", 301); } }, "/x");
    expect(moved).toMatchObject({ status: 301, location: "/produk/baru", thrown: true });
  });

  it("parses a JSON Response body and keeps headers of data()", async () => {
    const json = await callLoader({ loader: () => Response.json({ ok: false }, { status: 401 }) }, "/api/x");
    expect(json).toMatchObject({ status: 401, data: { ok: false }, thrown: false });
    const withHeaders = await callLoader(
      { loader: () => data({ errors: ["x"] }, { status: 400, headers: { "X-Test": "1" } }) },
      "/x",
    );
    expect(withHeaders.status).toBe(400);
    expect(withHeaders.data).toEqual({ errors: ["x"] });
    expect(withHeaders.headers.get("X-Test")).toBe("1");
  });

  it("rethrows errors that are not responses", async () => {
    await expect(callLoader({ loader: () => { throw new Error("boom"); } }, "/x")).rejects.toThrow("boom");
  });

  it("posts form fields to an action with a same-origin Origin header", async () => {
    const result = await callAction<{ method: string; origin: string | null; nama: string }>(
      {
        action: (async ({ request }: { request: Request }) => {
          const form = await request.formData();
          return { method: request.method, origin: request.headers.get("Origin"), nama: String(form.get("nama")) };
        }) as never,
      },
      "/operator/kategori",
      { nama: "Kursi" },
    );
    expect(result.data).toEqual({ method: "POST", origin: "http://localhost", nama: "Kursi" });
  });
});

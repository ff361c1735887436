import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink, AppNavLink, isActivePath } from "~/components/ui/app-link";

describe("isActivePath decides as <NavLink> does", () => {
  it("the page itself and its children, not its neighbours", () => {
    expect(isActivePath("/produk", "/produk")).toBe(true);
    expect(isActivePath("/produk/kursi", "/produk")).toBe(true);
    expect(isActivePath("/produk-lain", "/produk")).toBe(false);
    expect(isActivePath("/Produk", "/produk")).toBe(true);
    expect(isActivePath("/produk/kursi", "/produk", true)).toBe(false);
    expect(isActivePath("/operator/produk/produk", "/operator/produk/")).toBe(true);
    expect(isActivePath("/operator/produk/produk", "/operator/produk?page=2")).toBe(true);
  });

  it('"/" only for the home page', () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/produk", "/")).toBe(false);
  });
});

async function render(url: string, element: React.ReactElement): Promise<string> {
  const routes: RouteObject[] = [{ path: "*", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://toko.test${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

/** The attributes of the first tag in `html`. */
function attributesOf(html: string): Record<string, string> {
  const tag = /<a ([^>]*)>/.exec(html)![1]!;
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe("the links' HTML", () => {
  it("an <AppLink> is the <a> a <Link> renders, with its hints as data attributes", async () => {
    const html = await render(
      "/produk",
      <AppLink to="/operator/produk?modal=ubah&id=3" preventScrollReset prefetch="intent" className="aksi" aria-label="Ubah Kursi">
        Ubah
      </AppLink>,
    );
    expect(attributesOf(html)).toEqual({
      class: "aksi",
      "aria-label": "Ubah Kursi",
      href: "/operator/produk?modal=ubah&amp;id=3",
      "data-discover": "true",
      "data-scroll": "keep",
      "data-prefetch": "intent",
    });
    expect(html).toMatch(/^<a [^>]*>Ubah<\/a>$/);
  });

  it("an <AppNavLink> marks the current page like <NavLink>", async () => {
    const menu = (
      <>
        <AppNavLink to="/produk" className={({ isActive }) => (isActive ? "aktif" : "biasa")}>Produk</AppNavLink>
        <AppNavLink to="/" end className="logo">Beranda</AppNavLink>
      </>
    );
    const [produk, beranda] = (await render("/produk/kursi", menu)).split("</a>");
    expect(attributesOf(produk!)).toEqual({ href: "/produk", "data-discover": "true", "aria-current": "page", class: "aktif" });
    expect(attributesOf(beranda!)).toEqual({ href: "/", "data-discover": "true", class: "logo" });
    const [, home] = (await render("/", menu)).split("</a>");
    expect(attributesOf(home!)).toMatchObject({ "aria-current": "page" });
  });
});

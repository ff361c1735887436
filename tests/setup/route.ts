/**
 * Calls a route module's loader or action the way React Router does, with a real Request,
 * and turns every outcome into one shape: returned data, a returned or thrown `data()` /
 * Response (redirects and 404s included). Other thrown errors propagate.
 */
import { RouterContextProvider } from "react-router";
import { nonceContext } from "../../app/http/context";

export const TEST_ORIGIN = "http://localhost";

export type RouteResult<T = unknown> = {
  status: number;
  headers: Headers;
  /** Loader/action data; a Response's body parsed as JSON when it is JSON, else its text. */
  data: T;
  /** Location header of a redirect, for convenience. */
  location: string | null;
  /** True when the loader threw (a 404 page, a guard redirect) rather than returned. */
  thrown: boolean;
};

export type RouteFn = (args: never) => unknown;
export type RouteModule = { loader?: RouteFn; action?: RouteFn };

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit" &&
    "init" in value
  );
}

async function normalize(value: unknown, thrown: boolean): Promise<RouteResult> {
  if (value instanceof Response) {
    const type = value.headers.get("Content-Type") ?? "";
    const text = value.body ? await value.text() : "";
    let parsed: unknown = text;
    if (type.includes("json") && text) parsed = JSON.parse(text);
    return { status: value.status, headers: value.headers, data: parsed, location: value.headers.get("Location"), thrown };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, headers, data: value.data, location: headers.get("Location"), thrown };
  }
  if (thrown) throw value;
  return { status: 200, headers: new Headers(), data: value, location: null, thrown };
}

function toUrl(url: string): string {
  return new URL(url, TEST_ORIGIN).toString();
}

/**
 * The arguments React Router 8 gives a loader, action or middleware: the raw request, and `url`,
 * the location without React Router's own details (`.data`, `index`, `_routes`).
 */
export function routeArgs(
  request: Request,
  params: Record<string, string | undefined>,
  setup?: (context: RouterContextProvider) => void,
) {
  const context = new RouterContextProvider();
  context.set(nonceContext, "test-nonce");
  setup?.(context);
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  for (const key of ["index", "_routes"]) url.searchParams.delete(key);
  return { request, url, params, context, pattern: url.pathname } as never;
}

/**
 * Runs a loader or action and normalizes the outcome. `setup` fills the context the way a
 * middleware would (e.g. the signed-in user).
 */
export async function runRoute(
  fn: RouteFn,
  request: Request,
  params: Record<string, string>,
  setup?: (context: RouterContextProvider) => void,
): Promise<RouteResult> {
  let value: unknown;
  try {
    value = await fn(routeArgs(request, params, setup));
  } catch (error) {
    return normalize(error, true);
  }
  return normalize(value, false);
}

/** GET a loader: `await callLoader(produk, "/produk/kursi?halaman=2", { seo: "kursi" })`. */
export async function callLoader<T = unknown>(
  mod: RouteModule,
  url: string,
  params: Record<string, string> = {},
  init: RequestInit = {},
): Promise<RouteResult<T>> {
  if (!mod.loader) throw new Error("This route module has no loader");
  return runRoute(mod.loader, new Request(toUrl(url), init), params) as Promise<RouteResult<T>>;
}

/** POST a form to an action; `body` may be FormData or plain fields. */
export async function callAction<T = unknown>(
  mod: RouteModule,
  url: string,
  body: FormData | Record<string, string> = {},
  options: { params?: Record<string, string>; headers?: HeadersInit; method?: string } = {},
): Promise<RouteResult<T>> {
  if (!mod.action) throw new Error("This route module has no action");
  let form = body;
  if (!(form instanceof FormData)) {
    const fd = new FormData();
    for (const [key, value] of Object.entries(form)) fd.append(key, value);
    form = fd;
  }
  const request = new Request(toUrl(url), {
    method: options.method ?? "POST",
    body: form,
    headers: { Origin: TEST_ORIGIN, ...Object.fromEntries(new Headers(options.headers)) },
  });
  return runRoute(mod.action, request, options.params ?? {}) as Promise<RouteResult<T>>;
}

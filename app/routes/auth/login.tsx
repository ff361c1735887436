import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { titleMeta } from "../../lib/meta";
import { PasswordInput } from "../../components/ui/password-input";
import { authenticator, LOGIN_FAILED, LoginFailed, safeRedirectPath } from "../../lib/auth.server";
import { getCurrentUser, startSession } from "../../lib/session.server";
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from "../../lib/throttle.server";

const DEFAULT_AFTER_LOGIN = "/operator/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user?.roles.includes("Operator")) throw redirect(safeRedirectPath(redirectTo, DEFAULT_AFTER_LOGIN));
  return { redirectTo: safeRedirectPath(redirectTo, "") };
}

export async function action({ request }: Route.ActionArgs) {
  // remix-auth reads the body itself, so we read a clone.
  const form = await request.clone().formData();
  const username = String(form.get("username") ?? "");
  const wait = await loginBlockedFor(request, username);
  if (wait > 0) {
    const menit = Math.max(1, Math.ceil(wait / 60));
    return data(
      { error: `Terlalu banyak percobaan login. Silakan coba lagi dalam ${menit} menit.` },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  let userId: number;
  try {
    userId = (await authenticator.authenticate("form", request)).id;
  } catch (error) {
    if (!(error instanceof LoginFailed)) throw error;
    await recordLoginFailure(request, username);
    return data({ error: LOGIN_FAILED }, { status: 401 });
  }
  await clearLoginFailures(username);
  const cookie = await startSession(request, userId);
  return redirect(safeRedirectPath(form.get("redirectTo"), DEFAULT_AFTER_LOGIN), {
    headers: { "Set-Cookie": cookie },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-kayu-100 via-kayu-50 to-white p-4">
      <div className="w-full max-w-sm rounded-2xl border border-kayu-100 bg-white p-8 shadow-xl">
        <h1 className="text-center text-2xl font-extrabold text-kayu-900">Login</h1>
        <p className="mt-1 text-center text-sm text-stone-500">Masuk ke halaman operator</p>
        {actionData?.error ? (
          <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
            {actionData.error}
          </div>
        ) : null}
        <Form method="post" className="mt-6 space-y-4">
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <div>
            <label htmlFor="username" className="mb-1 block text-sm font-semibold text-stone-700">Username</label>
            <input
              id="username"
              name="username"
              required
              autoComplete="username"
              autoCapitalize="none"
              className="w-full rounded-lg border border-stone-300 px-3 py-2.5 focus:border-kayu-500 focus:ring-2 focus:ring-kayu-200 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-1 block text-sm font-semibold text-stone-700">Password</label>
            <PasswordInput
              id="password"
              name="password"
              required
              autoComplete="current-password"
              className="w-full rounded-lg border border-stone-300 px-3 py-2.5 focus:border-kayu-500 focus:ring-2 focus:ring-kayu-200 focus:outline-none"
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-kayu-700 py-3 font-bold tracking-wide text-white shadow hover:bg-kayu-800 disabled:cursor-wait disabled:opacity-70"
          >
            {busy ? "Loading..." : "MASUK"}
          </button>
        </Form>
        <div className="mt-4 text-right text-sm">
          <Link to="/lupa-password" className="font-semibold text-kayu-700 hover:underline">Lupa password?</Link>
        </div>
        <div className="mt-6 text-center text-sm">
          <Link to="/" className="font-semibold text-kayu-700 hover:underline">Beranda</Link>
        </div>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Login");

import type { ReactNode } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { retryAfterHeaders } from "~/http/headers.server";
import { titleMeta } from "~/lib/util/meta";
import { PasswordInput } from "~/components/ui/password-input";
import { runAction } from "~/http/action.server";
import { afterLogin, CAMPUS_LOGIN_PATH, campusLoginMessage, campusLoginOn, loginWithPassword, safeRedirectPath } from "~/http/auth.server";
import { getCurrentUser, startSession } from "~/http/session.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { useReply } from "~/components/ui/use-reply";

/** A throttled attempt (429) says when to try again: Retry-After, in seconds. */
export const headers = retryAfterHeaders;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const redirectTo = url.searchParams.get("redirectTo");
  const next = user ? afterLogin(user.roles, redirectTo) : null;
  if (next) throw redirect(next);
  const safe = safeRedirectPath(redirectTo, "");
  return {
    redirectTo: safe,
    // 'Masuk dengan akun kampus' while the campus sign-in is on; its refusals come back here (?gagal=).
    kampus: campusLoginOn() ? `${CAMPUS_LOGIN_PATH}${safe ? `?${new URLSearchParams({ redirectTo: safe })}` : ""}` : null,
    kampusMessage: campusLoginMessage(url.searchParams),
  };
}

/** 'MASUK' posts intent `masuk`; nobody is signed in yet. */
export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    {
      masuk: async ({ form, reply }) => {
        const { request } = args;
        const result = await loginWithPassword(request, form);
        // A throttled attempt (429) says when to try again.
        if (!result.ok) return reply(result.status, result.message, {}, result.status === 429 ? { "Retry-After": String(result.retryAfter) } : undefined);
        const cookie = await startSession(request, result.user.id);
        // The login rule admitted the user, so an area is open to them.
        return redirect(afterLogin(result.user.roles, form.get("redirectTo")) ?? "/", {
          headers: { "Set-Cookie": cookie },
        });
      },
    },
    { user: () => null },
  );

const fieldClass =
  "w-full rounded-lg border border-stone-300 px-3 py-2.5 focus:border-kayu-500 focus:ring-2 focus:ring-kayu-200 focus:outline-none";

/** A field of the login form: its label above the control (`children`, whose id is `id`). */
function LoginField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-700">{label}</label>
      {children}
    </div>
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  // A refused login stays in its alert above the form, not a toast.
  const { message: refused } = useReply(actionData, { inline: true });
  // A password refusal answers the post; a campus one came back in the address.
  const message = refused ?? (actionData ? null : loaderData.kampusMessage);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-kayu-100 via-kayu-50 to-white p-4">
      {/* Not for search engines; React puts it in the head. */}
      <meta name="robots" content="noindex, nofollow" />
      <div className="w-full max-w-sm rounded-2xl border border-kayu-100 bg-white p-8 shadow-xl">
        <h1 className="text-center text-2xl font-extrabold text-kayu-900">Login</h1>
        <p className="mt-1 text-center text-sm text-stone-500">Masuk ke akun Anda</p>
        {message ? (
          <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
            {message}
          </div>
        ) : null}
        <Form method="post" className="mt-6 space-y-4">
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <LoginField id="username" label="Username">
            <input id="username" name="username" required autoComplete="username" autoCapitalize="none" className={fieldClass} />
          </LoginField>
          <LoginField id="password" label="Password">
            <PasswordInput id="password" name="password" required autoComplete="current-password" className={fieldClass} />
          </LoginField>
          <SubmitButton
            busy={busy}
            name="intent"
            value="masuk"
            className="w-full rounded-lg bg-kayu-700 py-3 font-bold tracking-wide text-white shadow hover:bg-kayu-800 disabled:cursor-wait disabled:opacity-70"
          >
            MASUK
          </SubmitButton>
        </Form>
        {loaderData.kampus ? (
          <>
            <div className="my-5 flex items-center gap-3 text-xs font-semibold text-stone-500" aria-hidden="true">
              <span className="h-px flex-1 bg-stone-200" />
              atau
              <span className="h-px flex-1 bg-stone-200" />
            </div>
            {/* A plain link: the trip to the provider is a document navigation, with or without JavaScript. */}
            <a
              href={loaderData.kampus}
              rel="nofollow"
              className="block w-full rounded-lg border border-kayu-700 py-3 text-center font-bold text-kayu-800 hover:bg-kayu-50"
            >
              Masuk dengan akun kampus
            </a>
          </>
        ) : null}
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


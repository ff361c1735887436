import { data, redirect } from "react-router";
import type { Route } from "./+types/ubah-password";
import { retryAfterHeaders } from "~/http/headers.server";
import { titleMeta } from "~/lib/util/meta";
import { ChangePasswordForm, changePasswordClientAction } from "~/components/area/change-password";
import { changeOwnPassword } from "~/domain/users/users.server";
import { changePasswordSchema } from "~/domain/users/password.schema";
import { safeRedirectPath } from "~/http/auth.server";
import { loginRedirect } from "~/http/guard.server";
import { runAction } from "~/http/action.server";
import { endSession, flashHeader, getCurrentUser, startSession } from "~/http/session.server";
import { clientIp } from "~/lib/server/throttle.server";
import { PASSWORD_CHANGED } from "~/lib/util/messages";

async function requireSignedIn(request: Request, url: URL) {
  const user = await getCurrentUser(request);
  if (!user) throw loginRedirect(url);
  return user;
}

/** A throttled attempt (429) says when to try again: Retry-After, in seconds. */
export const headers = retryAfterHeaders;

/** Without JavaScript the modal's form lands here; this page shows its errors. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireSignedIn(request, url);
  return { back: safeRedirectPath(url.searchParams.get("back"), "/operator/dashboard") };
}

/** 'Simpan' posts intent `ubah-password`; signed in to any area (the modal is in every shell). */
export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    {
      "ubah-password": async ({ db, user, form, parse, reply }) => {
        const { request } = args;
        const back = safeRedirectPath(form.get("back"), "/operator/dashboard");
        // The fields say what is wrong; the red alert is for the server's own refusals.
        const { pass_lama, pass_baru } = parse(changePasswordSchema, { message: "" });
        const changed = await changeOwnPassword(db, user.id, pass_lama, pass_baru, clientIp(request));
        if (!changed.ok) {
          const throttled = changed.retryAfter !== undefined;
          // The message is the modal's red alert; a throttled attempt says when to try again.
          return reply(throttled ? 429 : 400, changed.message, {}, throttled ? { "Retry-After": String(changed.retryAfter) } : undefined);
        }
        // Every old session and token died with the password change; this browser gets a new one.
        const headers = new Headers();
        headers.append("Set-Cookie", await endSession(request));
        headers.append("Set-Cookie", await startSession(request, user.id));
        if (form.get("_js") === "1") {
          // Conform's reply to a form saved and emptied.
          return data({ intent: "ubah-password", result: { initialValue: null }, ok: true }, { headers });
        }
        headers.append("Set-Cookie", await flashHeader({ kind: "success", message: PASSWORD_CHANGED }));
        return redirect(back, { headers });
      },
    },
    { user: ({ request, url }) => requireSignedIn(request, url) },
  );

export default function UbahPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <h1 className="mb-4 text-xl font-bold">Ubah Password</h1>
        <ChangePasswordForm back={loaderData.back} closeTo={loaderData.back} actionData={actionData} />
      </div>
    </main>
  );
}

/** Spec section 8: no answer → toast 'Gagal update password'; an error answer → red alert. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => changePasswordClientAction(serverAction);

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Ubah Password");

import { Form, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { readForm } from "~/http/action.server";
import { titleMeta } from "~/lib/util/meta";
import { endSession, getCurrentUser } from "~/http/session.server";

/** Ends the session on the server (the old cookie no longer works) and goes to /login. */
export async function action({ request }: Route.ActionArgs) {
  // No field is needed, but the body is read like every form's, so an oversized one is a 413.
  await readForm(request);
  return redirect("/login", { headers: { "Set-Cookie": await endSession(request, { logout: true }) } });
}

/**
 * Only a POST logs out: a link or an image on another site pointing at /logout must not end
 * anyone's session. Typed in by hand, the page offers the button.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect("/login");
  return { name: user.name };
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-xl">
        <h1 className="text-xl font-bold text-stone-900">Logout</h1>
        <p className="mt-2 text-sm text-stone-600">Keluar dari akun {loaderData.name}?</p>
        <Form method="post" reloadDocument className="mt-6">
          <button type="submit" className="w-full rounded-lg bg-red-600 px-4 py-2.5 font-semibold text-white hover:bg-red-700">
            Logout
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Logout");

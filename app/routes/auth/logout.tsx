import { Form, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { runAction } from "~/http/action.server";
import { titleMeta } from "~/lib/util/meta";
import { endSession, getCurrentUser } from "~/http/session.server";

/** 'Logout' (intent `keluar`) ends the session on the server (the old cookie no longer works) and goes to /login. */
export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    { keluar: async () => redirect("/login", { headers: { "Set-Cookie": await endSession(args.request, { logout: true }) } }) },
    // The session may already be over: the post still ends what is left and goes to /login.
    { user: () => null },
  );

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
          <input type="hidden" name="intent" value="keluar" />
          <button type="submit" className="w-full rounded-lg bg-red-600 px-4 py-2.5 font-semibold text-white hover:bg-red-700">
            Logout
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Logout");

import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "../../lib/session.server";

/** Ends the session on the server (the old cookie no longer works) and goes to /login. */
async function logout(request: Request) {
  return redirect("/login", { headers: { "Set-Cookie": await endSession(request) } });
}

export async function action({ request }: Route.ActionArgs) {
  return logout(request);
}

export async function loader({ request }: Route.LoaderArgs) {
  return logout(request);
}

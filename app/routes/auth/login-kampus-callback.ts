import type { Route } from "./+types/login-kampus-callback";
import { finishCampusLogin } from "~/http/auth.server";

/** The campus provider's answer: signed in and on to the landing page, or back to /login with the refusal (404 while off). */
export const loader = ({ request }: Route.LoaderArgs) => finishCampusLogin(request);

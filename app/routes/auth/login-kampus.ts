import type { Route } from "./+types/login-kampus";
import { startCampusLogin } from "~/http/auth.server";

/** 'Masuk dengan akun kampus': to the campus provider's sign-in page (404 while the campus sign-in is off). */
export const loader = ({ request }: Route.LoaderArgs) => startCampusLogin(request);

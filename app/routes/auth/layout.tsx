/**
 * Pathless layout over /login, /lupa-password, /atur-password, /akun/ubah-password and /logout: no header or footer
 * (spec section 2), only the shop name and city, so their titles end like every other page's
 * (spec section 1; `titleMeta` in app/lib/meta.ts).
 */
import { Outlet } from "react-router";
import { getSetting } from "~/domain/setting/setting.server";
import { getDb } from "~/lib/server/db.server";
import { shopOf } from "~/lib/util/meta";

export function loader() {
  return { setting: shopOf(getSetting(getDb())) };
}

export default function AuthLayout() {
  return <Outlet />;
}

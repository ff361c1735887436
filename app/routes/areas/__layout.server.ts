/**
 * The server half of the one logged-in shell (the client half: ./__layout.tsx), registered once
 * per area by a module of its own (operator.tsx, pengusul.tsx, …) with its guard
 * (areaMiddleware): the shell's data. The area comes from that module, never from the URL.
 */
import type { RouterContextProvider } from "react-router";
import { getSetting } from "~/domain/setting/setting.server";
import { unreadCount } from "~/domain/notifications/inbox.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { shopOf } from "~/lib/util/meta";
import type { AreaKey } from "~/navigation/areas";

export function areaLoader({ context }: { context: Readonly<RouterContextProvider> }, key: AreaKey) {
  const user = requireUser(context);
  const setting = getSetting(getDb());
  return {
    areaKey: key,
    user: { name: user.name, roles: user.roles },
    companyName: setting.nama_toko,
    shop: shopOf(setting),
    modulLppm: setting.modul_lppm,
    /** The header's 'Notifikasi' badge: one probe of a partial index. */
    unread: unreadCount(getDb(), user.id),
  };
}

export type AreaLayoutData = ReturnType<typeof areaLoader>;

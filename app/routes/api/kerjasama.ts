import { getKerjaSamaData } from "~/domain/katalog/katalog.server";
import { publicGet } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** GET /api/kerjasama (spec section 7, public). */
export const loader = publicGet(() => ({ data: getKerjaSamaData(getDb()) }));

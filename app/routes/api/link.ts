import { getLinkData } from "../../domain/katalog/katalog.server";
import { publicGet } from "../../lib/api-resource.server";
import { getDb } from "../../lib/db.server";

/** GET /api/link (spec section 7, public). */
export const loader = publicGet(() => ({ data: getLinkData(getDb()) }));

import { getTentangKamiData } from "../../domain/katalog/katalog.server";
import { publicGet } from "../../lib/api-resource.server";
import { getDb } from "../../lib/db.server";

/** GET /api/tentangkami (spec section 7, public). */
export const loader = publicGet(() => ({ data: getTentangKamiData(getDb()) }));

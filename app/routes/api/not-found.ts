import { json, NOT_FOUND_MESSAGE } from "~/http/api.server";

/** Unknown /api/* paths answer JSON, for every method. */
const answer = () => json({ message: NOT_FOUND_MESSAGE }, { status: 404 });
export const loader = answer;
export const action = answer;

import { createUserSchema, updateUserSchema, withClearedBlanks } from "~/domain/users/users.schema";
import {
  createUser,
  deleteUser,
  getUserRecord,
  listUsersPage,
  updateUser,
  type UserRecord,
} from "~/domain/users/users.server";
import { DELETED, SAVED } from "~/http/action.server";
import { ApiError, notFound, validate } from "~/http/api.server";
import { apiListState } from "~/http/api-list.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** The legacy shape: hak_akses as a JSON-encoded string. Passwords never leave the server. */
function legacy(user: UserRecord) {
  return { ...user, hak_akses: JSON.stringify(user.hak_akses) };
}

/** /api/userform[/{id}]: writes take hak_akses as a JSON list; an empty password keeps the old one. */
const resource = apiResource({
  list: ({ request }) => {
    const page = listUsersPage(getDb(), apiListState(request));
    return { data: { user: page.rows.map(legacy) } };
  },
  get: (id) => ({ data: legacy(getUserRecord(getDb(), id) ?? notFound()) }),
  create: async (form) => {
    const result = await createUser(getDb(), validate(form, createUserSchema));
    if (!result.ok) throw new ApiError(result.status, result.message, { username: [result.message] });
    return { message: SAVED, data: legacy(result.user) };
  },
  update: async (id, form, { user }) => {
    const result = await updateUser(getDb(), id, withClearedBlanks(form, validate(form, updateUserSchema)), user.id);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return { message: SAVED, data: legacy(result.user) };
  },
  remove: (id, { user }) => {
    const result = deleteUser(getDb(), id, user.id);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

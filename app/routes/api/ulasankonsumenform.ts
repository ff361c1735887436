import { ulasanSchema } from "~/domain/ulasan/ulasan.schema";
import {
  createUlasan,
  deleteUlasan,
  getUlasan,
  listUlasan,
  updateUlasan,
} from "~/domain/ulasan/ulasan.server";
import { DELETED, SAVED } from "~/http/action.server";
import { notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** /api/ulasankonsumenform[/{id}]: {ulasan, oleh}. */
const resource = apiResource({
  list: () => ({ data: listUlasan(getDb()) }),
  get: (id) => ({ data: getUlasan(getDb(), id) ?? notFound() }),
  create: (form) => ({ message: SAVED, data: createUlasan(getDb(), validate(form, ulasanSchema)) }),
  update: (id, form) => {
    const input = validate(form, ulasanSchema);
    return { message: SAVED, data: updateUlasan(getDb(), id, input) ?? notFound() };
  },
  remove: (id) => {
    if (!deleteUlasan(getDb(), id)) notFound();
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;

/**
 * One factory for the legacy operator resources (spec section 7, "Operator" table):
 *   GET    /api/<res>        list          POST /api/<res>        create
 *   GET    /api/<res>/{id}   one           POST /api/<res>/{id}   + _method=PATCH|PUT → update,
 *                                                                  + _method=DELETE    → delete
 *   DELETE /api/<res>/{id}   delete        (PUT/PATCH on the id directly work too)
 * Every call needs a Bearer token of an active Operator unless `public` is set.
 */
import type { SessionUser } from "~/domain/users/session-user";
import {
  ApiError,
  effectiveMethod,
  handleApi,
  json,
  METHOD_NOT_ALLOWED,
  parseIdParam,
  readApiBody,
  requireApiOperator,
} from "~/http/api.server";
import { PUBLIC_CACHE_CONTROL } from "~/lib/server/page-cache.server";

type Ctx = { request: Request; user: SessionUser; params: Record<string, string | undefined> };
type Answer = unknown;

export type ResourceSpec = {
  /** Name of the id route param (default "id"). */
  idParam?: string;
  list?: (ctx: Ctx) => Answer | Promise<Answer>;
  get?: (id: number, ctx: Ctx) => Answer | Promise<Answer>;
  create?: (form: FormData, ctx: Ctx) => Answer | Promise<Answer>;
  update?: (id: number, form: FormData, ctx: Ctx) => Answer | Promise<Answer>;
  remove?: (id: number, ctx: Ctx) => Answer | Promise<Answer>;
};

const notAllowed = () => new ApiError(405, METHOD_NOT_ALLOWED);

function toResponse(answer: Answer, status = 200): Response {
  return answer instanceof Response ? answer : json(answer, { status });
}

export function apiResource(spec: ResourceSpec) {
  const idName = spec.idParam ?? "id";

  async function loader({ request, params }: { request: Request; params: Record<string, string | undefined> }) {
    return handleApi(async () => {
      const user = requireApiOperator(request);
      const ctx = { request, user, params };
      const raw = params[idName];
      if (raw !== undefined) {
        if (!spec.get) throw notAllowed();
        return toResponse(await spec.get(parseIdParam(raw), ctx));
      }
      if (!spec.list) throw notAllowed();
      return toResponse(await spec.list(ctx));
    });
  }

  async function action({ request, params }: { request: Request; params: Record<string, string | undefined> }) {
    return handleApi(async () => {
      const user = requireApiOperator(request);
      const ctx = { request, user, params };
      const raw = params[idName];
      const body = request.method === "DELETE" ? null : await readApiBody(request);
      const method = effectiveMethod(request, body);
      if (raw === undefined) {
        if (method !== "POST" || !spec.create || !body) throw notAllowed();
        return toResponse(await spec.create(body, ctx), 201);
      }
      const id = parseIdParam(raw);
      if (method === "DELETE") {
        if (!spec.remove) throw notAllowed();
        return toResponse(await spec.remove(id, ctx));
      }
      if ((method === "PATCH" || method === "PUT") && spec.update && body) {
        return toResponse(await spec.update(id, body, ctx));
      }
      throw notAllowed();
    });
  }

  return { loader, action };
}

/** Public GET-only endpoints: JSON with CORS handled by the API layout. */
export function publicGet(fn: (args: { request: Request; params: Record<string, string | undefined> }) => Answer) {
  return (args: { request: Request; params: Record<string, string | undefined> }) =>
    handleApi(async () => {
      const response = toResponse(await fn(args));
      // The same for everyone: the page cache may keep it (CORS is added per request).
      if (response.status === 200) response.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
      return response;
    });
}

/**
 * A page's bytes, kept beside its Response. entry.server renders the whole page into
 * one Buffer; the HTTP adapter (server/http.ts) sends those bytes as they are instead of reading
 * the Response's body stream back into memory. The Response still carries the same body for
 * anyone else who reads it (middleware, tests), and a Response built anew carries none of this.
 */
const bodies = new WeakMap<Response, Buffer>();

export function renderedResponse(body: Buffer, init: ResponseInit): Response {
  const response = new Response(body as Uint8Array<ArrayBuffer>, init);
  bodies.set(response, body);
  return response;
}

/** The bytes of a page rendered whole, or undefined for any other Response. */
export function renderedBodyOf(response: Response): Buffer | undefined {
  return bodies.get(response);
}

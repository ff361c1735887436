/**
 * Headers a page route's answer must carry beyond its cookies. Without a `headers` export React
 * Router passes only the Set-Cookie of a loader's or action's `data(…, { headers })` on to the
 * document or `.data` answer: the rest is dropped.
 */
import type { HeadersFunction } from "react-router";

/**
 * The `headers` of a page whose action or loader may answer 429 (the login, the forgot-password
 * steps, "Ubah Password"): the answer says how many seconds to wait, as the API's 429s do.
 */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * What the review screens' actions share: the route's url without the open detail (?lihat=,
 * ?nilai=, so a save goes back to the list), and the answer to a refused decision — the page again with the message on
 * the form (and the toast), at the refusal's status.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Reply } from "~/http/crud-screen.server";

/** The route's url without these params (for intentAction's `back`). */
export function urlWithout(url: URL, ...params: string[]): URL {
  const copy = new URL(url);
  for (const p of params) copy.searchParams.delete(p);
  return copy;
}

/** A refusal from the domain: over the form (or on `field`), with its status. */
export function refused(intent: string, refusal: { status: number; message: string; field?: string | undefined }, result?: SubmissionResult<string[]>) {
  const error = refusal.field ? { [refusal.field]: [refusal.message] } : { "": [refusal.message] };
  return data<Reply>(
    {
      intent,
      message: refusal.message,
      result: { ...(result ?? { status: "error" }), status: "error", error: { ...(result?.error ?? {}), ...error } } as SubmissionResult<string[]>,
    },
    { status: refusal.status },
  );
}

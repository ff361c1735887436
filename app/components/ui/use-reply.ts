/**
 * The one way a form reads its action's reply (http/action.server.ts, Reply): the messages by
 * field, the form's own, and the reply's `message` — toasted once with JavaScript, and shown by
 * the form as an alert, which is all a page without JavaScript has (a form that keeps the
 * message in its alert only, with JavaScript too, says `inline`) — and `busy` while the page
 * posts (its buttons wait). A page with several forms names the one it reads with `intent` (one
 * or several) and `id` (the record a list's form is about): another form's reply is not this
 * form's.
 */
import { useEffect } from "react";
import type { Reply } from "~/http/action.server";
import { showToast } from "~/components/ui/toast";
import { useSubmitting } from "~/lib/hooks/use-submitting";

export type { Reply } from "~/http/action.server";

/** The replies already toasted: a reply is toasted once, however many forms read it. */
const toasted = new WeakSet<object>();

export type ReplyMatch = { intent?: string | readonly string[] | undefined; id?: number | undefined; inline?: boolean };

function matches(reply: Reply, { intent, id }: ReplyMatch): boolean {
  if (intent !== undefined && !(typeof intent === "string" ? reply.intent === intent : intent.includes(reply.intent))) return false;
  return id === undefined || reply.id === id;
}

export function useReply<X extends object = object>(actionData: unknown, match: ReplyMatch = {}) {
  const posted = actionData as Reply<X> | null | undefined;
  const reply = posted && typeof posted === "object" && "intent" in posted && matches(posted, match) ? posted : undefined;
  const busy = useSubmitting(typeof match.intent === "string" ? match.intent : undefined);
  const message = reply?.message || undefined;
  useEffect(() => {
    if (!reply || !message || match.inline || toasted.has(reply)) return;
    toasted.add(reply);
    showToast("error", message);
  }, [reply, message, match.inline]);
  const errors = reply?.result?.error ?? {};
  return {
    reply,
    message,
    /** The form's own message (a refusal of the whole form), when the reply has one. */
    formError: errors[""]?.[0] ?? undefined,
    /** The first message of a field. */
    err: (name: string) => errors[name]?.[0] ?? undefined,
    busy,
  };
}

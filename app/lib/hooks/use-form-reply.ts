import { useSubmitting } from "~/lib/hooks/use-submitting";

/**
 * What a screen's form shows of the action's answer: the reply itself (its message over the
 * form), `err(name)` the first message of a field, and `busy` while a post is under way (its
 * buttons wait).
 */
export function useFormReply<R extends { fieldErrors?: Record<string, string[]> }>(actionData: unknown) {
  const reply = actionData as R | undefined;
  const busy = useSubmitting();
  return { reply, busy, err: (name: string) => reply?.fieldErrors?.[name]?.[0] };
}

/**
 * One budget of memory for the request bodies being read, for the whole process (README,
 * "Request bodies"). The front of the server (server/body.ts) reserves a body's declared
 * length (or its limit, for a body sent without one) before it reads a byte, and releases it
 * when the request ends; a body that does not fit is answered 503 and never read. Bodies
 * sent without a login may hold only a quarter of it, so that anonymous clients stalling
 * their posts cannot keep the operators' uploads out.
 */
import { getEnv } from "~/lib/server/env.server";

export class BodyBudget {
  private held = 0;
  private heldAnonymous = 0;

  constructor(
    readonly total: number,
    readonly anonymousTotal = Math.floor(total / 4),
  ) {}

  /** Bytes reserved now (all, and those of anonymous senders). */
  get usage(): { held: number; anonymous: number } {
    return { held: this.held, anonymous: this.heldAnonymous };
  }

  /**
   * Reserves `bytes`, or answers null when they would pass the budget (or, for an anonymous
   * sender, its share). The returned release may be called any number of times.
   */
  reserve(bytes: number, anonymous: boolean): (() => void) | null {
    if (this.held + bytes > this.total) return null;
    if (anonymous && this.heldAnonymous + bytes > this.anonymousTotal) return null;
    this.held += bytes;
    if (anonymous) this.heldAnonymous += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= bytes;
      if (anonymous) this.heldAnonymous -= bytes;
    };
  }
}

let budget: BodyBudget | undefined;

/** The process's budget, BODY_MEMORY_MB megabytes. */
export function bodyBudget(): BodyBudget {
  budget ??= new BodyBudget(getEnv().BODY_MEMORY_MB * 1024 * 1024);
  return budget;
}

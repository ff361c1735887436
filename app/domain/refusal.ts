/**
 * What every domain function answers when it refuses: the HTTP status the screens and the API
 * answer with, the Indonesian message, and where it belongs — one field (`field`), several
 * (`fieldErrors`, under the form's 'Gagal menyimpan data'), or a list of unmet rules
 * (`problems`, a submission's). A domain narrows the status and the field to its own; the
 * screens read every refusal the same way (app/http/action.server.ts).
 */
export type Refusal<Status extends number = number, Field extends string = string> = {
  ok: false;
  status: Status;
  message: string;
  field?: Field | undefined;
  fieldErrors?: Record<string, string[]> | undefined;
  problems?: string[] | undefined;
};

/** The refusals of the LPPM workflow and its parts: not allowed, gone, wrong moment, invalid. */
export type WorkflowRefusal<Field extends string = string> = Refusal<403 | 404 | 409 | 422, Field>;

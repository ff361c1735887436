/** Labelled form field with its error and hint, for Conform-driven forms. */
export const inputClass =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-kayu-500 focus:ring-2 focus:ring-kayu-200 focus:outline-none aria-[invalid=true]:border-red-400 disabled:bg-stone-100 read-only:bg-stone-50";

export function Field({
  label,
  htmlFor,
  errors,
  hint,
  children,
  required,
}: {
  label: string;
  htmlFor: string;
  errors?: string[] | undefined;
  hint?: React.ReactNode;
  children: React.ReactNode;
  required?: boolean;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-stone-700">
        {label}
        {required ? <span className="text-red-500"> *</span> : null}
      </label>
      {children}
      {hint ? <p className="text-xs text-stone-500">{hint}</p> : null}
      {errors?.length ? (
        <p id={`${htmlFor}-error`} className="text-xs font-medium text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function Alert({ kind = "error", children }: { kind?: "error" | "success"; children: React.ReactNode }) {
  return (
    <div
      role="alert"
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${
        kind === "error" ? "border-red-200 bg-red-50 text-red-700" : "border-green-200 bg-green-50 text-green-700"
      }`}
    >
      {children}
    </div>
  );
}

import { useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/**
 * A password field with a show/hide toggle (the toggle appears once JavaScript runs). The
 * button's name starts with its visible word, so speech users can say what they see (WCAG 2.5.3).
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <input {...props} type={visible ? "text" : "password"} className={`${props.className ?? ""} pr-20`} />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Sembunyikan password" : "Tampilkan password"}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex items-center px-3 text-sm font-semibold text-kayu-700 hover:text-kayu-900"
        >
          {visible ? "Sembunyikan" : "Tampilkan"}
        </button>
      ) : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/** One suggestion, as GET /cari/saran answers it. */
type Saran = { nama_produk: string; nama_seo: string; kategori: string | null };

/** Suggestions start at this many characters (the domain's SARAN_MIN). */
const MIN = 2;
/** Wait this long after the last keystroke before asking. */
const DEBOUNCE_MS = 150;
/** The same as the results page: longer text is cut there anyway. */
const MAX = 100;

/** Answers already fetched in this page's life (typing back and forth asks once). */
const answers = new Map<string, Saran[]>();

/** The search text of the current address, on the product list pages (the box shows it there). */
function qOf(pathname: string, search: string): string {
  return pathname === "/produk" || pathname.startsWith("/produk/") ? (new URLSearchParams(search).get("q") ?? "") : "";
}

/**
 * The header's product search. Without JavaScript, a GET form to /produk?q=
 * (the results page). With it, after 2 characters, a list of suggested products below the box,
 * following the ARIA combobox pattern (role=combobox, aria-expanded, aria-activedescendant, a
 * listbox of options): ↑/↓ move through them, Enter opens the product (or searches, when none
 * is chosen), Escape closes the list (and then clears the box), a click opens one. Asks
 * GET /cari/saran?q= once typing pauses, cancelling a request that a newer text replaced. The
 * last option searches for the text itself.
 */
export function CariProduk({ className = "" }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const current = qOf(location.pathname, location.search);
  const [value, setValue] = useState(current);
  const [shownFor, setShownFor] = useState(location.key);
  const [saran, setSaran] = useState<Saran[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-saran`;
  const optionId = (i: number) => `${id}-opsi-${i}`;

  // Every navigation (the results page, a product) shows its own search text and closes the list.
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setValue(current);
    setOpen(false);
    setActive(-1);
  }

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      abort.current?.abort();
    },
    [],
  );

  const text = value.trim();
  // The options: each suggestion, then "search for the text itself".
  const count = saran.length ? saran.length + 1 : 0;
  const expanded = open && count > 0;

  function show(list: Saran[], q: string) {
    setSaran(list);
    setActive(-1);
    // An answer arriving after the visitor left the box waits for the next focus.
    setOpen(document.activeElement === input.current);
    setStatus(list.length ? `${list.length} saran produk untuk “${q}”. Pilih dengan panah atas dan bawah.` : `Tidak ada saran untuk “${q}”.`);
  }

  function ask(raw: string) {
    clearTimeout(timer.current);
    abort.current?.abort();
    const q = raw.replace(/\s+/g, " ").trim().slice(0, MAX);
    if (q.length < MIN) {
      setSaran([]);
      setOpen(false);
      setStatus("");
      return;
    }
    const known = answers.get(q.toLowerCase());
    if (known) return show(known, q);
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      abort.current = controller;
      fetch(`/cari/saran?q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ saran: Saran[] }>) : Promise.reject(new Error(String(response.status)))))
        .then(({ saran: list }) => {
          if (answers.size >= 50) answers.delete(answers.keys().next().value!);
          answers.set(q.toLowerCase(), list);
          show(list, q);
        })
        .catch(() => {
          // Aborted by newer text, or offline: the form still searches on Enter.
        });
    }, DEBOUNCE_MS);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(index: number) {
    close();
    const item = saran[index];
    if (item) void navigate(`/detail-produk/${item.nama_seo}`);
    else void navigate(`/produk?${new URLSearchParams({ q: text })}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === "ArrowDown" ? 0 : count - 1);
        return;
      }
      setActive((i) => (event.key === "ArrowDown" ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (value) {
        event.preventDefault();
        setValue("");
        ask("");
      }
    }
  }

  return (
    <Form
      method="get"
      action="/produk"
      role="search"
      className={`relative ${className}`}
      onSubmit={() => {
        clearTimeout(timer.current);
        abort.current?.abort();
        close();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Cari produk
      </label>
      <input
        ref={input}
        id={inputId}
        type="search"
        name="q"
        value={value}
        maxLength={MAX}
        placeholder="Cari produk…"
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setValue(event.currentTarget.value);
          ask(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (saran.length && text.length >= MIN) setOpen(true);
        }}
        onBlur={close}
        {...(hydrated
          ? {
              role: "combobox",
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-autocomplete": "list" as const,
              "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
        className="h-11 w-full rounded-full border border-kayu-200 bg-white pl-4 pr-12 text-sm text-stone-900 placeholder:text-stone-500 focus:border-kayu-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-200"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-full text-kayu-700 hover:text-kayu-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="sr-only">Cari</span>
      </button>
      {hydrated ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label="Saran produk"
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-kayu-100 bg-white py-2 shadow-lg"
          >
            {expanded
              ? [...saran, null].map((item, i) => (
                  <li
                    key={item?.nama_seo ?? "semua"}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    // Keep the focus in the box (the list closes on blur).
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(i)}
                    onMouseMove={() => {
                      if (i !== active) setActive(i);
                    }}
                    className={`cursor-pointer px-4 py-2 text-sm ${i === active ? "bg-kayu-100 text-kayu-900" : "text-stone-800"} ${item ? "" : "border-t border-kayu-100 font-semibold text-kayu-800"}`}
                  >
                    {item ? (
                      <>
                        <span className="block font-semibold">{item.nama_produk}</span>
                        {item.kategori ? <span className="block text-xs text-stone-500">{item.kategori}</span> : null}
                      </>
                    ) : (
                      <>Cari “{text}” di semua produk</>
                    )}
                  </li>
                ))
              : null}
          </ul>
          <p role="status" aria-live="polite" className="sr-only">
            {open ? status : ""}
          </p>
        </>
      ) : null}
    </Form>
  );
}

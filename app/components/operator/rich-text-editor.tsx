/**
 * Rich-text field of the operator's About and Cooperation editors (spec: "rich-text editor
 * 500 px high"), posting HTML under `name` with the surrounding plain <form>.
 *
 * Progressive enhancement: the server (and a browser without JavaScript) renders a 500 px
 * <textarea name={name}> holding the HTML. After hydration the Lexical editor is loaded on demand
 * (`./rich-text-editor/lexical-editor`, its own chunk, with the modules beside it) and replaces
 * the textarea; it keeps the HTML in a hidden <input name={name}>, so exactly one field carries
 * the value at any time.
 */
import { type ChangeEvent, type ComponentType, lazy, Suspense, useCallback, useRef, useSyncExternalStore } from "react";
import type { RichTextEditorImplProps } from "~/components/operator/rich-text-editor/lexical-editor";

export type RichTextEditorProps = {
  /** Form field name the HTML is posted under. */
  name: string;
  /** Stored HTML (sanitized on the server). */
  defaultValue: string;
  /** id of the textarea (fallback) and of the editable area, for <label htmlFor>. */
  id?: string;
  /** Accessible name of the editable area once the editor is active (default "Isi teks"). */
  label?: string;
};

const noSubscription = () => () => {};

/** false on the server and during hydration, true afterwards (and on client-side navigations). */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const textareaClass =
  "block h-[500px] w-full resize-y rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-sm leading-relaxed focus:border-kayu-500 focus:ring-2 focus:ring-kayu-200 focus:outline-none";

/** The no-JavaScript editor: the HTML itself in a textarea. */
function HtmlTextarea({
  name,
  id,
  defaultValue,
  onChange,
}: {
  name: string;
  id?: string | undefined;
  defaultValue: string;
  onChange?: (event: ChangeEvent<HTMLTextAreaElement>) => void;
}) {
  const noteId = id ? `${id}-format` : undefined;
  return (
    <div className="space-y-1">
      <textarea
        onChange={onChange}
        name={name}
        id={id}
        defaultValue={defaultValue}
        aria-describedby={noteId}
        spellCheck={false}
        style={{ height: 500 }}
        className={textareaClass}
      />
      <p id={noteId} className="text-xs text-stone-500">
        Isi dalam format HTML.
      </p>
    </div>
  );
}

/** Used instead of the editor when its chunk cannot be loaded (offline, stale deployment). */
function TextareaEditor({ name, id, getInitialHtml }: RichTextEditorImplProps) {
  return <HtmlTextarea name={name} id={id} defaultValue={getInitialHtml()} />;
}

const Editor = lazy<ComponentType<RichTextEditorImplProps>>(() =>
  import("~/components/operator/rich-text-editor/lexical-editor").catch((error: unknown) => {
    console.error("Editor teks gagal dimuat, memakai textarea HTML.", error);
    return { default: TextareaEditor };
  }),
);

export function RichTextEditor({ name, defaultValue, id, label }: RichTextEditorProps) {
  const hydrated = useHydrated();
  // Text typed into the textarea while the editor chunk loads, handed over to the editor.
  // (Edits made before hydration are not kept: React resets an uncontrolled textarea on hydration.)
  const typed = useRef<string | null>(null);
  const onTextareaChange = useCallback((event: ChangeEvent<HTMLTextAreaElement>) => {
    typed.current = event.currentTarget.value;
  }, []);

  const getInitialHtml = useCallback(() => typed.current ?? defaultValue, [defaultValue]);

  const textarea = <HtmlTextarea name={name} id={id} defaultValue={defaultValue} onChange={onTextareaChange} />;
  if (!hydrated) return textarea;
  return (
    <Suspense fallback={textarea}>
      <Editor name={name} id={id} label={label ?? "Isi teks"} getInitialHtml={getInitialHtml} />
    </Suspense>
  );
}

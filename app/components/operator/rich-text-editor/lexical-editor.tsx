/**
 * The Lexical rich-text editor behind RichTextEditor (../rich-text-editor.tsx), loaded lazily in
 * the browser only: this module is the entry of its own chunk, and nothing else imports it or
 * the modules beside it. The document's HTML lives in a hidden <input name={name}>: it starts as
 * the stored HTML (unchanged, so saving without editing loses nothing) and is rewritten from the
 * editor state on every content change (./html.ts). The HTML stays within
 * app/lib/sanitize.server.ts.
 */
import { CodeHighlightNode, CodeNode } from "@lexical/code";
import { AutoLinkNode, LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { type InitialConfigType, LexicalComposer } from "@lexical/react/LexicalComposer";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { TablePlugin } from "@lexical/react/LexicalTablePlugin";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import { TableCellNode, TableNode, TableRowNode } from "@lexical/table";
import type { EditorState, EditorThemeClasses, LexicalEditor } from "lexical";
import { useCallback, useState } from "react";
import { isSafeLinkUrl } from "~/components/operator/rich-text-editor/urls";
import { EmbedNode, ImageNode } from "~/components/operator/rich-text-editor/nodes";
import { $exportHtml, InitialHtmlPlugin } from "~/components/operator/rich-text-editor/html";
import { Toolbar } from "~/components/operator/rich-text-editor/toolbar";

export type RichTextEditorImplProps = {
  name: string;
  id?: string | undefined;
  /** Accessible name of the editable area. */
  label: string;
  /** The HTML to start from; read once, when the editor mounts. */
  getInitialHtml: () => string;
};

/**
 * Classes only for the look inside the editor (the `.rich-text` styles of app/app.css do the
 * rest, as on the public page). They are stripped from the exported HTML.
 */
const theme: EditorThemeClasses = {
  code: "my-3 block overflow-x-auto rounded-lg bg-[#1f1a17] p-4 font-mono text-sm whitespace-pre text-[#f5efe8]",
  list: {
    nested: { listitem: "list-none" },
  },
  table: "my-4 border-collapse",
  tableCell: "min-w-16 border border-kayu-200 px-2 py-1 align-top",
  tableCellHeader: "bg-kayu-100 font-semibold",
  tableCellSelected: "bg-kayu-200/60",
  tableSelection: "selection:bg-transparent",
  text: {
    bold: "font-bold",
    italic: "italic",
    underline: "underline",
    strikethrough: "line-through",
    underlineStrikethrough: "[text-decoration:underline_line-through]",
    code: "rounded bg-kayu-100 px-1 font-mono text-[0.9em]",
    subscript: "align-sub text-[0.8em]",
    superscript: "align-super text-[0.8em]",
    highlight: "bg-yellow-200",
  },
};

const NODES = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  LinkNode,
  AutoLinkNode,
  CodeNode,
  CodeHighlightNode,
  TableNode,
  TableCellNode,
  TableRowNode,
  ImageNode,
  EmbedNode,
];

export default function RichTextEditorImpl({ name, id, label, getInitialHtml }: RichTextEditorImplProps) {
  // Read once: what the textarea held when the editor took over.
  const [initialHtml] = useState(getInitialHtml);
  // Controlled, so a re-render of the surrounding form can never put the stored HTML back
  // (React resets a hidden input's value to defaultValue when it re-renders).
  const [html, setHtml] = useState(initialHtml);

  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: `etalase-${name}`,
    nodes: NODES,
    theme,
    onError: (error) => {
      console.error(error);
    },
  }));

  const onChange = useCallback((editorState: EditorState, editor: LexicalEditor) => {
    setHtml(editorState.read(() => $exportHtml(editor), { editor }));
  }, []);

  return (
    <div className="overflow-hidden rounded-lg border border-stone-300 bg-white focus-within:border-kayu-500 focus-within:ring-2 focus-within:ring-kayu-200">
      <input type="hidden" name={name} value={html} readOnly />
      <LexicalComposer initialConfig={initialConfig}>
        <Toolbar editorId={id} />
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              id={id}
              aria-label={label}
              aria-multiline
              spellCheck
              style={{ height: 500 }}
              className="rich-text h-[500px] overflow-y-auto px-4 py-2 focus:outline-none"
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={isSafeLinkUrl} />
        <TablePlugin hasCellBackgroundColor={false} />
        <InitialHtmlPlugin html={initialHtml} />
        <OnChangePlugin onChange={onChange} ignoreSelectionChange />
      </LexicalComposer>
    </div>
  );
}

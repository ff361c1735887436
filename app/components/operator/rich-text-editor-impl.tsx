/**
 * The Lexical rich-text editor behind RichTextEditor (./rich-text-editor.tsx), loaded lazily in
 * the browser only. The document's HTML lives in a hidden <input name={name}>: it starts as the
 * stored HTML (unchanged, so saving without editing loses nothing) and is rewritten from the
 * editor state on every content change. The HTML stays within app/lib/sanitize.server.ts.
 */
import { $createCodeNode, $isCodeNode, CodeHighlightNode, CodeNode } from "@lexical/code";
import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $createLinkNode, $isLinkNode, AutoLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
  REMOVE_LIST_COMMAND,
} from "@lexical/list";
import { type InitialConfigType, LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { TablePlugin } from "@lexical/react/LexicalTablePlugin";
import { useLexicalNodeSelection } from "@lexical/react/useLexicalNodeSelection";
import {
  $createHeadingNode,
  $createQuoteNode,
  $isHeadingNode,
  $isQuoteNode,
  HeadingNode,
  QuoteNode,
} from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { INSERT_TABLE_COMMAND, TableCellNode, TableNode, TableRowNode } from "@lexical/table";
import { $dfs, $findMatchingParent, $getNearestNodeOfType, $insertNodeToNearestRoot, mergeRegister } from "@lexical/utils";
import {
  $applyNodeReplacement,
  $createParagraphNode,
  $createTextNode,
  $getDocument,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $getState,
  $insertNodes,
  $isDecoratorNode,
  $isElementNode,
  $isParagraphNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $setState,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  CLICK_COMMAND,
  COMMAND_PRIORITY_LOW,
  createState,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type EditorState,
  type EditorThemeClasses,
  type ElementFormatType,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  HISTORY_MERGE_TAG,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  REDO_COMMAND,
  UNDO_COMMAND,
} from "lexical";
import { type JSX, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { isSafeLinkUrl, normalizeEmbedSrc, normalizeImageSrc, normalizeLinkInput, toEmbedUrl } from "~/components/operator/rich-text-editor-html";

export type RichTextEditorImplProps = {
  name: string;
  id?: string | undefined;
  /** Accessible name of the editable area. */
  label: string;
  /** The HTML to start from; read once, when the editor mounts. */
  getInitialHtml: () => string;
};

/* ------------------------------------------------------------------------------------------------
 * Decorator nodes: image and media embed
 * --------------------------------------------------------------------------------------------- */

const stringState = (key: string) => createState(key, { parse: (value) => (typeof value === "string" ? value : "") });
const srcState = stringState("src");
const altState = stringState("alt");

function $convertImageElement(element: HTMLElement): DOMConversionOutput {
  const raw = element.getAttribute("src") ?? "";
  // Stored images may be data: URLs (the sanitizer lets them through); keep those as they are.
  const src = /^data:image\//i.test(raw) ? raw : normalizeImageSrc(raw);
  return { node: src ? $createImageNode(src, element.getAttribute("alt") ?? "") : null };
}

/** An inline image: exports to <img src alt>, imports from <img>. */
class ImageNode extends DecoratorNode<JSX.Element> {
  $config() {
    return this.config("etalase-image", {
      extends: DecoratorNode,
      stateConfigs: [
        { flat: true, stateConfig: srcState },
        { flat: true, stateConfig: altState },
      ],
      importDOM: {
        img: () => ({ conversion: $convertImageElement, priority: 0 }),
      } satisfies DOMConversionMap,
    });
  }

  getSrc(): string {
    return $getState(this, srcState);
  }

  getAlt(): string {
    return $getState(this, altState);
  }

  createDOM(): HTMLElement {
    const span = $getDocument().createElement("span");
    span.className = "inline-block max-w-full align-bottom";
    return span;
  }

  updateDOM(): false {
    return false;
  }

  exportDOM(): DOMExportOutput {
    const img = $getDocument().createElement("img");
    img.setAttribute("src", this.getSrc());
    img.setAttribute("alt", this.getAlt());
    return { element: img };
  }

  getTextContent(): string {
    return "";
  }

  decorate(): JSX.Element {
    return <ImageView nodeKey={this.getKey()} src={this.getSrc()} alt={this.getAlt()} />;
  }
}

function $createImageNode(src: string, alt: string): ImageNode {
  const node = $applyNodeReplacement(new ImageNode());
  $setState(node, srcState, src);
  return $setState(node, altState, alt);
}

function $convertIframeElement(element: HTMLElement): DOMConversionOutput {
  const src = normalizeEmbedSrc(element.getAttribute("src") ?? "");
  return { node: src ? $createEmbedNode(src) : null };
}

/** A block-level media embed (YouTube, Vimeo; Google Maps kept when imported): <iframe>. */
class EmbedNode extends DecoratorNode<JSX.Element> {
  $config() {
    return this.config("etalase-embed", {
      extends: DecoratorNode,
      stateConfigs: [{ flat: true, stateConfig: srcState }],
      importDOM: {
        iframe: () => ({ conversion: $convertIframeElement, priority: 1 }),
      } satisfies DOMConversionMap,
    });
  }

  getSrc(): string {
    return $getState(this, srcState);
  }

  isInline(): false {
    return false;
  }

  createDOM(): HTMLElement {
    const div = $getDocument().createElement("div");
    div.className = "my-4";
    return div;
  }

  updateDOM(): false {
    return false;
  }

  exportDOM(): DOMExportOutput {
    const iframe = $getDocument().createElement("iframe");
    iframe.setAttribute("src", this.getSrc());
    iframe.setAttribute("width", "560");
    iframe.setAttribute("height", "315");
    iframe.setAttribute("title", "Video");
    iframe.setAttribute("allowfullscreen", "");
    return { element: iframe };
  }

  getTextContent(): string {
    return "";
  }

  decorate(): JSX.Element {
    return <EmbedView nodeKey={this.getKey()} src={this.getSrc()} />;
  }
}

function $createEmbedNode(src: string): EmbedNode {
  return $setState($applyNodeReplacement(new EmbedNode()), srcState, src);
}

function $isEmbedNode(node: LexicalNode | null | undefined): node is EmbedNode {
  return node instanceof EmbedNode;
}

/** Selects a decorator on click (then Backspace/Delete removes it, handled by RichTextPlugin). */
function useDecoratorSelection(nodeKey: NodeKey) {
  const [editor] = useLexicalComposerContext();
  const [isSelected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);
  useEffect(
    () =>
      editor.registerCommand(
        CLICK_COMMAND,
        (event: MouseEvent) => {
          const element = editor.getElementByKey(nodeKey);
          if (!element || !(event.target instanceof Node) || !element.contains(event.target)) return false;
          if (!event.shiftKey) clearSelection();
          setSelected(!isSelected);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [clearSelection, editor, isSelected, nodeKey, setSelected],
  );
  const remove = useCallback(() => {
    editor.update(() => {
      $getNodeByKey(nodeKey)?.remove();
    });
    editor.focus();
  }, [editor, nodeKey]);
  return { isSelected, remove };
}

function RemoveButton({ label, selected, onClick }: { label: string; selected: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-selected={selected}
      aria-label={label}
      title={label}
      className="absolute top-1 right-1 grid h-7 w-7 place-items-center rounded-full bg-stone-900/75 text-white opacity-0 transition group-hover:opacity-100 group-focus-within:opacity-100 focus:opacity-100 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none data-[selected=true]:opacity-100"
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true" className="h-4 w-4">
        <path d="M18 6 6 18M6 6l12 12" />
      </svg>
    </button>
  );
}

function ImageView({ nodeKey, src, alt }: { nodeKey: NodeKey; src: string; alt: string }) {
  const { isSelected, remove } = useDecoratorSelection(nodeKey);
  return (
    <span className="group relative inline-block max-w-full">
      <img
        src={src}
        alt={alt}
        draggable={false}
        className={`max-w-full rounded-lg ${isSelected ? "outline-3 outline-offset-2 outline-kayu-500" : ""}`}
      />
      <RemoveButton label="Hapus gambar" selected={isSelected} onClick={remove} />
    </span>
  );
}

function EmbedView({ nodeKey, src }: { nodeKey: NodeKey; src: string }) {
  const { isSelected, remove } = useDecoratorSelection(nodeKey);
  return (
    <div
      className={`group relative inline-block max-w-full rounded-lg border-4 p-1 ${isSelected ? "border-kayu-500" : "border-transparent hover:border-kayu-200"}`}
    >
      <iframe src={src} width={560} height={315} title="Video" allowFullScreen className="block max-w-full" />
      <RemoveButton label="Hapus media" selected={isSelected} onClick={remove} />
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------
 * HTML in and out
 * --------------------------------------------------------------------------------------------- */

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

/** Wraps runs of inline nodes (text, links, images) in paragraphs: the root only takes blocks. */
function $toBlocks(nodes: LexicalNode[]): LexicalNode[] {
  const blocks: LexicalNode[] = [];
  let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of nodes) {
    const isBlock = ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();
    if (isBlock) {
      paragraph = null;
      blocks.push(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        blocks.push(paragraph);
      }
      paragraph.append(node);
    }
  }
  return blocks;
}

/** An <iframe> imported inside a paragraph (or heading…) is moved right after that block. */
function $hoistEmbeds() {
  for (const { node } of $dfs()) {
    if (!$isEmbedNode(node)) continue;
    let block: LexicalNode = node;
    let parent = block.getParent();
    while (parent && !$isRootOrShadowRoot(parent)) {
      block = parent;
      parent = block.getParent();
    }
    if (block === node) continue;
    const oldParent = node.getParent();
    block.insertAfter(node);
    if (oldParent && $isParagraphNode(oldParent) && oldParent.isEmpty()) oldParent.remove();
  }
}

/** Replaces the document with the given HTML (as one step that undo does not revert). */
function loadHtml(editor: LexicalEditor, html: string) {
  editor.update(
    () => {
      const dom = new DOMParser().parseFromString(html, "text/html");
      const root = $getRoot();
      root.clear();
      const blocks = $toBlocks($generateNodesFromDOM(editor, dom));
      if (blocks.length > 0) root.append(...blocks);
      $hoistEmbeds();
      if (root.isEmpty()) root.append($createParagraphNode());
    },
    { tag: HISTORY_MERGE_TAG },
  );
}

const KEPT_ATTRIBUTES = new Set(["href", "src", "alt", "title", "width", "height", "allowfullscreen", "colspan", "rowspan", "scope", "style", "target", "rel"]);

/**
 * Lexical's HTML minus what only matters inside the editor: theme classes, data-* attributes,
 * `white-space: pre-wrap` on every text run and the plain <span>s left by that. Only
 * text-align survives in style attributes, as on the server.
 */
function cleanHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  for (const element of Array.from(body.querySelectorAll("*"))) {
    for (const attribute of Array.from(element.attributes)) {
      if (!KEPT_ATTRIBUTES.has(attribute.name)) element.removeAttribute(attribute.name);
    }
    if (element instanceof HTMLElement && element.hasAttribute("style")) {
      const align = element.style.textAlign;
      if (/^(left|right|center|justify)$/.test(align)) element.setAttribute("style", `text-align: ${align};`);
      else element.removeAttribute("style");
    }
  }
  // <span>text</span> → text; <b><strong>x</strong></b> → <strong>x</strong> (also <i><em>).
  for (const span of Array.from(body.querySelectorAll("span"))) {
    if (span.attributes.length === 0) span.replaceWith(...Array.from(span.childNodes));
  }
  for (const [outer, inner] of [
    ["b", "STRONG"],
    ["i", "EM"],
  ] as const) {
    for (const element of Array.from(body.querySelectorAll(outer))) {
      const only = element.childNodes.length === 1 ? element.firstElementChild : null;
      if (only && only.tagName === inner && element.attributes.length === 0) element.replaceWith(only);
    }
  }
  body.normalize();
  return body.innerHTML;
}

/** The document as HTML; "" for an empty document (a single empty paragraph). */
function $exportHtml(editor: LexicalEditor): string {
  const root = $getRoot();
  const first = root.getFirstChild();
  if (root.getChildrenSize() === 1 && $isParagraphNode(first) && first.isEmpty()) return "";
  return cleanHtml($generateHtmlFromNodes(editor, null));
}

/** Loads the starting HTML into the editor, once. */
function InitialHtmlPlugin({ html }: { html: string }) {
  const [editor] = useLexicalComposerContext();
  const loaded = useRef(false);
  useLayoutEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    loadHtml(editor, html);
  }, [editor, html]);
  return null;
}

/* ------------------------------------------------------------------------------------------------
 * Toolbar
 * --------------------------------------------------------------------------------------------- */

type BlockType = "paragraph" | "h2" | "h3" | "other" | "quote" | "code" | "bullet" | "number";

type ToolbarState = {
  block: BlockType;
  align: ElementFormatType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  link: string | null;
};

const INITIAL_TOOLBAR: ToolbarState = {
  block: "paragraph",
  align: "",
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
  link: null,
};

function $readToolbarState(): ToolbarState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return INITIAL_TOOLBAR;
  const anchor = selection.anchor.getNode();
  const top =
    anchor.getKey() === "root"
      ? anchor
      : ($findMatchingParent(anchor, (node) => {
          const parent = node.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        }) ?? anchor);

  let block: BlockType = "other";
  if ($isListNode(top)) {
    const list = $getNearestNodeOfType(anchor, ListNode) ?? top;
    const type = list.getListType();
    block = type === "bullet" ? "bullet" : type === "number" ? "number" : "other";
  } else if ($isHeadingNode(top)) {
    const tag = top.getTag();
    block = tag === "h2" || tag === "h3" ? tag : "other";
  } else if ($isQuoteNode(top)) block = "quote";
  else if ($isCodeNode(top)) block = "code";
  else if ($isParagraphNode(top)) block = "paragraph";

  const linkNode = $findMatchingParent(anchor, $isLinkNode) ?? $findMatchingParent(selection.focus.getNode(), $isLinkNode);
  const alignSource = $findMatchingParent(anchor, (node) => $isElementNode(node) && !node.isInline());
  return {
    block,
    align: $isElementNode(alignSource) ? alignSource.getFormatType() : "",
    bold: selection.hasFormat("bold"),
    italic: selection.hasFormat("italic"),
    underline: selection.hasFormat("underline"),
    strikethrough: selection.hasFormat("strikethrough"),
    link: $isLinkNode(linkNode) ? linkNode.getURL() : null,
  };
}

const ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  redo: "m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13",
  bold: "M6 12h9a4 4 0 0 1 0 8H6V4h8a4 4 0 0 1 0 8",
  italic: "M19 4h-9M14 20H5M15 4 9 20",
  underline: "M6 4v6a6 6 0 0 0 12 0V4M4 20h16",
  strikethrough: "M16 4H9a3 3 0 0 0-2.83 4M14 12a4 4 0 0 1 0 8H6M4 12h16",
  code: "m16 18 6-6-6-6M8 6l-6 6 6 6",
  quote: "M7 7h4v5c0 3-2 5-4 5M15 7h4v5c0 3-2 5-4 5M7 7v5h4M15 7v5h4",
  bullet: "M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01",
  number: "M10 6h11M10 12h11M10 18h11M4 4h1v5M4 9h2M6 20H4c0-1.5 2-2.5 2-4a1 1 0 0 0-2 0",
  link: "M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71",
  image: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM21 15l-5-5L5 21",
  video: "M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM10 9l5 3-5 3z",
  table: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM3 9h18M3 15h18M9 3v18M15 3v18",
  left: "M21 6H3M15 12H3M17 18H3",
  center: "M21 6H3M17 12H7M19 18H5",
  right: "M21 6H3M21 12H9M21 18H7",
  justify: "M21 6H3M21 12H3M21 18H3",
} as const;

function ToolbarButton({
  icon,
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
}: {
  icon: keyof typeof ICONS;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the caret (and the selection the command acts on) in the editor.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="grid h-8 w-8 shrink-0 place-items-center rounded-md text-stone-700 transition hover:bg-kayu-100 focus-visible:ring-2 focus-visible:ring-kayu-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-kayu-200 aria-pressed:text-kayu-900"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="h-[18px] w-[18px]"
      >
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-6 w-px shrink-0 bg-stone-300" />;
}

function Group({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-0.5">{children}</div>;
}

const ALIGNMENTS = [
  { format: "left", icon: "left", label: "Rata kiri" },
  { format: "center", icon: "center", label: "Rata tengah" },
  { format: "right", icon: "right", label: "Rata kanan" },
  { format: "justify", icon: "justify", label: "Rata kiri-kanan" },
] as const;

const TEXT_FORMATS = [
  { format: "bold", icon: "bold", label: "Tebal", shortcut: "Ctrl+B" },
  { format: "italic", icon: "italic", label: "Miring", shortcut: "Ctrl+I" },
  { format: "underline", icon: "underline", label: "Garis bawah", shortcut: "Ctrl+U" },
  { format: "strikethrough", icon: "strikethrough", label: "Coret", shortcut: undefined },
] as const;

function Toolbar({ editorId }: { editorId: string | undefined }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(INITIAL_TOOLBAR);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          setState(editorState.read($readToolbarState));
        }),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (payload) => {
            setCanUndo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (payload) => {
            setCanRedo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );

  const setBlock = (block: BlockType) => {
    editor.update(() => {
      const selection = $getSelection();
      if (block === "h2" || block === "h3") $setBlocksType(selection, () => $createHeadingNode(block));
      else if (block === "quote") $setBlocksType(selection, () => $createQuoteNode());
      else if (block === "code") $setBlocksType(selection, () => $createCodeNode());
      else $setBlocksType(selection, () => $createParagraphNode());
    });
    editor.focus();
  };

  const toggleBlock = (block: "quote" | "code") => setBlock(state.block === block ? "paragraph" : block);

  const toggleList = (list: "bullet" | "number") => {
    if (state.block === list) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(list === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
    editor.focus();
  };

  const editLink = () => {
    const input = window.prompt(
      "Alamat tautan (https://…, mailto:…, tel:… atau /halaman). Kosongkan untuk menghapus tautan.",
      state.link ?? "https://",
    );
    if (input === null) return;
    if (input.trim() === "" || input.trim() === "https://") {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
      return;
    }
    const url = normalizeLinkInput(input);
    if (!url) {
      window.alert("Alamat tautan tidak valid. Gunakan http://, https://, mailto: atau tel:.");
      return;
    }
    const collapsed = editor.getEditorState().read(() => {
      const selection = $getSelection();
      return $isRangeSelection(selection) && selection.isCollapsed();
    });
    if (collapsed && !state.link) {
      // Nothing selected: insert the address itself as the link text.
      editor.update(() => {
        const link = $createLinkNode(url);
        link.append($createTextNode(url));
        $insertNodes([link]);
      });
    } else {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, url);
    }
    editor.focus();
  };

  const insertImage = () => {
    const input = window.prompt("Alamat gambar (https://… atau /uploads/…):", "https://");
    if (input === null || input.trim() === "" || input.trim() === "https://") return;
    const src = normalizeImageSrc(input);
    if (!src) {
      window.alert("Alamat gambar tidak valid. Gunakan alamat yang diawali https:// atau /.");
      return;
    }
    const alt = window.prompt("Teks alternatif gambar (deskripsi singkat untuk pembaca layar):", "") ?? "";
    editor.update(() => {
      $insertNodes([$createImageNode(src, alt.trim())]);
    });
    editor.focus();
  };

  const insertEmbed = () => {
    const input = window.prompt("Alamat video YouTube atau Vimeo:", "https://");
    if (input === null || input.trim() === "" || input.trim() === "https://") return;
    const src = toEmbedUrl(input);
    if (!src) {
      window.alert("Hanya video YouTube atau Vimeo yang dapat disisipkan. Periksa alamatnya.");
      return;
    }
    editor.update(() => {
      $insertNodeToNearestRoot($createEmbedNode(src));
    });
    editor.focus();
  };

  const insertTable = () => {
    editor.dispatchCommand(INSERT_TABLE_COMMAND, {
      rows: "3",
      columns: "3",
      includeHeaders: { rows: true, columns: false },
    });
    editor.focus();
  };

  const blockSelectValue = state.block === "paragraph" || state.block === "h2" || state.block === "h3" ? state.block : "other";

  return (
    <div
      role="toolbar"
      aria-label="Format teks"
      aria-controls={editorId}
      className="flex flex-wrap items-center gap-y-1 border-b border-stone-200 bg-stone-50 px-2 py-1.5"
    >
      <Group>
        <ToolbarButton
          icon="undo"
          label="Urungkan"
          shortcut="Ctrl+Z"
          disabled={!canUndo}
          onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}
        />
        <ToolbarButton
          icon="redo"
          label="Ulangi"
          shortcut="Ctrl+Y"
          disabled={!canRedo}
          onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}
        />
      </Group>
      <Separator />
      <select
        aria-label="Jenis blok"
        title="Jenis blok"
        value={blockSelectValue}
        onChange={(event) => setBlock(event.currentTarget.value as BlockType)}
        className="h-8 rounded-md border border-stone-300 bg-white px-2 text-sm focus:border-kayu-500 focus:ring-2 focus:ring-kayu-200 focus:outline-none"
      >
        <option value="paragraph">Paragraf</option>
        <option value="h2">Judul 2</option>
        <option value="h3">Judul 3</option>
        <option value="other" disabled hidden>
          Lainnya
        </option>
      </select>
      <Separator />
      <Group>
        {TEXT_FORMATS.map(({ format, icon, label, shortcut }) => (
          <ToolbarButton
            key={format}
            icon={icon}
            label={label}
            shortcut={shortcut}
            pressed={state[format]}
            onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
          />
        ))}
      </Group>
      <Separator />
      <Group>
        <ToolbarButton icon="code" label="Blok kode" pressed={state.block === "code"} onClick={() => toggleBlock("code")} />
        <ToolbarButton icon="quote" label="Kutipan" pressed={state.block === "quote"} onClick={() => toggleBlock("quote")} />
        <ToolbarButton icon="bullet" label="Daftar berpoin" pressed={state.block === "bullet"} onClick={() => toggleList("bullet")} />
        <ToolbarButton icon="number" label="Daftar bernomor" pressed={state.block === "number"} onClick={() => toggleList("number")} />
      </Group>
      <Separator />
      <Group>
        <ToolbarButton icon="link" label="Tautan" pressed={state.link !== null} onClick={editLink} />
        <ToolbarButton icon="image" label="Sisipkan gambar" onClick={insertImage} />
        <ToolbarButton icon="video" label="Sisipkan video YouTube/Vimeo" onClick={insertEmbed} />
        <ToolbarButton icon="table" label="Sisipkan tabel 3×3" onClick={insertTable} />
      </Group>
      <Separator />
      <Group>
        {ALIGNMENTS.map(({ format, icon, label }) => (
          <ToolbarButton
            key={format}
            icon={icon}
            label={label}
            pressed={state.align === format}
            onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, format)}
          />
        ))}
      </Group>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The editor
 * --------------------------------------------------------------------------------------------- */

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

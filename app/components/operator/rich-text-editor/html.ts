/**
 * The editor's document in and out as HTML: the stored HTML read into the editor once, when it
 * mounts (InitialHtmlPlugin; loose inline runs wrapped in paragraphs, an <iframe> inside a
 * paragraph moved after it), and the document written back as clean HTML on every change
 * ($exportHtml: what only matters inside the editor is dropped, as the server's sanitizer in
 * app/lib/sanitize.server.ts would).
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $dfs } from "@lexical/utils";
import {
  $createParagraphNode,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $isParagraphNode,
  $isRootOrShadowRoot,
  HISTORY_MERGE_TAG,
  type LexicalEditor,
  type LexicalNode,
} from "lexical";
import { useLayoutEffect, useRef } from "react";
import { $isEmbedNode } from "~/components/operator/rich-text-editor/nodes";

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
export function $exportHtml(editor: LexicalEditor): string {
  const root = $getRoot();
  const first = root.getFirstChild();
  if (root.getChildrenSize() === 1 && $isParagraphNode(first) && first.isEmpty()) return "";
  return cleanHtml($generateHtmlFromNodes(editor, null));
}

/** Loads the starting HTML into the editor, once. */
export function InitialHtmlPlugin({ html }: { html: string }) {
  const [editor] = useLexicalComposerContext();
  const loaded = useRef(false);
  useLayoutEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    loadHtml(editor, html);
  }, [editor, html]);
  return null;
}

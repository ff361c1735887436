/**
 * What the toolbar shows of the selection: its block (paragraph, heading, quote, code, list),
 * its alignment, the text formats on it and the link it is in.
 */
import { $isCodeNode } from "@lexical/code";
import { $isLinkNode } from "@lexical/link";
import { $isListNode, ListNode } from "@lexical/list";
import { $isHeadingNode, $isQuoteNode } from "@lexical/rich-text";
import { $findMatchingParent, $getNearestNodeOfType } from "@lexical/utils";
import { $getSelection, $isElementNode, $isParagraphNode, $isRangeSelection, $isRootOrShadowRoot, type ElementFormatType } from "lexical";

export type BlockType = "paragraph" | "h2" | "h3" | "other" | "quote" | "code" | "bullet" | "number";

export type ToolbarState = {
  block: BlockType;
  align: ElementFormatType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  link: string | null;
};

export const INITIAL_TOOLBAR: ToolbarState = {
  block: "paragraph",
  align: "",
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
  link: null,
};

export function $readToolbarState(): ToolbarState {
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

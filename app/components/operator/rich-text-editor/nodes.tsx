/**
 * The editor's own decorator nodes: an inline image (<img src alt>) and a block-level media
 * embed (<iframe>, YouTube and Vimeo; Google Maps kept when imported), each with how it is read
 * from and written to HTML and its view inside the editor (selected by a click, removed with
 * its button, Backspace or Delete). Every URL passes the checks of ./urls.ts.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { useLexicalNodeSelection } from "@lexical/react/useLexicalNodeSelection";
import {
  $applyNodeReplacement,
  $getDocument,
  $getNodeByKey,
  $getState,
  $setState,
  CLICK_COMMAND,
  COMMAND_PRIORITY_LOW,
  createState,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
} from "lexical";
import { type JSX, useCallback, useEffect } from "react";
import { normalizeEmbedSrc, normalizeImageSrc } from "~/components/operator/rich-text-editor/urls";

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
export class ImageNode extends DecoratorNode<JSX.Element> {
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

export function $createImageNode(src: string, alt: string): ImageNode {
  const node = $applyNodeReplacement(new ImageNode());
  $setState(node, srcState, src);
  return $setState(node, altState, alt);
}

function $convertIframeElement(element: HTMLElement): DOMConversionOutput {
  const src = normalizeEmbedSrc(element.getAttribute("src") ?? "");
  return { node: src ? $createEmbedNode(src) : null };
}

/** A block-level media embed (YouTube, Vimeo; Google Maps kept when imported): <iframe>. */
export class EmbedNode extends DecoratorNode<JSX.Element> {
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

export function $createEmbedNode(src: string): EmbedNode {
  return $setState($applyNodeReplacement(new EmbedNode()), srcState, src);
}

export function $isEmbedNode(node: LexicalNode | null | undefined): node is EmbedNode {
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

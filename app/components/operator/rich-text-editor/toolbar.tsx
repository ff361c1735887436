/**
 * The editor's toolbar (role="toolbar", "Format teks"): undo and redo, the block type, the text
 * formats, code block, quote and lists, a link, an image, a YouTube/Vimeo video and a table, and
 * the alignment. Links, images and videos are asked for with the browser's prompt and checked by
 * ./urls.ts before they are inserted.
 */
import { $createCodeNode } from "@lexical/code";
import { $createLinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createHeadingNode, $createQuoteNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { INSERT_TABLE_COMMAND } from "@lexical/table";
import { $insertNodeToNearestRoot, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $createTextNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
} from "lexical";
import { useEffect, useState } from "react";
import { normalizeImageSrc, normalizeLinkInput, toEmbedUrl } from "~/components/operator/rich-text-editor/urls";
import { $createEmbedNode, $createImageNode } from "~/components/operator/rich-text-editor/nodes";
import { $readToolbarState, INITIAL_TOOLBAR, type BlockType, type ToolbarState } from "~/components/operator/rich-text-editor/toolbar-state";
import { Group, Separator, ToolbarButton } from "~/components/operator/rich-text-editor/toolbar-button";

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

export function Toolbar({ editorId }: { editorId: string | undefined }) {
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

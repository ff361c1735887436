/**
 * The one sanitizer for stored rich text (about, cooperation) and address markup.
 * Everything user-typed that is later rendered as HTML passes here on the way in.
 */
import sanitizeHtml from "sanitize-html";

const EMBED_HOSTS = ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com", "www.google.com"];

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code",
    "strong", "b", "em", "i", "u", "s", "sub", "sup", "mark", "span",
    "ul", "ol", "li", "a", "img", "figure", "figcaption",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col",
    "iframe",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    iframe: ["src", "width", "height", "title", "allowfullscreen"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    col: ["span"],
    "*": ["style", "class", "dir"],
  },
  allowedStyles: {
    "*": {
      "text-align": [/^(left|right|center|justify)$/],
      "font-weight": [/^(bold|normal|[1-9]00)$/],
      "font-style": [/^(italic|normal)$/],
      "text-decoration": [/^(underline|line-through|none)$/],
    },
  },
  allowedClasses: { "*": [/^[a-zA-Z0-9_-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html ?? "", RICH_TEXT).trim();
}

/**
 * The shop's address (Setting → Alamat): text that may carry line breaks and a little markup
 * (SPEC "Setting (public)": `<br>` and inline emphasis), the legacy client's and an old
 * database's included. Every other tag is dropped with its attributes, and the text is HTML
 * (a typed "&" is stored as "&amp;"), so the pages and the API hand out something safe to render.
 */
const ADDRESS: sanitizeHtml.IOptions = { allowedTags: ["br", "b", "strong", "i", "em", "u"], allowedAttributes: {} };

export function sanitizeAddress(html: string): string {
  return sanitizeHtml(html ?? "", ADDRESS).replace(/<br \/>/g, "<br>").trim();
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The address as one line of plain text (structured data, a plain-text e-mail): breaks become ", ". */
export function addressText(html: string): string {
  const text = sanitizeHtml((html ?? "").replace(/<br\s*\/?>|\r?\n/gi, ", "), { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!).replace(/(?:,\s*){2,}/g, ", ").replace(/\s+/g, " ").replace(/^[,\s]+|[,\s]+$/g, "");
}

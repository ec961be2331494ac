/**
 * Product descriptions are Markdown written by staff; they become HTML here, on the
 * server, so no Markdown library ships to the browser. Raw HTML in the text is shown as
 * text, links keep only http(s), mailto, same-site and #anchor targets (never
 * javascript: or data:), and images become their alt text.
 */
import { Marked, type Tokens } from "marked";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** A whitelist of prefixes: anything that is not clearly safe (entities, odd schemes) is dropped. */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      const target = href.trim();
      if (!SAFE_HREF.test(target)) return label;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      const external = /^(https?:|mailto:)/i.test(target) ? ' rel="nofollow noopener noreferrer"' : "";
      return `<a href="${escapeHtml(target)}"${titleAttr}${external}>${label}</a>`;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/**
 * The web app's only two ways to put raw HTML into a page, kept in one reviewed place
 * (the XSS suite checks no other file does it):
 * - `MarkdownHtml`: HTML from lib/markdown.server.ts, which escapes raw HTML in the source
 *   and keeps only safe links;
 * - `JsonLdScript`: JSON-LD from lib/structured-data.ts `jsonLdText`, which writes <, >, &
 *   and the line separators as \u escapes so nothing can end the script element.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  const classes = ["space-y-3 text-stone-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5", className]
    .filter(Boolean)
    .join(" ");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: lib/markdown.server.ts escapes raw HTML and drops unsafe links
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function JsonLdScript({ json }: { json: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (lib/structured-data.ts)
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

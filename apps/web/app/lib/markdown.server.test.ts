import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server.ts";

describe("a product description in Markdown", () => {
  it("renders emphasis, lists and safe links", () => {
    const html = renderMarkdown(
      "Soft **cotton**.\n\n- Relaxed fit\n- [Care guide](/help) and [mills](https://example.com)",
    );
    expect(html).toContain("<strong>cotton</strong>");
    expect(html).toContain("<li>Relaxed fit</li>");
    expect(html).toContain('<a href="/help">Care guide</a>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">mills</a>');
  });

  it.each([
    ["<script>alert(1)</script>", "<script"],
    ['<img src="x" onerror="alert(1)">', "<img"],
    ["Hi <b onclick=alert(1)>there</b>", "<b"],
    ['<a href="javascript:alert(1)">x</a>', "<a"],
    ["<iframe src=//evil.example></iframe>", "<iframe"],
  ])("shows raw HTML %s as text", (input, tag) => {
    const html = renderMarkdown(input);
    expect(html).not.toContain(tag);
    expect(html).toContain("&lt;");
  });

  it.each([
    ["[x](javascript:alert(1))"],
    ["[x](JaVaScRiPt:alert(1))"],
    ["[x]( javascript:alert(1))"],
    ["[x](java&#x09;script:alert(1))"],
    ["[x](data:text/html;base64,PHNjcmlwdD4=)"],
    ["[x](vbscript:msgbox)"],
    ["<javascript:alert(1)>"],
    ["[x][ref]\n\n[ref]: javascript:alert(1)"],
    ["[x](//evil.example/path)"],
  ])("drops the unsafe link target in %s, keeping the words", (input) => {
    const html = renderMarkdown(input);
    expect(html).not.toMatch(/<a\b|href/i);
    expect(html).toMatch(/^<p>.+<\/p>/);
  });

  it("escapes quotes in a link so it cannot add attributes", () => {
    const html = renderMarkdown('[x](https://example.com/"onmouseover="alert(1) "t")');
    expect(html).not.toMatch(/"\s*onmouseover=/);
  });

  it("turns images into their alt text, so no tracking pixel or broken layout slips in", () => {
    expect(renderMarkdown("![A hoodie](https://evil.example/pixel.gif)")).toBe("<p>A hoodie</p>\n");
  });
});

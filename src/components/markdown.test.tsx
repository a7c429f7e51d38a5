// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

afterEach(cleanup);

const hint = "(otwiera się w nowej karcie)";

function content(markdown: string, siteUrl?: string) {
  return render(
    <Markdown variant="content" externalLinkHint={hint} siteUrl={siteUrl}>
      {markdown}
    </Markdown>,
  ).container;
}

function comment(markdown: string) {
  return render(
    <Markdown variant="comment" externalLinkHint={hint}>
      {markdown}
    </Markdown>,
  ).container;
}

describe("Markdown, both variants", () => {
  it.each(["content", "comment"] as const)("never renders raw HTML (%s)", (variant) => {
    const markdown = [
      "<script>alert('x')</script>",
      "",
      'Text <img src="x" onerror="alert(1)"> and <iframe src="https://evil.example"></iframe> and <b onclick="alert(2)">bold</b>.',
      "",
      '<a href="javascript:alert(3)">raw link</a>',
    ].join("\n");
    const { container } = render(
      <Markdown variant={variant} externalLinkHint={hint}>
        {markdown}
      </Markdown>,
    );
    expect(container.querySelector("script, iframe, img, b, [onerror], [onclick]")).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it("drops raw HTML entirely in content, and shows it as typed text in comments", () => {
    expect(content("<script>alert('x')</script>\n\nAfter.").textContent).not.toContain("alert");
    const typed = comment("Use the <div> element.");
    expect(typed.textContent).toBe("Use the <div> element.");
    expect(typed.firstElementChild?.querySelector("div")).toBeNull();
  });

  it.each(["content", "comment"] as const)("turns javascript:, vbscript: and data: links into plain text (%s)", (variant) => {
    const { container } = render(
      <Markdown variant={variant} externalLinkHint={hint}>
        {"[one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](vbscript:msgbox) [four](data:text/html,<script>alert(4)</script>) <javascript:alert(5)>"}
      </Markdown>,
    );
    expect(container.querySelectorAll("a")).toHaveLength(0);
    expect(container.textContent).toContain("one two three four");
    expect(container.innerHTML).not.toMatch(/href="(javascript|vbscript|data):/i);
  });

  it("does not pass react-markdown's node prop to the DOM", () => {
    const html = renderToStaticMarkup(
      <Markdown variant="content" externalLinkHint={hint}>
        {"# Title\n\nText with `code` and [a link](/x)."}
      </Markdown>,
    );
    expect(html).not.toContain("node=");
    expect(html).not.toContain("[object Object]");
  });
});

describe('Markdown variant="content"', () => {
  it("opens external links in a new tab with rel and an accessible hint", () => {
    const link = content("See [UODO](https://uodo.gov.pl).").querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://uodo.gov.pl");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.querySelector(".sr-only")?.textContent).toBe(` ${hint}`);
    expect(link.textContent).toContain("UODO");
  });

  it("keeps internal, anchor and mailto links in the same tab without a hint", () => {
    const container = content(
      "[cennik](/cennik) [odstąpienie](#9-prawo-odstapienia) [e-mail](mailto:kontakt@aranzer.pl) [home](https://aranzer.pl/blog)",
      "https://aranzer.pl",
    );
    const links = [...container.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/cennik",
      "#9-prawo-odstapienia",
      "mailto:kontakt@aranzer.pl",
      "https://aranzer.pl/blog",
    ]);
    for (const a of links) {
      expect(a.hasAttribute("target")).toBe(false);
      expect(a.querySelector(".sr-only")).toBeNull();
    }
  });

  it("treats protocol-relative and other-origin links as external", () => {
    const container = content("[a](//cdn.example/x) [b](https://aranzer.pl.evil.example/)", "https://aranzer.pl");
    for (const a of container.querySelectorAll("a")) expect(a.getAttribute("target")).toBe("_blank");
  });

  it("gives headings unique GitHub-style ids for anchors", () => {
    const container = content("## § 9. Prawo odstąpienia\n\n### Zażółć gęślą jaźń\n\n## Łódź\n\n## Łódź");
    const ids = [...container.querySelectorAll("h2, h3")].map((h) => h.id);
    expect(ids).toEqual(["-9-prawo-odstąpienia", "zażółć-gęślą-jaźń", "łódź", "łódź-1"]);
  });

  it("renders GFM tables, lists, quotes and code, with styling classes", () => {
    const container = content(
      "| Pakiet | Cena |\n|---|---|\n| Mini | 25,99 zł |\n\n- a\n- b\n\n1. x\n\n> quote\n\n```\ncode\n```\n\n~~old~~",
    );
    expect(container.querySelector("table td")?.textContent).toBe("Mini");
    expect(container.querySelector("table")?.parentElement?.getAttribute("tabindex")).toBe("0");
    expect(container.querySelectorAll("ul li")).toHaveLength(2);
    expect(container.querySelector("ol li")?.textContent).toBe("x");
    expect(container.querySelector("blockquote")?.className).toContain("border-l-4");
    expect(container.querySelector("pre code")?.textContent).toBe("code\n");
    expect(container.querySelector("del")?.textContent).toBe("old");
    expect(container.querySelector("p")?.className).toContain("my-");
  });

  it("renders images lazily with their alt text", () => {
    const img = content("![Salon w stylu skandynawskim](/blog/salon.webp)").querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("Salon w stylu skandynawskim");
    expect(img.getAttribute("loading")).toBe("lazy");
  });

  it("shows escaped operator details literally (as the legal loader escapes them)", () => {
    const container = content("Studio \\*Nowe\\* — [biuro\\_kontakt@example.com](mailto:biuro\\_kontakt@example.com)");
    expect(container.querySelector("em")).toBeNull();
    expect(container.textContent).toContain("Studio *Nowe*");
    expect(container.querySelector("a")?.getAttribute("href")).toBe("mailto:biuro_kontakt@example.com");
  });
});

describe('Markdown variant="comment"', () => {
  it("drops images and turns headings into paragraphs", () => {
    const container = comment("# Big title\n\n### Small title\n\n![tracking pixel](https://evil.example/p.gif)\n\nSome *text*.");
    expect(container.querySelector("h1, h2, h3, h4, h5, h6, img")).toBeNull();
    expect([...container.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["Big title", "Small title", "Some text."]);
    expect(container.querySelector("em")?.textContent).toBe("text");
  });

  it("keeps only prose elements: no tables, rules, strikethrough or task boxes", () => {
    const container = comment("| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\n~~gone~~ text\n\n- [ ] task");
    expect(container.querySelector("table, hr, del, input, h1, h2, section, sup")).toBeNull();
    expect(container.textContent).toContain("gone text");
    const allowed = new Set(["div", "p", "a", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "span"]);
    for (const element of container.querySelectorAll("*")) expect(allowed).toContain(element.tagName.toLowerCase());
  });

  it("allows the permitted subset", () => {
    const container = comment("**bold** *em* `code`\n\n> quoted\n\n1. one\n\n- two\n\n```\nblock\n```");
    for (const tag of ["strong", "em", "code", "blockquote", "ol", "ul", "li", "pre"]) {
      expect(container.querySelector(tag), tag).not.toBeNull();
    }
  });

  it("marks every link as user content: nofollow ugc noopener noreferrer", () => {
    const container = comment("[external](https://example.com) [internal](/blog) https://autolinked.example");
    const links = [...container.querySelectorAll("a")];
    expect(links).toHaveLength(3);
    for (const a of links) expect(a.getAttribute("rel")).toBe("nofollow ugc noopener noreferrer");
    expect(links[0]?.getAttribute("target")).toBe("_blank");
    expect(links[0]?.querySelector(".sr-only")?.textContent).toBe(` ${hint}`);
    expect(links[1]?.hasAttribute("target")).toBe(false);
  });

  it("gives comment headings no ids (no clobbering of the page's anchors)", () => {
    expect(comment("## main-content").querySelector("[id]")).toBeNull();
  });
});

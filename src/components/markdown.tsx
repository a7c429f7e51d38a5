import { createElement, type ComponentPropsWithoutRef, type JSX } from "react";
import ReactMarkdown, { type Components, type ExtraProps, type Options } from "react-markdown";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import { originOf, SafeLink } from "./markdown-link";

/**
 * Markdown for the blog and legal pages ("content") and for reader comments ("comment").
 *
 * No raw HTML in either: "content" drops it, "comment" shows it as the text that was typed.
 * react-markdown's default URL filter empties `javascript:`, `data:` and other unsafe addresses, and a
 * link left without an address renders as plain text. No hooks, so it works in server and client components.
 * Content headings get ids for #anchors from rehype-slug, as GitHub makes them (lower case, letters kept,
 * punctuation dropped, `-1` on a repeat); a heading that already has one (the footnotes label) keeps it.
 */
export type MarkdownProps = {
  /** The markdown source. */
  children: string;
  variant: "content" | "comment";
  /** Read by screen readers after the text of a link that opens in a new tab, e.g. "(otwiera się w nowej karcie)". */
  externalLinkHint: string;
  /** The site's own address; absolute links to it stay in the same tab. */
  siteUrl?: string;
  /** Known sizes of images in the text by their address, so their boxes are reserved before they load. */
  imageSizes?: Record<string, { width: number; height: number }>;
  className?: string;
};

/** A comment is prose: no headings, images, tables or rules that could pass for the page's own content. */
const COMMENT_ELEMENTS = ["p", "a", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote"];

export function Markdown({ children, variant, externalLinkHint, siteUrl, imageSizes, className }: MarkdownProps) {
  const isComment = variant === "comment";
  const siteOrigin = originOf(siteUrl);
  function MarkdownLink(props: Props<"a">) {
    const { href, children: text, ...rest } = withoutNode(props);
    return (
      <SafeLink {...rest} href={href} comment={isComment} siteOrigin={siteOrigin} hint={externalLinkHint}>
        {text}
      </SafeLink>
    );
  }
  return (
    <div
      className={[
        "text-gray-800 dark:text-gray-200 [&>:first-child]:mt-0 [&>:last-child]:mb-0",
        isComment ? "text-sm leading-6" : "text-base leading-7",
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={isComment ? [rehypeCommentSubset] : [rehypeSlug]}
        skipHtml={!isComment}
        allowedElements={isComment ? COMMENT_ELEMENTS : undefined}
        unwrapDisallowed={isComment}
        components={{ ...(isComment ? commentComponents : { ...contentComponents, img: sizedImage(imageSizes) }), a: MarkdownLink }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

type Tag = keyof JSX.IntrinsicElements;
type Props<T extends Tag> = ComponentPropsWithoutRef<T> & ExtraProps;

/** react-markdown passes its hast `node`; it must not reach the DOM as an attribute. */
function withoutNode<P extends ExtraProps>(props: P): Omit<P, "node"> {
  const { node, ...rest } = props;
  void node;
  return rest;
}

/** An element with fixed classes (markdown's own classes, e.g. `language-js`, are not needed for styling). */
function styled<T extends Tag>(tag: T, className: string) {
  function Styled(props: Props<T>) {
    return createElement(tag, { ...withoutNode(props), className });
  }
  Styled.displayName = `Markdown.${tag}`;
  return Styled;
}

const INLINE_CODE =
  "rounded bg-gray-100 px-1.5 py-0.5 font-mono [overflow-wrap:anywhere] text-[0.875em] text-gray-900 dark:bg-gray-800 dark:text-gray-100";
const PRE =
  "overflow-x-auto rounded-lg bg-gray-900 p-4 font-mono text-sm leading-6 text-gray-100 dark:bg-gray-950 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit";
const BLOCKQUOTE = "border-l-4 border-primary-300 pl-4 text-gray-700 italic dark:border-primary-700 dark:text-gray-300";
const HEADING = "scroll-mt-24 font-semibold tracking-tight text-gray-900 dark:text-gray-50";
const MARKER = "marker:text-gray-500 dark:marker:text-gray-400";

const commentComponents: Components = {
  p: styled("p", "my-2"),
  em: styled("em", "italic"),
  strong: styled("strong", "font-semibold text-gray-900 dark:text-gray-50"),
  code: styled("code", INLINE_CODE),
  pre: styled("pre", `my-3 ${PRE}`),
  ul: styled("ul", `my-2 list-disc space-y-1 pl-5 ${MARKER}`),
  ol: styled("ol", `my-2 list-decimal space-y-1 pl-5 ${MARKER}`),
  li: styled("li", "pl-1 [&>p]:my-2 [&>ol]:my-2 [&>ul]:my-2"),
  blockquote: styled("blockquote", `my-3 ${BLOCKQUOTE}`),
};

/** A long line of code or a wide table scrolls sideways on a phone; focusable (tabIndex 0) so the keyboard can scroll it too. */
const KEYBOARD_SCROLL = "focus-visible:outline-2 focus-visible:outline-primary-600";

const contentComponents: Components = {
  ...commentComponents,
  p: styled("p", "my-5"),
  pre: function MarkdownPre(props: Props<"pre">) {
    return <pre {...withoutNode(props)} tabIndex={0} className={`my-6 ${PRE} ${KEYBOARD_SCROLL}`} />;
  },
  ul: styled("ul", `my-5 list-disc space-y-2 pl-6 ${MARKER}`),
  ol: styled("ol", `my-5 list-decimal space-y-2 pl-6 ${MARKER}`),
  blockquote: styled("blockquote", `my-6 ${BLOCKQUOTE}`),
  h1: styled("h1", `${HEADING} mt-12 mb-5 text-3xl`),
  h2: styled("h2", `${HEADING} mt-12 mb-4 text-2xl`),
  h3: styled("h3", `${HEADING} mt-9 mb-3 text-xl`),
  h4: styled("h4", `${HEADING} mt-7 mb-2 text-lg`),
  h5: styled("h5", `${HEADING} mt-6 mb-2 text-base`),
  h6: styled("h6", `${HEADING} mt-6 mb-2 text-base`),
  hr: styled("hr", "my-10 border-gray-200 dark:border-gray-800"),
  table: function MarkdownTable(props: Props<"table">) {
    return (
      <div tabIndex={0} className={`my-6 overflow-x-auto rounded-sm ${KEYBOARD_SCROLL}`}>
        <table {...withoutNode(props)} className="w-full border-collapse text-left text-sm leading-6" />
      </div>
    );
  },
  thead: styled("thead", "border-b border-gray-300 dark:border-gray-700"),
  th: styled("th", "px-3 py-2 align-bottom font-semibold text-gray-900 dark:text-gray-50"),
  td: styled("td", "border-t border-gray-200 px-3 py-2 align-top dark:border-gray-800"),
  del: styled("del", "text-gray-600 dark:text-gray-400"),
};

/* rehype plugins work on hast trees, typed here by shape so as not to depend on @types/hast directly. */

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

type RehypePlugin = NonNullable<Options["rehypePlugins"]>[number];

const HEADING_TAG = /^h[1-6]$/;

/**
 * In a comment a heading becomes a paragraph (the words stay, the size goes), images are dropped, and so
 * is a paragraph left empty by that (a comment that was only an image).
 */
const rehypeCommentSubset = (() => (tree: HastNode) => {
  const prune = (node: HastNode) => {
    if (!node.children) return;
    node.children.forEach(prune);
    node.children = node.children.filter((child) => {
      if (child.type !== "element") return true;
      if (child.tagName === "img") return false;
      return !(child.tagName === "p" && textOf(child).trim() === "" && !child.children?.some((c) => c.type === "element"));
    });
  };
  walk(tree, (node) => {
    if (node.type === "element" && HEADING_TAG.test(node.tagName ?? "")) node.tagName = "p";
  });
  prune(tree);
}) as RehypePlugin;

function walk(node: HastNode, visit: (node: HastNode) => void) {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

function textOf(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

/** A content image, with its width and height when the page knows them (no layout shift as it loads). */
function sizedImage(sizes: MarkdownProps["imageSizes"]) {
  return function MarkdownImage(props: Props<"img">) {
    const { src, alt, title } = props;
    const size = typeof src === "string" ? sizes?.[src] : undefined;
    return (
      // eslint-disable-next-line @next/next/no-img-element -- markdown images are site files already sized for the text
      <img
        src={typeof src === "string" ? src : undefined}
        alt={alt ?? ""}
        title={title}
        width={size?.width}
        height={size?.height}
        loading="lazy"
        decoding="async"
        className="my-6 h-auto max-w-full rounded-lg"
      />
    );
  };
}

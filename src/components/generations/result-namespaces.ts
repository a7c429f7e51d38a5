/**
 * The message namespaces a batch's live results read (src/components/generations/live-results.tsx and the
 * names of src/components/generations/catalog-names.ts): a page that shows them hands at least these to
 * the browser.
 */
export const resultNamespaces = ["generation", "rooms", "styles", "modes", "materials", "paintColors", "errors"] as const;

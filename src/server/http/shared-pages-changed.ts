/**
 * The link between what changes a shared page (a comment under a post) and server.ts's cache of shared pages.
 * The two live in different module graphs of one process (Next's server bundle and server.ts), so they meet
 * on a global. Other web processes notice within the cache's freshness (config/page-cache.ts).
 */
type Forgettable = { clear(): void; forgetPaths(paths: readonly string[]): void };
const holder = globalThis as typeof globalThis & { __aranzerSharedPageCache?: Forgettable };

/** server.ts: the cache that `sharedPagesChanged` empties. */
export function registerSharedPageCache(cache: Forgettable): void {
  holder.__aranzerSharedPageCache = cache;
}

/**
 * Something every visitor sees has changed: the next visitor gets a fresh render. With `paths` (a post's
 * address, as blogPostPath gives it), only those pages are rendered anew; without, every page.
 */
export function sharedPagesChanged(options: { paths?: readonly string[] } = {}): void {
  if (options.paths) holder.__aranzerSharedPageCache?.forgetPaths(options.paths);
  else holder.__aranzerSharedPageCache?.clear();
}

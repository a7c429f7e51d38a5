/**
 * The link between what changes a shared page (a comment under a post) and server.ts's cache of shared pages.
 * The two live in different module graphs of one process (Next's server bundle and server.ts), so they meet
 * in the process singletons. Other web processes notice within the cache's freshness (config/page-cache.ts).
 */
import { install, peek } from "../process-singletons";

type Forgettable = { clear(): void; forgetPaths(paths: readonly string[]): void };

/** server.ts: the cache that `sharedPagesChanged` empties. */
export function registerSharedPageCache(cache: Forgettable): void {
  install("sharedPageCache", cache);
}

/**
 * Something every visitor sees has changed: the next visitor gets a fresh render. With `paths` (a post's
 * address, as blogPostPath gives it), only those pages are rendered anew; without, every page.
 */
export function sharedPagesChanged(options: { paths?: readonly string[] } = {}): void {
  const cache = peek<Forgettable>("sharedPageCache");
  if (options.paths) cache?.forgetPaths(options.paths);
  else cache?.clear();
}

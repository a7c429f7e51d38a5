/** Types for scripts/ensure-chromium.mjs (imported by playwright.config.ts and bench/lighthouse.ts). */
export declare const DEFAULT_CHROMIUM_PATH: string;
/** Flags for every Chromium launch: headless, no sandbox, nothing that phones home. */
export declare const chromiumArgs: string[];
export declare const DEFAULT_TEST_BROWSER_PATH: string;
/** $CHROMIUM_PATH or /usr/bin/chromium (the full browser, for the benchmarks); no side effects. */
export declare function chromiumPath(): string;
/** $CHROMIUM_PATH or /usr/bin/chromium-headless-shell (for the end-to-end tests); no side effects. */
export declare function testBrowserPath(): string;
/** "Chromium 156.0.8078.79 built on Debian …", or null when it cannot be run. */
export declare function chromiumVersion(executable?: string): string | null;
/** Installs the Debian package of `executable` (default: chromiumPath()) with apt-get when missing and root; otherwise throws with instructions. */
export declare function ensureChromium(executable?: string): string;

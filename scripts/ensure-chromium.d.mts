/** Types for scripts/ensure-chromium.mjs (imported by playwright.config.ts and bench/lighthouse.ts). */
export declare const DEFAULT_CHROMIUM_PATH: string;
/** Flags for every Chromium launch: headless, no sandbox, nothing that phones home. */
export declare const chromiumArgs: string[];
/** $CHROMIUM_PATH or /usr/bin/chromium; no side effects. */
export declare function chromiumPath(): string;
/** "Chromium 156.0.8078.79 built on Debian …", or null when it cannot be run. */
export declare function chromiumVersion(executable?: string): string | null;
/** Installs Debian's chromium with apt-get when missing and root; otherwise throws with instructions. */
export declare function ensureChromium(): string;

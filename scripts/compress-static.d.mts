/** Types for scripts/compress-static.mjs. */
export declare const COMPRESSED_EXTENSIONS: string[];
export declare function compressStatic(distDir: string): number;

/** Types for scripts/subset-font.mjs. */
export declare const POLISH_RANGES: [number, number][];
export declare function polishCharacters(): string;
export declare function polishUnicodeRange(): string;
export declare const SUBSET_FILE: string;
export declare function buildPolishSubset(): Promise<Buffer>;

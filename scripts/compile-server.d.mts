/** Types for scripts/compile-server.mjs. */
export declare const SERVER_OUTFILE: string;
export declare const WORKER_OUTFILE: string;
export declare function compileServer(root: string): Promise<string>;

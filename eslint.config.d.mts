/** The areas of src/server in their declared order (read by tests/unit/layers-lint.test.ts). */
export declare const SERVER_AREAS: string[];
declare const config: unknown[];
export default config;

// The part of the `compression` middleware that server.ts uses (its own @types package pulls in Express's).
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  type Filter = (req: IncomingMessage, res: ServerResponse) => boolean;
  function compression(options?: { threshold?: number | string; filter?: Filter }): Middleware;
  namespace compression {
    /** The default filter: compressible content types only. */
    const filter: Filter;
  }
  export default compression;
}

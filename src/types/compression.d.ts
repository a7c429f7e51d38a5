// The part of the `compression` middleware that server.ts uses (its own @types package pulls in Express's).
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  export default function compression(options?: { threshold?: number | string }): Middleware;
}

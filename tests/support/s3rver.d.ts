// The part of s3rver (a local S3-compatible server, no types of its own) that tests/support/s3.ts uses.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  import type { Server } from "node:http";
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: { name: string }[] });
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

import "server-only";
import { randomBytes } from "node:crypto";

/** 128 random bits, base64url: ids that appear in URLs and must not be guessable. */
export function newId(): string {
  return randomBytes(16).toString("base64url");
}

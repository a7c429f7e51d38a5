import "server-only";
import { randomInt } from "node:crypto";

/** A seed for one visualization (or a listing's style): a positive signed 32-bit integer, which every engine that takes one accepts. */
export function newSeed(): number {
  return randomInt(1, 2 ** 31 - 1);
}

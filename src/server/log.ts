import "server-only";
import { redactSecrets } from "./http/redact-secrets";

/** One JSON line per event on stdout (errors on stderr), so logs can be shipped and queried as they are. */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const configured = process.env.LOG_LEVEL as Level | undefined; // read raw: logging must work before env() parses
  return order[configured ?? "info"] ?? order.info;
}

/**
 * Longest text kept from one field. Fields often carry what a request sent (an address, a path, an error
 * message quoting either); cut, a megabyte of it cannot fill the log or hide the rest of the line.
 */
const MAX_FIELD = 500;
const MAX_STACK = 4000;

export function clip(text: string, max = MAX_FIELD): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[${text.length - max} more characters]`;
}

function clipFields(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return clip(value);
  if (depth > 3 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => clipFields(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // errors, dates...: serialized as they are
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clipFields(item, depth + 1)]));
}

function serializeError(error: unknown) {
  if (error instanceof Error) return { name: error.name, message: clip(error.message, MAX_STACK), stack: error.stack && clip(error.stack, MAX_STACK) };
  return { message: clip(String(error)) };
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold()) return;
  const line = { time: new Date().toISOString(), level, event, ...(clipFields(fields) as Record<string, unknown>) };
  if ("error" in line) line.error = serializeError(line.error);
  // Every field, error messages and stacks too, may quote an address with a token in it.
  const text = redactSecrets(JSON.stringify(line)) + "\n";
  if (level === "error" || level === "warn") process.stderr.write(text);
  else process.stdout.write(text);
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write("debug", event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};

// Free of `server-only`: server.ts, which runs outside React's server condition, writes its lines here too.
import pino from "pino";
import { redactSecrets } from "./http/redact-secrets";

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

/**
 * Writes through process.stdout/stderr as they are at the moment of the call, synchronously: no worker
 * thread, so a process that exits right after logging (a script, a failed start) loses no line.
 */
const stdout = { write: (line: string) => process.stdout.write(line) };
const stderr = { write: (line: string) => process.stderr.write(line) };

const LEVELS = ["debug", "info", "warn", "error"];
const configured = process.env.LOG_LEVEL ?? ""; // read raw: logging must work before env() parses

/** One JSON line per event: `{"level":"info","time":"<ISO>","event":…, …fields}`; warnings and errors on stderr. */
const logger = pino(
  {
    level: LEVELS.includes(configured) ? configured : "info", // an unknown level must not stop the process logging why
    base: undefined, // no pid or hostname: the line carries the event alone
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (fields) => clipFields(fields) as Record<string, unknown>,
    },
    serializers: { error: serializeError },
    // Every field, error messages and stacks too, may quote an address with a token in it.
    hooks: { streamWrite: redactSecrets },
  },
  pino.multistream(
    [
      { level: "debug", stream: stdout },
      { level: "warn", stream: stderr },
    ],
    { dedupe: true }, // each line to the highest matching stream only: warn and error to stderr alone
  ),
);

type Fields = Record<string, unknown>;

export const log = {
  debug: (event: string, fields?: Fields) => logger.debug({ event, ...fields }),
  info: (event: string, fields?: Fields) => logger.info({ event, ...fields }),
  warn: (event: string, fields?: Fields) => logger.warn({ event, ...fields }),
  error: (event: string, fields?: Fields) => logger.error({ event, ...fields }),
};

import "server-only";

/** One JSON line per event on stdout (errors on stderr), so logs can be shipped and queried as they are. */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const configured = process.env.LOG_LEVEL as Level | undefined; // read raw: logging must work before env() parses
  return order[configured ?? "info"] ?? order.info;
}

function serializeError(error: unknown) {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { message: String(error) };
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold()) return;
  const line = { time: new Date().toISOString(), level, event, ...fields };
  if ("error" in line) line.error = serializeError(line.error);
  const text = JSON.stringify(line) + "\n";
  if (level === "error" || level === "warn") process.stderr.write(text);
  else process.stdout.write(text);
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write("debug", event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write("info", event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write("warn", event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write("error", event, fields),
};

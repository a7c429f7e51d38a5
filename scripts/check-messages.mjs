#!/usr/bin/env node
/**
 * i18n consistency check for messages/*.json (next-intl):
 *   - every key path in pl.json exists in each other locale file and vice versa;
 *   - a key is a string in one file and a string in the other (not an object in one, a string in the other);
 *   - ICU arguments ({name}, {count, plural, …}, nested ones included) are the same set in both;
 *   - rich-text tags (<link>…</link>, used with t.rich) are the same set in both;
 *   - every message parses as ICU, values are strings or objects, and keys contain no "." (next-intl rejects it).
 *
 * Usage: node scripts/check-messages.mjs [messagesDir]   (default: messages/ next to this script's parent)
 * As a module: checkMessages(dir) → { ok, problems: string[], keys: number, locales: string[] }
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REFERENCE_LOCALE = "pl";

let icuParse = null;
try {
  // The parser next-intl itself uses at runtime (next-intl → use-intl → intl-messageformat).
  ({ parse: icuParse } = await import("@formatjs/icu-messageformat-parser"));
} catch {
  icuParse = null;
}

const NAMESPACE = Symbol("namespace");

/** Flattens nested messages into Map<"a.b.c", string>, collecting structural problems. */
function flatten(messages, file, problems, prefix = "", out = new Map()) {
  for (const [key, value] of Object.entries(messages)) {
    const keyPath = prefix ? `${prefix}.${key}` : key;
    if (key.includes(".")) problems.push(`${file}: key "${keyPath}" contains "." (next-intl does not allow that)`);
    if (typeof value === "string") {
      out.set(keyPath, value);
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      out.set(keyPath, NAMESPACE);
      flatten(value, file, problems, keyPath, out);
    } else {
      problems.push(`${file}: "${keyPath}" is ${Array.isArray(value) ? "an array" : JSON.stringify(value)}; messages must be strings or objects`);
    }
  }
  return out;
}
/** Argument names and tag names of one ICU message, including those inside plural/select branches. */
export function icuNames(message) {
  if (icuParse) {
    const args = new Set();
    const tags = new Set();
    const walk = (elements) => {
      for (const el of elements) {
        // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 8 tag
        if (el.type >= 1 && el.type <= 6) args.add(el.value);
        if (el.type === 8) {
          tags.add(el.value);
          walk(el.children);
        }
        if (el.options) for (const option of Object.values(el.options)) walk(option.value);
      }
    };
    walk(icuParse(message));
    return { args, tags };
  }
  return fallbackIcuNames(message);
}

/** A small ICU scanner used only when @formatjs/icu-messageformat-parser is not installed. */
function fallbackIcuNames(message) {
  const args = new Set();
  const tags = new Set();
  let i = 0;
  const fail = (why) => {
    throw new Error(`${why} at offset ${i}`);
  };
  // Parses message text until an unmatched "}" (inside a branch) or the end.
  const parseText = (nested) => {
    while (i < message.length) {
      const ch = message[i];
      if (ch === "'" && (message[i + 1] === "{" || message[i + 1] === "}" || message[i + 1] === "'" || message[i + 1] === "<" || message[i + 1] === "#")) {
        // Quoted literal: '' is an apostrophe; '{…}' is literal up to the next lone '.
        if (message[i + 1] === "'") {
          i += 2;
          continue;
        }
        const end = message.indexOf("'", i + 1);
        i = end === -1 ? message.length : end + 1;
      } else if (ch === "{") {
        i++;
        parseArgument();
      } else if (ch === "}") {
        if (!nested) fail("unmatched }");
        return;
      } else if (ch === "<") {
        const m = /^<\/?([a-zA-Z][\w-]*)\s*\/?>/.exec(message.slice(i));
        if (m) {
          tags.add(m[1]);
          i += m[0].length;
        } else i++;
      } else i++;
    }
    if (nested) fail("unclosed {");
  };
  const readUntil = (chars) => {
    const start = i;
    while (i < message.length && !chars.includes(message[i])) i++;
    return message.slice(start, i).trim();
  };
  const parseArgument = () => {
    const name = readUntil([",", "}"]);
    if (!name || !/^[\p{L}\p{N}_-]+$/u.test(name)) fail(`invalid argument name "${name}"`);
    args.add(name);
    if (message[i] === "}") {
      i++;
      return;
    }
    if (message[i] !== ",") fail("unclosed {");
    i++;
    const type = readUntil([",", "}"]);
    if (type === "plural" || type === "select" || type === "selectordinal") {
      if (message[i] !== ",") fail(`${type} without options`);
      i++;
      for (;;) {
        while (/\s/.test(message[i] ?? "")) i++;
        if (message[i] === "}") {
          i++;
          return;
        }
        if (i >= message.length) fail("unclosed {");
        readUntil(["{", "}"]);
        if (message[i] !== "{") fail(`${type} option without a message`);
        i++;
        parseText(true);
        if (message[i] !== "}") fail("unclosed {");
        i++;
      }
    }
    // number/date/time with an optional style: skip to the matching brace.
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === "{") depth++;
      else if (message[i] === "}") depth--;
      i++;
    }
    if (depth > 0) fail("unclosed {");
  };
  parseText(false);
  return { args, tags };
}

const fmt = (set) => (set.size ? `{${[...set].sort().join(", ")}}` : "none");
const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

/** Compares two parsed message objects; returns a list of human-readable problems. */
export function compareMessages(reference, other, referenceName = "pl.json", otherName = "en.json") {
  const problems = [];
  const a = flatten(reference, referenceName, problems);
  const b = flatten(other, otherName, problems);

  for (const [key, value] of a) {
    if (!b.has(key)) {
      // Report only the top-most missing path.
      const parent = key.split(".").slice(0, -1).join(".");
      if (!parent || b.get(parent) === NAMESPACE) problems.push(`${otherName} is missing "${key}" (present in ${referenceName})`);
      continue;
    }
    const otherValue = b.get(key);
    if ((value === NAMESPACE) !== (otherValue === NAMESPACE)) {
      problems.push(
        `"${key}" is ${value === NAMESPACE ? "an object" : "a string"} in ${referenceName} but ${otherValue === NAMESPACE ? "an object" : "a string"} in ${otherName}`,
      );
      continue;
    }
    if (value === NAMESPACE) continue;
    let na;
    let nb;
    try {
      na = icuNames(value);
    } catch (error) {
      problems.push(`${referenceName}: "${key}" is not valid ICU: ${error.message} — ${JSON.stringify(value)}`);
    }
    try {
      nb = icuNames(otherValue);
    } catch (error) {
      problems.push(`${otherName}: "${key}" is not valid ICU: ${error.message} — ${JSON.stringify(otherValue)}`);
    }
    if (!na || !nb) continue;
    if (!sameSet(na.args, nb.args)) {
      problems.push(`"${key}": placeholders differ — ${referenceName} ${fmt(na.args)}, ${otherName} ${fmt(nb.args)}`);
    }
    if (!sameSet(na.tags, nb.tags)) {
      problems.push(`"${key}": rich-text tags differ — ${referenceName} ${fmt(na.tags)}, ${otherName} ${fmt(nb.tags)}`);
    }
  }
  for (const key of b.keys()) {
    if (a.has(key)) continue;
    const parent = key.split(".").slice(0, -1).join(".");
    if (!parent || a.get(parent) === NAMESPACE) problems.push(`${referenceName} is missing "${key}" (present in ${otherName})`);
  }
  const keys = [...a.values()].filter((v) => v !== NAMESPACE).length;
  return { problems, keys };
}

function readJson(file, problems) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    problems.push(`${path.basename(file)}: cannot read or parse: ${error.message}`);
    return null;
  }
}

/** Checks messages/<reference>.json against every other messages/*.json. */
export function checkMessages(dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "messages")) {
  const problems = [];
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  } catch (error) {
    return { ok: false, problems: [`cannot read ${dir}: ${error.message}`], keys: 0, locales: [] };
  }
  const referenceFile = `${REFERENCE_LOCALE}.json`;
  if (!files.includes(referenceFile)) problems.push(`${dir}: ${referenceFile} is missing`);
  if (files.length < 2) problems.push(`${dir}: expected ${referenceFile} and at least one other locale file, found ${files.join(", ") || "none"}`);
  let keys = 0;
  const reference = files.includes(referenceFile) ? readJson(path.join(dir, referenceFile), problems) : null;
  if (reference) {
    for (const file of files.filter((f) => f !== referenceFile)) {
      const other = readJson(path.join(dir, file), problems);
      if (!other) continue;
      const result = compareMessages(reference, other, referenceFile, file);
      problems.push(...result.problems);
      keys = result.keys;
    }
  }
  return { ok: problems.length === 0, problems: [...new Set(problems)], keys, locales: files.map((f) => f.replace(/\.json$/, "")) };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const result = checkMessages(dir);
  if (result.ok) {
    console.log(`messages OK: ${result.keys} messages, locales ${result.locales.join(", ")}${icuParse ? "" : " (fallback ICU scanner)"}`);
  } else {
    console.error(`messages check failed (${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}):`);
    for (const problem of result.problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
}

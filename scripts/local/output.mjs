// Everything the launcher prints: one line per event, prefixed with the name of the process it is about.
import { createInterface } from 'node:readline';
import { styleText } from 'node:util';

const WIDTH = 'notifications'.length;
const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (style, text) => (colour ? styleText(style, text) : text);

const NAME_STYLES = {
  gateway: 'magenta',
  identity: 'cyan',
  verification: 'green',
  offers: 'yellow',
  notifications: 'blue',
};
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_STYLES = { WARN: 'yellow', ERROR: 'red', FATAL: 'red' };
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'service', 'msg', 'err']);

function label(name) {
  return paint(NAME_STYLES[name] ?? 'gray', name.padEnd(WIDTH)) + ' |';
}

/** Prints one line (or several) under a name: `say('start', 'building…')`. */
export function say(name, text) {
  for (const line of String(text).split('\n')) process.stdout.write(`${label(name)} ${line}\n`);
}

/** `INFO  message {fields}`: how every structured line is printed. */
function formatEntry(level, message, fields) {
  const shown = Object.keys(fields).length ? ' ' + paint('gray', JSON.stringify(fields)) : '';
  return `${paint(LEVEL_STYLES[level] ?? 'gray', level.padEnd(5))} ${message}${shown}`;
}

/** A pino JSON line as `INFO  message {extra fields}` (plus the error's stack); anything else unchanged. */
export function formatLogLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || !(entry.level in LEVELS)) return line;
  const extra = Object.fromEntries(Object.entries(entry).filter(([key]) => !HIDDEN_FIELDS.has(key)));
  const stack = entry.err?.stack
    ? '\n' + entry.err.stack
    : entry.err?.message
      ? ` (${entry.err.message})`
      : '';
  return formatEntry(LEVELS[entry.level], entry.msg ?? '', extra) + stack;
}

/**
 * Prints one event of the launcher about a process as that process's own log lines print, e.g.
 * `offers        | WARN  exited by itself: restarting in 1 s {"exitCode":1,"signal":null,...}`.
 */
export function sayEvent(name, level, message, fields) {
  say(name, formatEntry(level, message, fields));
}

/** Prints every line of a child's stream under its name, pretty-printing pino lines. */
export function pipeLines(stream, name) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
    say(name, formatLogLine(line)),
  );
}

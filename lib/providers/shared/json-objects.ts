/** A JSON object found in model output, with the span of text it came from. */
export type FoundObject = { value: Record<string, unknown>; start: number; end: number };

/** Unclosed braces make each scan run to the end; bounding the attempts keeps long replies linear enough. */
const MAX_BRACE_SCANS = 64;
const FENCE = /```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)```/g;

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Index just past the "}" closing the "{" at `start`, honouring JSON strings; -1 if it never closes. */
function findClosingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * JSON objects in model prose, most deliberate first: fenced blocks, then the whole text,
 * then each balanced top-level {...} in the prose. Models wrap the JSON they were asked for
 * in all three ways.
 */
export function findJsonObjects(text: string): FoundObject[] {
  const found: FoundObject[] = [];
  for (const m of text.matchAll(FENCE)) {
    const value = parseObject((m[1] ?? '').trim());
    if (value) found.push({ value, start: m.index, end: m.index + m[0].length });
  }
  const whole = parseObject(text.trim());
  if (whole) found.push({ value: whole, start: 0, end: text.length });
  let scans = 0;
  for (let i = text.indexOf('{'); i !== -1 && scans < MAX_BRACE_SCANS; i = text.indexOf('{', i + 1)) {
    scans++;
    const end = findClosingBrace(text, i);
    if (end === -1) continue;
    const value = parseObject(text.slice(i, end));
    if (value) {
      found.push({ value, start: i, end });
      i = end - 1;
    }
  }
  return found;
}

import { exampleCall } from './examples';
import type { Finding, PairView } from './types';
import { listWords } from './words';

/** Keeps a revision within what tool listings comfortably show. */
export const MAX_REVISION = 2000;
const CONTRASTS = 2;

function withPeriod(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** "For A and B, use other_tool" per confusable tool, the closest first. */
function pointers(views: readonly PairView[]): string | null {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const view of views) {
    if (parts.length >= CONTRASTS || seen.has(view.other.id)) continue;
    seen.add(view.other.id);
    const theirs = view.otherWords.slice(0, 3);
    if (theirs.length) parts.push(`for ${listWords(theirs)}, use ${view.otherLabel}`);
  }
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} instead.`;
}

/**
 * The rule-based revision: the original description, then what the tool is for (its own
 * words against the closest tool), which tool to use instead for what (up to two), and an
 * example call.
 * Findings that only touch names or parameters leave the description as it was.
 */
export function reviseByRules(description: string, views: readonly PairView[], findings: readonly Finding[]): string {
  const needsContrast = findings.some((f) => f.type === 'scope_clarity' || f.type === 'terminology_overlap');
  const needsExample = findings.some((f) => f.type === 'example_distinctiveness');
  if (!needsContrast && !needsExample) return description;
  const sentences = [withPeriod(description)];
  const first = views[0];
  if (needsContrast && first) {
    const own = first.ownWords.slice(0, 3);
    if (own.length) sentences.push(`Use it for ${listWords(own)}.`);
    const pointer = pointers(views);
    if (pointer) sentences.push(pointer);
  }
  if (needsExample && first) sentences.push(`Example: ${exampleCall(first.tool)}.`);
  const revised = sentences.join(' ');
  return revised.length > MAX_REVISION ? `${revised.slice(0, MAX_REVISION - 1)}…` : revised;
}

import { humanizeName } from '@/lib/text/tokenize';
import type { SimilarityTool } from '../types';
import { exampleCall } from './examples';
import { toolLabel } from './sentences';
import type { Finding, PairView } from './types';

/** Keeps a revision within what tool listings comfortably show. */
export const MAX_REVISION = 2000;
/** Pointers to other tools of the same server, closest first. */
const POINTERS = 2;

function withPeriod(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Removes a passage and tidies what it leaves behind (double spaces, a stray ". ." or a leading comma). */
export function cutSpan(text: string, span: string): string {
  if (!span || !text.includes(span)) return text;
  return text
    .split(span)
    .join(' ')
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/([.,;:])(?:\s*[.,;:])+/g, '$1')
    .replace(/^[\s.,;:]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * "To get the transcript summary, use get_transcript_summary." for the closest tools of the
 * same server whose names state a different object. Tools of other servers are never named:
 * a description is read inside its own server, where they may not exist.
 */
function pointers(text: string, views: readonly PairView[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const view of views) {
    if (out.length >= POINTERS) break;
    const { evidence: e, other } = view;
    if (!e.sameServer || e.duplicate || seen.has(other.id) || text.includes(other.name)) continue;
    seen.add(other.id);
    // Only a name that opens with its verb reads as "verb the object"; "rag_ingest_document" or "graphql_query" would not.
    const { verb, verbAt, qualifier, object } = e.action.other;
    const words = humanizeName(other.name).toLowerCase().split(' ');
    const verbFirst = object.length > 0 && words.indexOf(verb) < words.indexOf(object[0]!);
    if (verbAt !== 'name' || qualifier.length > 0 || !verbFirst || object.join(' ') === e.action.own.object.join(' ')) continue;
    out.push(`To ${verb} the ${object.join(' ')}, use ${toolLabel(other.name)}.`);
  }
  return out;
}

/**
 * The rule-based revision, built from the evidence only: the server's shared passage cut, a
 * pointer to each closest tool of the same server by what its name says it works on, and an
 * example call that uses a parameter only this tool takes. Findings that touch names or
 * parameters only leave the description as it was; so does a pair with nothing to add.
 */
export function reviseByRules(tool: SimilarityTool, views: readonly PairView[], findings: readonly Finding[]): string {
  let text = tool.description;
  if (findings.some((f) => f.type === 'terminology_overlap' && f.touchesDescription)) {
    for (const view of views) if (view.evidence.span?.source === 'server') text = cutSpan(text, view.evidence.span.text);
  }
  const sentences = text.trim() ? [withPeriod(text)] : [];
  if (findings.some((f) => f.type === 'scope_clarity' && f.touchesDescription)) sentences.push(...pointers(text, views));
  if (findings.some((f) => f.type === 'example_distinctiveness')) {
    const own = views.flatMap((v) => v.evidence.parameters.own.map((p) => p.name));
    sentences.push(`Example: ${exampleCall(tool, own)}.`);
  }
  const revised = sentences.join(' ');
  if (revised === withPeriod(tool.description) && !/[.!?]$/.test(tool.description.trim())) return tool.description;
  return revised.length > MAX_REVISION ? `${revised.slice(0, MAX_REVISION - 1)}…` : revised;
}

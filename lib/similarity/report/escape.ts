/** Tool names and descriptions come from servers and callers: every one is escaped before output. */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

/**
 * Text inside Markdown (and its table cells): Markdown renders inline HTML, so < > & are
 * entities; pipes and line breaks would break a table row; the rest of the syntax
 * characters are backslash-escaped so a description cannot format (or link) itself.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c)
    .replace(/([\\`*_{}[\]()#+!|~])/g, '\\$1')
    .replace(/\r?\n|\r/g, ' ');
}

import type { FormErrors } from './form-errors';
import type { ServerFormState } from './form-state';
import { checkToolDraft } from './tool-drafts';

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The few checks worth making before a round trip (the API validates everything again):
 * an empty required field or a URL that does not parse.
 */
export function checkBeforeSave(s: ServerFormState): FormErrors | null {
  const fields: FormErrors['fields'] = {};
  if (s.name.trim() === '') fields.name = 'Enter a name.';
  if (s.transport === 'static') {
    const bad = s.tools.map((t, i) => ({ i, t, errors: checkToolDraft(t, s.tools) })).filter((x) => Object.keys(x.errors).length);
    if (bad.length) {
      fields.tools = `Fix ${bad.length === 1 ? 'the tool' : `${bad.length} tools`} marked below: ${bad.map((x) => x.t.name.trim() || `tool ${x.i + 1}`).join(', ')}.`;
    }
  } else if (s.transport === 'stdio') {
    if (s.command.trim() === '') fields.command = 'Enter the command that starts the server.';
  } else if (s.url.trim() === '') {
    fields.url = 'Enter the server URL.';
  } else if (!isAbsoluteUrl(s.url.trim())) {
    fields.url = 'Enter an absolute URL, e.g. http://127.0.0.1:3001/mcp.';
  }
  return Object.keys(fields).length ? { fields, general: [] } : null;
}

import { applyVariant } from '@/lib/experiments/apply';
import { ApplyInputSchema } from '@/lib/experiments/schemas';
import { json, parseJsonText, parseWith, readBodyText, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string; name: string }> };

/** Writes the variant's changes into the static server(s) holding the changed tools; 409 not_static for a live one. */
export const POST = route<Ctx>(async (req, { params }) => {
  const { id, name } = await params;
  // The body is optional: without serverId every server of the variant is adopted.
  const text = await readBodyText(req);
  const { serverId } = parseWith(ApplyInputSchema, text.trim() === '' ? {} : parseJsonText(text));
  return json(await applyVariant(id, name, serverId));
});

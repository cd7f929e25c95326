import { listTags } from '@/db/queries/test-cases';
import { json, route } from '@/lib/http';

/** Every tag in use with its number of cases, most used first. */
export const GET = route(async () => json({ items: await listTags() }));

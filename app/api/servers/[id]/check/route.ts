import { json, route } from '@/lib/http';
import { checkServer } from '@/lib/servers/service';

type Ctx = { params: Promise<{ id: string }> };

export const POST = route<Ctx>(async (_req, { params }) => json(await checkServer((await params).id)));

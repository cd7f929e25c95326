import { cancelBatch } from '@/lib/eval/run/batch';
import { json, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

export const POST = route<Ctx>(async (_req, { params }) => json(await cancelBatch((await params).id)));

import { getBatchDto } from '@/lib/eval/run/batch';
import { json, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => json(await getBatchDto((await params).id)));

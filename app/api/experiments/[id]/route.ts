import { getExperimentDto } from '@/lib/experiments/service';
import { json, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => json(await getExperimentDto((await params).id)));

import { cancelExperiment } from '@/lib/experiments/service';
import { json, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

export const POST = route<Ctx>(async (_req, { params }) => json(await cancelExperiment((await params).id)));

import { batchEventStream } from '@/lib/eval/api/batch-events';
import { route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string }> };

/** Server-sent events: `progress` now, then `run` + `progress` per finished run, then `done`. */
export const GET = route<Ctx>(async (req, { params }) => await batchEventStream((await params).id, req.signal));

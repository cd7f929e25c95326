import { getHealth } from '@/lib/health/health';
import { json, route } from '@/lib/http';

export const GET = route(async () => {
  const health = await getHealth();
  return json(health, { status: health.status === 'unavailable' ? 503 : 200 });
});

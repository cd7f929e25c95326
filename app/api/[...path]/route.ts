import { NotFoundError } from '@/lib/errors';
import { route } from '@/lib/http';

// Unknown API paths answer in the API's error shape, not with the HTML 404 page.
const notFound = route<{ params: Promise<{ path: string[] }> }>(async (_req, { params }) => {
  throw new NotFoundError('API endpoint', `/api/${(await params).path.join('/')}`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;

import { json } from '../../http';

/** The app's error body shape, for failures the demo endpoints answer before any MCP handling. */
export function demoErrorResponse(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return json({ error: { code, message } }, { status, ...(headers ? { headers } : {}) });
}

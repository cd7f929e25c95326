import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WebServer = { url: string; close(): Promise<void> };
type WebHandler = (req: Request) => Promise<Response>;

/**
 * A cancelled body (e.g. over a size limit) drains the rest instead of destroying the request,
 * which would reset the socket before the error response is written.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        if (!cancelled) controller.close();
      });
      req.once('error', (err) => {
        if (!cancelled) controller.error(err);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      cancelled = true;
      req.resume();
    },
  });
}

function toWebRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // `duplex: 'half'` is required by undici for streamed request bodies; lib.dom does not know it yet.
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers,
    signal,
    ...(hasBody ? { body: bodyStream(req), duplex: 'half' } : {}),
  };
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, init);
}

async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  // Headers must reach the client before the first event: an SSE client waits on them.
  res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // A client that disconnects mid-stream must cancel the body, or an SSE session never ends.
  res.on('close', () => {
    if (!res.writableFinished) reader.cancel().catch(() => undefined);
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      res.write(value);
    }
  } catch {
    // the body errored or was cancelled: end the response as it stands
  } finally {
    if (!res.destroyed) res.end();
  }
}

/** A node:http server on 127.0.0.1 that serves a web-standard fetch handler (the Next route contract). */
export async function startWebServer(handler: WebHandler): Promise<WebServer> {
  const server = http.createServer((req, res) => {
    const aborter = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborter.abort();
    });
    void (async () => {
      try {
        await writeWebResponse(await handler(toWebRequest(req, aborter.signal)), res);
      } catch (err) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'internal_error', message: err instanceof Error ? err.message : String(err) } }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Open SSE streams would otherwise keep close() waiting forever.
        server.closeAllConnections();
      }),
  };
}

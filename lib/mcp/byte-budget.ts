import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { RemoteTooLargeError } from './errors';

/**
 * Counts every byte one MCP connection receives (all HTTP responses and SSE streams
 * together, or a stdio child's stdout) and trips once past the limit, so a server that
 * streams forever is cut off instead of filling memory.
 */
export class ByteBudget {
  private used = 0;
  private error: RemoteTooLargeError | null = null;

  constructor(
    readonly limitBytes: number,
    private readonly onExceeded: (err: RemoteTooLargeError) => void = () => undefined,
  ) {}

  /** The error once the limit was passed, else null. */
  get exceeded(): RemoteTooLargeError | null {
    return this.error;
  }

  get remaining(): number {
    return Math.max(0, this.limitBytes - this.used);
  }

  /** Adds `bytes` to the total; answers the error when the total is now past the limit. */
  take(bytes: number): RemoteTooLargeError | null {
    this.used += bytes;
    if (this.used > this.limitBytes && !this.error) {
      this.error = new RemoteTooLargeError(this.limitBytes);
      this.onExceeded(this.error);
    }
    return this.error;
  }
}

// Responses that cannot carry a body (and cannot be rebuilt with one).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function limitBody(body: ReadableStream<Uint8Array>, budget: ByteBudget): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      const exceeded = budget.take(value.byteLength);
      if (exceeded) {
        // Closes the connection: nothing more is read from a server that keeps sending.
        await reader.cancel(exceeded).catch(() => undefined);
        controller.error(exceeded);
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** A fetch for the SDK's HTTP transports whose response bodies draw on `budget`. */
export function countingFetch(budget: ByteBudget, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    if (budget.exceeded) throw budget.exceeded;
    const response = await base(url, init);
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
    const declared = Number(response.headers.get('content-length') ?? '');
    if (Number.isFinite(declared) && declared > budget.remaining) {
      await response.body.cancel().catch(() => undefined);
      throw budget.take(declared) ?? new Error('unreachable: a declared length past the remaining budget trips it');
    }
    const limited = new Response(limitBody(response.body, budget), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // The SDK reads these to judge redirects; a rebuilt Response would lose them.
    Object.defineProperties(limited, {
      url: { value: response.url },
      redirected: { value: response.redirected },
      type: { value: response.type },
    });
    return limited;
  };
}

import { createYielder } from '@/lib/event-loop';

/** Upper bound on one chunk, so a fast reader still gets data in pieces of bounded memory. */
const MAX_CHUNK_CHARS = 256 * 1024;

/**
 * Streams text parts pulled one chunk at a time: a chunk ends when the time slice of the
 * event-loop yielder is used up (or at MAX_CHUNK_CHARS), and the next pull first lets the
 * loop turn. Millions of CSV rows or thousands of HTML blocks never sit in memory together,
 * and no request waits behind the rendering.
 */
export function streamParts(parts: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // A reader that keeps up pulls again in a microtask: without a turn of the event loop
  // between chunks, streaming millions of rows held every other request.
  const pause = createYielder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await pause();
      let chunk = '';
      for (;;) {
        const next = parts.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
        if (chunk.length >= MAX_CHUNK_CHARS || pause.due()) break;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

export function* mapIterable<T, R>(items: Iterable<T>, fn: (item: T) => R): Generator<R> {
  for (const item of items) yield fn(item);
}

export function* prepend<T>(first: T, rest: Iterable<T>): Generator<T> {
  yield first;
  yield* rest;
}

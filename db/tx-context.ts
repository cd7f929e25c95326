import { AsyncLocalStorage } from 'node:async_hooks';

/** The open transaction of the current async context: `db` is what getDb() hands out inside it. */
export type TxFrame<D> = { db: D; owner: symbol };

type Shared = { storage: AsyncLocalStorage<TxFrame<unknown>> };

// On globalThis: Next bundles this module into several server chunks, and they must share one context.
const holder = globalThis as typeof globalThis & { __mcpEvalTx?: Shared };
holder.__mcpEvalTx ??= { storage: new AsyncLocalStorage<TxFrame<unknown>>() };

export const txStorage = holder.__mcpEvalTx.storage;

export function currentFrame<D>(): TxFrame<D> | undefined {
  return txStorage.getStore() as TxFrame<D> | undefined;
}

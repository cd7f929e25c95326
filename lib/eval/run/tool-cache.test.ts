import { beforeEach, describe, expect, it, vi } from 'vitest';
import { updateServer } from '@/db/queries/servers';
import { fakeTool, listingCalls, resetFakeMcp, setFakeTools } from '@/tests/helpers/fake-mcp';
import { seedServer } from '@/tests/helpers/eval-seed';
import { CircuitBreakers, CircuitOpenError, FAILURE_THRESHOLD } from './circuit-breaker';
import { ToolCache } from './tool-cache';

vi.mock('@/lib/mcp/client', async (original) => ({ ...(await original()), ...(await import('@/tests/helpers/fake-mcp')).fakeMcpClient }));

const alpha = await seedServer('cache-alpha');
const beta = await seedServer('cache-beta');

beforeEach(() => resetFakeMcp());

describe('ToolCache', () => {
  it('lists a server once per batch, even when runs ask for it at the same time', async () => {
    setFakeTools('cache-alpha', [fakeTool('a1'), fakeTool('a2')]);
    const cache = new ToolCache(new CircuitBreakers());
    const [first, second] = await Promise.all([cache.tools(alpha), cache.tools(alpha)]);
    const third = await cache.tools(alpha);
    expect(first.map((t) => t.name)).toEqual(['a1', 'a2']);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(listingCalls).toEqual(['cache-alpha']);
  });

  it('keeps one listing per server', async () => {
    setFakeTools('cache-alpha', [fakeTool('a1')]);
    setFakeTools('cache-beta', [fakeTool('b1')]);
    const cache = new ToolCache(new CircuitBreakers());
    expect((await cache.tools(alpha)).map((t) => t.name)).toEqual(['a1']);
    expect((await cache.tools(beta)).map((t) => t.name)).toEqual(['b1']);
    expect(listingCalls).toEqual(['cache-alpha', 'cache-beta']);
  });

  it('forgets a failed listing, so the next run retries it instead of reusing the failure', async () => {
    let attempt = 0;
    setFakeTools('cache-alpha', () => {
      attempt++;
      if (attempt === 1) throw new Error('server down for a moment');
      return [fakeTool('a1')];
    });
    const cache = new ToolCache(new CircuitBreakers());
    await expect(cache.tools(alpha)).rejects.toThrow('server down for a moment');
    const retried = await cache.tools(alpha);
    expect(retried.map((t) => t.name)).toEqual(['a1']);
    expect(listingCalls).toEqual(['cache-alpha', 'cache-alpha']);
    // Once it has succeeded it is kept.
    await cache.tools(alpha);
    expect(listingCalls).toHaveLength(2);
  });

  it('lists through the server circuit breaker: repeated failures open it and calls fail fast', async () => {
    setFakeTools('cache-alpha', () => {
      throw new Error('refused');
    });
    const breakers = new CircuitBreakers();
    const cache = new ToolCache(breakers);
    for (let i = 0; i < FAILURE_THRESHOLD; i++) await expect(cache.tools(alpha)).rejects.toThrow('refused');
    expect(breakers.state('mcp:cache-alpha')).toBe('open');
    await expect(cache.tools(alpha)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(listingCalls).toHaveLength(FAILURE_THRESHOLD);
  });

  it('reads the server rows in the order asked, skipping unknown ids', async () => {
    const cache = new ToolCache(new CircuitBreakers());
    expect((await cache.servers([beta.id, 'no-such-server', alpha.id])).map((s) => s.name)).toEqual(['cache-beta', 'cache-alpha']);
    expect((await cache.servers([alpha.id])).map((s) => s.name)).toEqual(['cache-alpha']);
    expect(await cache.servers([])).toEqual([]);
  });

  it('reads a server row once per batch: a rename mid-batch does not change the snapshot', async () => {
    const gamma = await seedServer('cache-gamma');
    const cache = new ToolCache(new CircuitBreakers());
    expect((await cache.servers([gamma.id])).map((s) => s.name)).toEqual(['cache-gamma']);
    await updateServer(gamma.id, { name: 'cache-gamma-renamed' });
    expect((await cache.servers([gamma.id])).map((s) => s.name)).toEqual(['cache-gamma']);
    expect((await new ToolCache(new CircuitBreakers()).servers([gamma.id])).map((s) => s.name)).toEqual(['cache-gamma-renamed']);
  });
});

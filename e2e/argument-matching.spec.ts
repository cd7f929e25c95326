import { expect, test, type APIRequestContext } from '@playwright/test';

// Issue 16: the argument matching profile a run was judged with is shown on its run page. One case
// per profile on the demo todo server, run by the local router; each run page names its profile.

type List<T> = { items: T[]; total: number };

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

test('a run page names the argument matching profile its verdict used (BFCL and strict)', async ({ page, request }) => {
  const servers = await getJson<List<{ id: string; name: string }>>(request, '/api/servers?limit=200');
  const todo = servers.items.find((s) => s.name === 'todo');
  expect(todo, 'the demo todo server').toBeTruthy();
  const stamp = Date.now().toString(36);
  const caseIds: Record<'bfcl' | 'strict', string> = { bfcl: '', strict: '' };
  for (const profile of ['bfcl', 'strict'] as const) {
    const created = await request.post('/api/test-cases', {
      data: {
        name: `e2e matching ${profile} ${stamp}`,
        query: 'Search my todos for the word coffee',
        serverIds: [todo?.id],
        expectedServer: 'todo',
        expectedTool: 'search_todos',
        expectedParameters: { query: 'coffee' },
        argumentMatching: profile,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    caseIds[profile] = ((await created.json()) as { id: string }).id;
  }
  const batch = await request.post('/api/batches', { data: { name: `e2e matching ${stamp}`, testCaseIds: Object.values(caseIds), models: [{ provider: 'local', model: 'lexical' }] } });
  expect(batch.status(), await batch.text()).toBe(202);
  const batchId = ((await batch.json()) as { id: string }).id;
  await expect.poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${batchId}`)).status, { timeout: 45_000 }).toBe('completed');
  const runs = await getJson<List<{ id: string; testCaseId: string }>>(request, `/api/test-runs?batchId=${batchId}&limit=10`);
  expect(runs.items).toHaveLength(2);

  for (const [profile, label] of [['bfcl', 'BFCL'], ['strict', 'Strict']] as const) {
    const run = runs.items.find((r) => r.testCaseId === caseIds[profile]);
    expect(run, `${profile} run`).toBeTruthy();
    await page.goto(`/runs/${run?.id}`);
    const line = page.getByText(/^Argument matching: /);
    await expect(line).toHaveText(`Argument matching: ${label}`);
    // Its title says what the profile does, so the label is more than a name.
    await expect(line).toHaveAttribute('title', /.{20,}/);
  }
});

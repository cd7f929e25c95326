import type { ConversationRequest, ProviderDefinition, Selection, SelectionRequest, SelfAssessment, Usage } from '@/lib/providers/types';

/**
 * A provider that answers from a script, for runner and batch tests: no network, no model.
 * Replace the registry's lookup with it in a test file with
 *   const fake = vi.hoisted(() => ({ provider: null as ProviderDefinition | null }));
 *   vi.mock('@/lib/providers/registry', async (original) => ({ ...(await original()), getProvider: () => fake.provider }));
 */
export type FakeReply = { tool?: string; arguments?: Record<string, unknown> | null; text?: string; usage?: Usage } | Error;
/** One model turn of a conversation (sequence mode): its calls in order (ids as given, or none) and text. */
export type FakeTurn = { calls?: { id?: string; tool: string; arguments?: Record<string, unknown> | null }[]; text?: string; usage?: Usage } | Error;
export type FakeAssessment = { confidence: number; reasoning: string; usage?: Usage } | Error;

export type FakeProvider = ProviderDefinition & {
  /** Every selectTool request, in order. */
  selectRequests: SelectionRequest[];
  assessRequests: (SelectionRequest & { selection: Selection })[];
  /** Every converse request (a copy of its messages as sent), in order. */
  converseRequests: ConversationRequest[];
  /** The most selectTool calls that were in flight at once. */
  maxInFlight: number;
};

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

export function fakeProvider(script: {
  reply: (req: SelectionRequest, call: number) => FakeReply | Promise<FakeReply>;
  assessment?: FakeAssessment;
  requiresApiKey?: boolean;
  /** Given: the provider holds conversations (sequence mode) and answers each turn from it. */
  turns?: (req: ConversationRequest, call: number) => FakeTurn | Promise<FakeTurn>;
}): FakeProvider {
  let inFlight = 0;
  const provider: FakeProvider = {
    id: 'local',
    description: 'scripted fake provider for tests',
    requiresApiKey: script.requiresApiKey ?? false,
    selectRequests: [],
    assessRequests: [],
    converseRequests: [],
    maxInFlight: 0,
    async selectTool(req: SelectionRequest): Promise<Selection> {
      const call = provider.selectRequests.push(req) - 1;
      inFlight++;
      provider.maxInFlight = Math.max(provider.maxInFlight, inFlight);
      try {
        const reply = await script.reply(req, call);
        if (reply instanceof Error) throw reply;
        return {
          toolCalls: reply.tool === undefined ? [] : [{ name: reply.tool, arguments: reply.arguments ?? {} }],
          text: reply.text ?? null,
          raw: { fake: true, call },
          usage: reply.usage ?? NO_USAGE,
        };
      } finally {
        inFlight--;
      }
    },
    async assessConfidence(req: SelectionRequest & { selection: Selection }): Promise<SelfAssessment> {
      provider.assessRequests.push(req);
      const a = script.assessment;
      if (a === undefined) throw new Error('the fake provider has no self-assessment scripted');
      if (a instanceof Error) throw a;
      return { confidence: a.confidence, reasoning: a.reasoning, usage: a.usage ?? NO_USAGE, raw: { fake: 'assessment' } };
    },
  };
  const turns = script.turns;
  if (turns) {
    provider.converse = async (req: ConversationRequest): Promise<Selection> => {
      const call = provider.converseRequests.push({ ...req, messages: [...req.messages] }) - 1;
      const turn = await turns(req, call);
      if (turn instanceof Error) throw turn;
      return {
        toolCalls: (turn.calls ?? []).map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.tool, arguments: c.arguments === undefined ? {} : c.arguments })),
        text: turn.text ?? null,
        raw: { fake: true, turn: call },
        usage: turn.usage ?? NO_USAGE,
      };
    };
  }
  return provider;
}

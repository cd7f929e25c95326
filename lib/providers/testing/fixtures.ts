import { ModelConfigSchema, ProviderError, type ExposedTool, type ModelConfig, type SelectionRequest } from '../types';

/**
 * Fixtures shared by the provider tests: a small, realistic tool set and request builders.
 * Not imported by application code.
 */

// Not key-shaped on purpose, so tests exercise the exact-key scrubbing, not the sk-... pattern.
export const SENTINEL_API_KEY = 'zq-SENTINEL-do-not-leak-7f3a9c1e5b';

export const WEATHER_TOOL: ExposedTool = {
  exposedName: 'get_forecast',
  description: 'Get the weather forecast (temperature, rain, wind) for a city for the next few days.',
  inputSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name, e.g. "Paris"' },
      days: { type: 'integer', minimum: 1, maximum: 7, description: 'Number of days to forecast' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city'],
  },
};

export const ADD_TODO_TOOL: ExposedTool = {
  exposedName: 'add_todo',
  description: 'Add a new item to the todo list.',
  inputSchema: {
    type: 'object',
    properties: {
      title: { type: 'string', description: 'What needs to be done' },
      due_date: { type: 'string', format: 'date', description: 'Deadline (YYYY-MM-DD)' },
      priority: { type: 'string', enum: ['low', 'medium', 'high'] },
    },
    required: ['title'],
  },
};

export const LIST_TODOS_TOOL: ExposedTool = {
  exposedName: 'list_todos',
  description: 'List the items on the todo list, optionally only open or completed ones.',
  inputSchema: {
    type: 'object',
    properties: { status: { type: 'string', enum: ['open', 'completed', 'all'] } },
  },
};

export const SEARCH_DOCS_TOOL: ExposedTool = {
  exposedName: 'search_documents',
  description: 'Search the knowledge base documents for passages relevant to a question.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Search terms' },
      limit: { type: 'integer', description: 'Maximum number of passages' },
    },
    required: ['query'],
  },
};

export const DEMO_TOOLS: ExposedTool[] = [WEATHER_TOOL, ADD_TODO_TOOL, LIST_TODOS_TOOL, SEARCH_DOCS_TOOL];

export function makeModel(overrides: Partial<ModelConfig> & Pick<ModelConfig, 'provider'>): ModelConfig {
  return ModelConfigSchema.parse({ model: 'test-model', maxRetries: 0, ...overrides });
}

export function makeRequest(
  model: ModelConfig,
  overrides: Partial<Omit<SelectionRequest, 'model'>> = {},
): SelectionRequest {
  return { model, query: 'What is the weather in Paris?', tools: DEMO_TOOLS, signal: new AbortController().signal, ...overrides };
}

/** Awaits a promise that must fail with a ProviderError and returns that error. */
export async function expectProviderError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw new Error(`Expected a ProviderError, got: ${String(err)}`);
  }
  throw new Error('Expected a ProviderError, but the call succeeded');
}

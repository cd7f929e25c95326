import type { ApiKeyDto } from './api-keys';

export type KeyKind = ApiKeyDto['kind'];

/** The words and test ids of each kind of credential, so one set of components serves both. */
export const KEY_COPY: Record<
  KeyKind,
  {
    nameLabel: string;
    nameHint: string;
    nameMissing: string;
    create: string;
    caption: string;
    revokeLabel: (name: string) => string;
    revokeConfirm: string;
    revokeBody: string;
    created: (name: string) => string;
    copyLabel: string;
    testId: string;
  }
> = {
  mcp: {
    nameLabel: 'Key name',
    nameHint: 'Where the key will be used, e.g. “Claude Desktop on my laptop”.',
    nameMissing: 'Give the key a name, e.g. the client that will use it.',
    create: 'Create API key',
    caption: 'API keys for the /mcp endpoint',
    revokeLabel: (name) => `Revoke ${name}`,
    revokeConfirm: 'Revoke key',
    revokeBody: 'Clients using this key are refused from their next request. This cannot be undone.',
    created: (name) => `Key “${name}” created`,
    copyLabel: 'Copy the new API key',
    testId: 'key',
  },
  api: {
    nameLabel: 'Token name',
    nameHint: 'Where the token will be used, e.g. “CI pipeline”.',
    nameMissing: 'Give the token a name, e.g. the script that will use it.',
    create: 'Create API token',
    caption: 'API tokens for the REST API',
    revokeLabel: (name) => `Revoke token ${name}`,
    revokeConfirm: 'Revoke token',
    revokeBody: 'Scripts using this token are refused from their next request. This cannot be undone.',
    created: (name) => `Token “${name}” created`,
    copyLabel: 'Copy the new API token',
    testId: 'token',
  },
};

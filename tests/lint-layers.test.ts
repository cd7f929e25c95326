import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The dependency direction is enforced by eslint/layers.mjs with the table in eslint/zones.mjs.
 * Each row lints a one-line file placed where the row says, with the project's real config
 * (the repository itself is checked by `npm run lint`).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/allowed-imports').map((m) => m.message);
}

type Row = [file: string, code: string, refused: boolean];
const ROWS: Row[] = [
  ['lib/providers/x.ts', "import { a } from '@/lib/similarity/analyze';", true],
  ['lib/providers/local/x.ts', "import { a } from '../../similarity/analyze';", true],
  ['lib/providers/x.ts', "import { a } from '@/lib/eval/run/runner';", true],
  ['lib/similarity/x.ts', "import { a } from '@/lib/eval/judge/classify';", true],
  ['lib/similarity/x.ts', "import { a } from '@/lib/providers/registry';", false],
  ['lib/similarity/recommend/x.ts', "import { a } from '../../providers/anthropic/client';", true],
  ['lib/text/x.ts', "import { a } from '@/lib/env';", true],
  ['lib/text/x.ts', "import { a } from './tokenize';", false],
  ['lib/embeddings/x.ts', "import { a } from '@/lib/text/tokenize';", false],
  ['lib/embeddings/x.ts', "import { a } from '@/lib/similarity/analyze';", true],
  ['lib/eval/judge/x.ts', "import { a } from '../run/batch';", true],
  ['lib/eval/judge/x.ts', "import type { A } from '@/db/schema';", false],
  ['lib/eval/judge/x.ts', "import { a } from '@/db/queries/runs';", true],
  ['lib/eval/advice/x.ts', "import { a } from '../judge/judge';", true],
  ['lib/eval/advice/x.ts', "import { a } from '../judge/classify';", false],
  ['lib/eval/run/x.ts', "import { a } from '../api/batch-events';", true],
  ['lib/eval/api/dto.ts', "import { a } from '../run/jobs';", true],
  ['lib/eval/api/batch-events.ts', "import { a } from '../run/jobs';", false],
  ['lib/x.ts', "import { a } from '@/components/ui/field';", true],
  ['db/queries/x.ts', "import { a } from '@/lib/eval/run/runner';", true],
  ['db/client.ts', "import { a } from '@/lib/env';", false],
  ['components/x/y.tsx', "import { a } from '@/db/queries/runs';", true],
  ['components/x/y.tsx', "import type { A } from '@/lib/eval/api/dto';", false],
  ['components/x/y.tsx', "import { a } from '@/app/page';", true],
  ['app/api/x/route.ts', "import { a } from '@/db/queries/runs';", false],
];

describe('dependency direction lint', () => {
  it.each(ROWS)('%s: %s -> refused %s', async (file, code, refused) => {
    const errors = await layerErrors(file, code);
    expect(errors.length > 0, errors.join('; ')).toBe(refused);
  });
});

import { CasePage } from '@/components/test-cases/detail/case-page';
import '@/components/test-cases/test-cases.css';
import '@/components/test-cases/detail/case-page.css';
// The run-again form reuses the launch form's model and key fields, styled by the runs stylesheet.
import '../../runs/runs.css';

export const metadata = { title: 'Test case · MCP Eval Harness' };

type Props = { params: Promise<{ id: string }> };

export default async function TestCasePage({ params }: Props) {
  const { id } = await params;
  return <CasePage id={id} />;
}

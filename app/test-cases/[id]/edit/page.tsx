import Link from 'next/link';
import { EditTestCase } from '@/components/test-cases/editor/edit-test-case';
import '@/components/test-cases/test-cases.css';

export const metadata = { title: 'Edit test case · MCP Eval Harness' };

type Props = { params: Promise<{ id: string }> };

export default async function EditTestCasePage({ params }: Props) {
  const { id } = await params;
  return (
    <>
      <nav aria-label="Breadcrumb" className="tc-breadcrumb">
        <Link href="/test-cases">Test cases</Link> / Edit
      </nav>
      <h1>Edit test case</h1>
      <EditTestCase id={id} />
    </>
  );
}

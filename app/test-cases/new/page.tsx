import Link from 'next/link';
import { NewTestCase } from '@/components/test-cases/editor/new-test-case';
import '@/components/test-cases/test-cases.css';

export const metadata = { title: 'New test case · MCP Eval Harness' };

export default function NewTestCasePage() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="tc-breadcrumb">
        <Link href="/test-cases">Test cases</Link> / New
      </nav>
      <h1>New test case</h1>
      <NewTestCase />
    </>
  );
}

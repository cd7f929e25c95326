'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { ApiError } from '@/components/data/fetcher';
import { queries } from '@/components/data/queries';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { valuesFromTestCase } from './form-values';
import { TestCaseForm } from './test-case-form';

export function EditTestCase({ id }: { id: string }) {
  const testCase = useQuery(queries.testCase(id));
  const servers = useQuery(queries.servers());
  if (testCase.error instanceof ApiError && testCase.error.status === 404) {
    return (
      <EmptyState title="This test case does not exist.">
        It may have been deleted. Go back to the <Link href="/test-cases">test cases</Link> or{' '}
        <Link href="/test-cases/new">write a new one</Link>.
      </EmptyState>
    );
  }
  if (testCase.isError) return <ErrorState error={testCase.error} onRetry={() => void testCase.refetch()} />;
  if (servers.isError) return <ErrorState error={servers.error} onRetry={() => void servers.refetch()} />;
  if (testCase.isPending || servers.isPending) return <Loading label="Loading the test case…" />;
  return (
    <>
      <p className="muted tc-subtitle">
        Editing <strong>{testCase.data.name}</strong>, last changed {new Date(testCase.data.updatedAt).toLocaleString()}.
      </p>
      {/* Keyed by version: the form reads its initial values once, and a newer save starts it afresh. */}
      <TestCaseForm key={testCase.data.updatedAt} servers={servers.data.items} initial={valuesFromTestCase(testCase.data)} testCaseId={id} />
    </>
  );
}

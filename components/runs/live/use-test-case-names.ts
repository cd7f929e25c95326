'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';

/** Test case names by id, from the same cached list the launch form's picker reads. */
export function useTestCaseNames(): Map<string, string> {
  const { data } = useQuery(queries.testCases({ limit: 200 }));
  return new Map((data?.items ?? []).map((t) => [t.id, t.name]));
}

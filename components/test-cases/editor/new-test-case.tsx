'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import { ErrorState, Loading } from '@/components/ui/states';
import { EMPTY_VALUES } from './form-values';
import { TestCaseForm } from './test-case-form';

export function NewTestCase() {
  const servers = useQuery(queries.servers());
  if (servers.isPending) return <Loading label="Loading the registered servers…" />;
  if (servers.isError) return <ErrorState error={servers.error} onRetry={() => void servers.refetch()} />;
  const items = servers.data.items;
  // With a single server there is nothing to choose: tick it.
  const initial = items.length === 1 && items[0] ? { ...EMPTY_VALUES, serverIds: [items[0].id], expectedServerId: items[0].id } : EMPTY_VALUES;
  return <TestCaseForm servers={items} initial={initial} />;
}

import { ServerDetailPage } from '@/components/servers/detail/server-detail-page';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ServerDetailPage id={id} />;
}

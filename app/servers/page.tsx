import { ServersPage } from '@/components/servers/list/servers-page';

export default function Page() {
  return <ServersPage />;
}

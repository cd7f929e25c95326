import { SimilarityPage } from '@/components/similarity/similarity-page';

export default function Page() {
  return <SimilarityPage />;
}

import { json, parseBody, route } from '@/lib/http';
import { EmbeddingModelSettingSchema, getDefaultEmbeddingModel, setDefaultEmbeddingModel } from '@/lib/settings/embedding-model';

export const GET = route(async () => json({ embeddingModel: await getDefaultEmbeddingModel() }));

export const PUT = route(async (req) => {
  const { embeddingModel } = await parseBody(req, EmbeddingModelSettingSchema);
  return json({ embeddingModel: await setDefaultEmbeddingModel(embeddingModel) });
});

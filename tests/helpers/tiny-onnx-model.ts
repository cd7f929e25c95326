import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import protobuf from 'protobufjs';
import { seededRandom } from '@/lib/seeded-random';

/**
 * Generates a real (if tiny) BERT-shaped ONNX model directory that @huggingface/transformers
 * loads like any sentence-embedding model: config.json, tokenizer.json (WordPiece over a few
 * dozen whole words), tokenizer_config.json and onnx/model.onnx. The graph is one Gather:
 * input_ids -> rows of an embedding matrix -> last_hidden_state [batch, seq, dim];
 * attention_mask and token_type_ids are declared inputs the graph ignores, as a BERT export
 * would accept them. No sentence-embedding weights can be downloaded here, so this is how the
 * transformer provider's real loading and pooling code gets tested.
 */

/** The subset of onnx.proto (field numbers as in onnx/onnx.proto3) a one-node graph needs. */
const ONNX_PROTO = `
syntax = "proto3";
package onnx;
message AttributeProto { string name = 1; int64 i = 3; int32 type = 20; }
message ValueInfoProto { string name = 1; TypeProto type = 2; }
message NodeProto { repeated string input = 1; repeated string output = 2; string name = 3; string op_type = 4; repeated AttributeProto attribute = 5; }
message ModelProto { int64 ir_version = 1; string producer_name = 2; GraphProto graph = 7; repeated OperatorSetIdProto opset_import = 8; }
message GraphProto { repeated NodeProto node = 1; string name = 2; repeated TensorProto initializer = 5; repeated ValueInfoProto input = 11; repeated ValueInfoProto output = 12; }
message TensorProto { repeated int64 dims = 1; int32 data_type = 2; string name = 8; bytes raw_data = 9; }
message TensorShapeProto { message Dimension { oneof value { int64 dim_value = 1; string dim_param = 2; } } repeated Dimension dim = 1; }
message TypeProto { message Tensor { int32 elem_type = 1; TensorShapeProto shape = 2; } oneof value { Tensor tensor_type = 1; } }
message OperatorSetIdProto { string domain = 1; int64 version = 2; }
`;

const FLOAT = 1;
const INT64 = 7;
const ATTRIBUTE_INT = 2;

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

/**
 * Words grouped by meaning: words of a group share most of their vector, so "delete a file"
 * lands nearer "remove a document" than "list weather forecasts", as in a real model.
 * Everything else (stop words, unknown words, special tokens) maps to a zero row and only
 * dilutes the mean.
 */
export const TINY_MODEL_WORD_GROUPS: readonly (readonly string[])[] = [
  ['delete', 'remove', 'erase', 'destroy'],
  ['file', 'files', 'document', 'documents'],
  ['search', 'find', 'query', 'lookup'],
  ['list', 'enumerate', 'show'],
  ['create', 'add', 'new', 'make'],
  ['update', 'edit', 'modify', 'change'],
  ['weather', 'forecast', 'forecasts', 'temperature'],
  ['todo', 'todos', 'task', 'tasks'],
  ['knowledge', 'base', 'passages', 'context'],
  ['retrieve', 'fetch', 'get', 'read'],
  ['run', 'runs', 'evaluation', 'transcript'],
  ['user', 'users', 'account'],
];

export const TINY_MODEL_DIMENSIONS = 24;

export type TinyModel = {
  /** The directory to point EMBEDDING_MODEL_DIR at (it holds `<modelId>/`). */
  root: string;
  modelId: string;
  /** `root/modelId`: the model's own files. */
  dir: string;
  vocabulary: string[];
  remove(): void;
};

function randomVector(random: () => number, dims: number, scale: number): number[] {
  return Array.from({ length: dims }, () => (random() * 2 - 1) * scale);
}

function buildEmbeddingMatrix(dims: number): { vocabulary: string[]; matrix: Float32Array } {
  const random = seededRandom(20240611);
  const vocabulary: string[] = [...SPECIAL_TOKENS];
  const rows: number[][] = SPECIAL_TOKENS.map(() => new Array<number>(dims).fill(0));
  for (const group of TINY_MODEL_WORD_GROUPS) {
    const shared = randomVector(random, dims, 1);
    for (const word of group) {
      const own = randomVector(random, dims, 0.35);
      vocabulary.push(word);
      rows.push(shared.map((v, i) => v + (own[i] ?? 0)));
    }
  }
  return { vocabulary, matrix: Float32Array.from(rows.flat()) };
}

function tensorType(elemType: number, dims: (number | string)[]) {
  return {
    tensorType: {
      elemType,
      shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
    },
  };
}

function encodeModel(vocabulary: string[], matrix: Float32Array, dims: number): Uint8Array {
  const root = protobuf.parse(ONNX_PROTO).root;
  const ModelProto = root.lookupType('onnx.ModelProto');
  const batchSeq = ['batch_size', 'sequence_length'];
  const message = ModelProto.fromObject({
    irVersion: 8,
    producerName: 'mcp-eval-tiny-onnx-model',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'tiny-bert',
      node: [
        {
          name: 'embed',
          opType: 'Gather',
          input: ['word_embeddings', 'input_ids'],
          output: ['last_hidden_state'],
          attribute: [{ name: 'axis', i: 0, type: ATTRIBUTE_INT }],
        },
      ],
      initializer: [
        {
          name: 'word_embeddings',
          dims: [vocabulary.length, dims],
          dataType: FLOAT,
          rawData: new Uint8Array(matrix.buffer, matrix.byteOffset, matrix.byteLength),
        },
      ],
      input: [
        { name: 'input_ids', type: tensorType(INT64, batchSeq) },
        { name: 'attention_mask', type: tensorType(INT64, batchSeq) },
        { name: 'token_type_ids', type: tensorType(INT64, batchSeq) },
      ],
      output: [{ name: 'last_hidden_state', type: tensorType(FLOAT, [...batchSeq, dims]) }],
    },
  });
  return ModelProto.encode(message).finish();
}

function tokenizerJson(vocabulary: string[]): unknown {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: { type: 'BertProcessing', sep: ['[SEP]', 3], cls: ['[CLS]', 2] },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary.map((word, id) => [word, id])),
    },
  };
}

const TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  do_lower_case: true,
  model_max_length: 128,
  cls_token: '[CLS]',
  sep_token: '[SEP]',
  pad_token: '[PAD]',
  unk_token: '[UNK]',
  mask_token: '[MASK]',
};

function modelConfig(vocabSize: number, dims: number): unknown {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dims,
    num_attention_heads: 1,
    num_hidden_layers: 0,
    vocab_size: vocabSize,
    max_position_embeddings: 128,
    type_vocab_size: 2,
  };
}

/**
 * Writes the model under `root/modelId` (a fresh temp dir unless `root` is given).
 * `modelId` may contain a slash, like hub ids ("Xenova/all-MiniLM-L6-v2").
 */
export function createTinyOnnxModel(options: { root?: string; modelId?: string; quantizedName?: boolean } = {}): TinyModel {
  const root = options.root ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tiny-onnx-'));
  const modelId = options.modelId ?? 'tiny-test/bert-embedding-lookup';
  const dir = path.join(root, ...modelId.split('/'));
  const dims = TINY_MODEL_DIMENSIONS;
  const { vocabulary, matrix } = buildEmbeddingMatrix(dims);
  fs.mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  const onnxName = options.quantizedName ? 'model_quantized.onnx' : 'model.onnx';
  fs.writeFileSync(path.join(dir, 'onnx', onnxName), encodeModel(vocabulary, matrix, dims));
  fs.writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocabulary)));
  fs.writeFileSync(path.join(dir, 'tokenizer_config.json'), JSON.stringify(TOKENIZER_CONFIG));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(modelConfig(vocabulary.length, dims)));
  return {
    root,
    modelId,
    dir,
    vocabulary,
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * The ONNX model the similarity kernel runs: one Gemm node, Y = A x B^T, with A [m, d] and
 * B [c, d] both row-major blocks of L2-normalised vectors, so Y[i][j] is the cosine of row i
 * of A and row j of B. Encoded here, byte by byte, as the protobuf onnx.proto describes it
 * (field numbers as in onnx/onnx.proto3): no model file, no protobuf library at run time.
 */

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;
const FLOAT = 1;
const ATTRIBUTE_INT = 2;

type Bytes = number[];

function varint(out: Bytes, value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

function key(out: Bytes, field: number, wire: number): void {
  varint(out, field * 8 + wire);
}

function int(field: number, value: number): Bytes {
  const out: Bytes = [];
  key(out, field, WIRE_VARINT);
  varint(out, value);
  return out;
}

function bytes(field: number, payload: Bytes): Bytes {
  const out: Bytes = [];
  key(out, field, WIRE_BYTES);
  varint(out, payload.length);
  return out.concat(payload);
}

function text(field: number, value: string): Bytes {
  return bytes(field, [...Buffer.from(value, 'utf8')]);
}

/** A float tensor input or output whose dimensions are all symbolic (any size at run time). */
function valueInfo(name: string, dims: string[]): Bytes {
  const shape = dims.flatMap((d) => bytes(1, text(2, d)));
  const tensorType = [...int(1, FLOAT), ...bytes(2, shape)];
  return [...text(1, name), ...bytes(2, bytes(1, tensorType))];
}

/** The serialized model: inputs `a` [m, d] and `b` [c, d], output `y` [m, c]. */
export function gemmModel(): Uint8Array {
  const transB = [...text(1, 'transB'), ...int(3, 1), ...int(20, ATTRIBUTE_INT)];
  const node = [...text(1, 'a'), ...text(1, 'b'), ...text(2, 'y'), ...text(3, 'cosine'), ...text(4, 'Gemm'), ...bytes(5, transB)];
  const graph = [
    ...bytes(1, node),
    ...text(2, 'pairwise_cosine'),
    ...bytes(11, valueInfo('a', ['m', 'd'])),
    ...bytes(11, valueInfo('b', ['c', 'd'])),
    ...bytes(12, valueInfo('y', ['m', 'c'])),
  ];
  const opset = [...text(1, ''), ...int(2, 13)];
  return Uint8Array.from([...int(1, 8), ...text(2, 'mcp-eval-harness'), ...bytes(7, graph), ...bytes(8, opset)]);
}

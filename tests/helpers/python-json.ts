/**
 * JSON read the way Python's json.loads reads it: `5` is an int and `5.0` a float. JSON.parse
 * loses that distinction, and BFCL's checker depends on it (a float where an int is expected
 * is a type error). Only for test data; a plain recursive-descent reader.
 */
export type Py =
  | { t: 'int'; v: number }
  | { t: 'float'; v: number }
  | { t: 'str'; v: string }
  | { t: 'bool'; v: boolean }
  | { t: 'none' }
  | { t: 'list'; v: Py[] }
  | { t: 'dict'; v: [string, Py][] };

export function parsePythonJson(text: string): Py {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i] as string)) i++;
  };
  const fail = (what: string): never => {
    throw new Error(`python-json: ${what} at ${i}`);
  };
  function value(): Py {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: [string, Py][] = [];
      ws();
      if (text[i] === '}') return i++, { t: 'dict', v: entries };
      for (;;) {
        ws();
        const key = value();
        if (key.t !== 'str') fail('a string key');
        ws();
        if (text[i++] !== ':') fail('":"');
        entries.push([(key as { v: string }).v, value()]);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return i++, { t: 'dict', v: entries };
        else fail('"," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const items: Py[] = [];
      ws();
      if (text[i] === ']') return i++, { t: 'list', v: items };
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return i++, { t: 'list', v: items };
        else fail('"," or "]"');
      }
    }
    if (c === '"') {
      const start = i;
      i++;
      while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      return { t: 'str', v: JSON.parse(text.slice(start, i)) as string };
    }
    const literal = /^(?:true|false|null|NaN|-?Infinity|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) return fail('a value');
    const token = literal[0];
    i += token.length;
    if (token === 'true' || token === 'false') return { t: 'bool', v: token === 'true' };
    if (token === 'null') return { t: 'none' };
    if (/^-?\d+$/.test(token)) return { t: 'int', v: Number(token) };
    return { t: 'float', v: Number(token) };
  }
  const result = value();
  ws();
  if (i !== text.length) fail('end of document');
  return result;
}

/** The value as a model's JSON arguments arrive in JavaScript (5.0 becomes 5). */
export function toJs(p: Py): unknown {
  switch (p.t) {
    case 'none':
      return null;
    case 'list':
      return p.v.map(toJs);
    case 'dict':
      return Object.fromEntries(p.v.map(([k, v]) => [k, toJs(v)]));
    default:
      return p.v;
  }
}

export function dictGet(p: Py, key: string): Py | undefined {
  return p.t === 'dict' ? p.v.find(([k]) => k === key)?.[1] : undefined;
}

import { describe, expect, it } from 'vitest';
import { parseToolArguments } from './tool-arguments';

describe('parseToolArguments', () => {
  it('parses a JSON object string and passes decoded objects through', () => {
    expect(parseToolArguments('{"city":"Paris","days":3}')).toEqual({ arguments: { city: 'Paris', days: 3 } });
    expect(parseToolArguments({ city: 'Paris' })).toEqual({ arguments: { city: 'Paris' } });
  });

  it('reads an empty string as no arguments', () => {
    expect(parseToolArguments('  ')).toEqual({ arguments: {} });
  });

  it.each([['{"city": "Par'], ['[1,2]'], ['"text"'], ['null'], ['42'], [[1]], [null], [undefined]])(
    'turns %j into null with a reason',
    (raw) => {
      const result = parseToolArguments(raw);
      expect(result.arguments).toBeNull();
      expect(result.argumentsError).toEqual(expect.any(String));
    },
  );
});

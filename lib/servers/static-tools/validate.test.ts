import { describe, expect, it } from 'vitest';
import { checkStaticTools } from './validate';

const OBJ = { type: 'object' };

function issuesOf(items: unknown[]) {
  return checkStaticTools(items).issues.map((i) => `${i.path.join('.')}|${i.message}`);
}

describe('static tool validation', () => {
  it('accepts a mixed-format list and returns MCP tools in order', () => {
    const { tools, issues } = checkStaticTools([
      { name: 'a.b-c_d', description: '', inputSchema: OBJ },
      { type: 'function', function: { name: 'f', description: 'x', parameters: OBJ } },
      { name: 'g', description: 'y', input_schema: OBJ },
    ]);
    expect(issues).toEqual([]);
    expect(tools.map((t) => t.name)).toEqual(['a.b-c_d', 'f', 'g']);
  });

  it('each bad definition names the tool (index and name) and the field', () => {
    expect(issuesOf([{ name: 'x', description: '', inputSchema: 'object' }])).toEqual(['0.inputSchema|tool 0 ("x"): inputSchema must be a JSON Schema object']);
    expect(issuesOf([{ name: 'x', description: '', inputSchema: { type: 'string' } }])).toEqual(['0.inputSchema|tool 0 ("x"): inputSchema must have type "object"']);
    expect(issuesOf([{ name: 'x', description: '', inputSchema: { type: 'object', required: 'q' } }])[0]).toMatch(/^0\.inputSchema\|tool 0 \("x"\): inputSchema is not valid JSON Schema/);
    expect(issuesOf([{ name: 'x', description: '', inputSchema: OBJ, outputSchema: [] }])).toEqual(['0.outputSchema|tool 0 ("x"): outputSchema must be a JSON Schema object']);
    expect(issuesOf([{ name: 'a/b', description: '', inputSchema: OBJ }])[0]).toMatch(/^0\.name\|tool 0 \("a\/b"\): name must be/);
    expect(issuesOf([{ name: '', description: '', inputSchema: OBJ }])).toEqual(['0.name|tool 0: name is required']);
    expect(issuesOf([{ name: 'x', description: '', inputSchema: OBJ }, { name: 'x', description: '', inputSchema: OBJ }])).toEqual(['1.name|tool 1 ("x"): duplicate name, already used by tool 0']);
    expect(issuesOf([{ name: 'x', description: ['no'], inputSchema: OBJ }])[0]).toMatch(/^0\.description\|tool 0 \("x"\): description /);
    expect(issuesOf([{ name: 'x', description: '', inputSchema: OBJ, annotations: { readOnly: true } }])[0]).toMatch(/^0\.annotations\|tool 0 \("x"\): annotations /);
  });

  it("refuses a schema nesting deeper than 100 levels (SQLite's JSON functions fail past 1,000: a 500 before)", () => {
    const nested = (levels: number) => {
      let v: unknown = { type: 'string' };
      for (let i = 3; i < levels; i++) v = { a: v };
      return { type: 'object', properties: { p: v } };
    };
    expect(issuesOf([{ name: 'x', description: '', inputSchema: nested(100) }])).toEqual([]);
    expect(issuesOf([{ name: 'x', description: '', inputSchema: nested(101) }])).toEqual(['0.inputSchema|tool 0 ("x"): inputSchema nests deeper than 100 levels']);
    expect(issuesOf([{ name: 'x', description: '', inputSchema: OBJ, outputSchema: nested(1002) }])).toEqual(['0.outputSchema|tool 0 ("x"): outputSchema nests deeper than 100 levels']);
  });

  it('fields the harness does not model (MCP title, icons, _meta) are left out, not refused', () => {
    const { tools, issues } = checkStaticTools([{ name: 'x', title: 'X', _meta: { a: 1 }, description: '', inputSchema: OBJ }]);
    expect(issues).toEqual([]);
    expect(tools).toEqual([{ name: 'x', description: '', inputSchema: OBJ }]);
  });

  it('names are 1-128 characters', () => {
    expect(issuesOf([{ name: 'x'.repeat(128), description: '', inputSchema: OBJ }])).toEqual([]);
    expect(issuesOf([{ name: 'x'.repeat(129), description: '', inputSchema: OBJ }])).toHaveLength(1);
  });
});

'use client';

import { Field } from '@/components/ui/field';

export function UrlInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Field label="MCP server URLs" hint="One http(s) URL per line (Streamable HTTP). Servers that cannot be reached are reported; the others are still analysed.">
      {(props) => (
        <textarea
          {...props}
          className="sim-textarea"
          rows={4}
          spellCheck={false}
          placeholder={'http://127.0.0.1:3000/demo/rag/mcp\nhttps://example.com/mcp'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

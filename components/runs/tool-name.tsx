/** "server/tool" that may break after the slash or an underscore, never inside a word. */
export function ToolName({ server, tool, none = 'no tool' }: { server: string | null | undefined; tool: string | null | undefined; none?: string }) {
  if (!tool) return <span className="muted">{none}</span>;
  const parts = tool.split('_');
  return (
    <code className="runs-tool">
      {server ? (
        <>
          {server}/<wbr />
        </>
      ) : null}
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 ? (
            <>
              _<wbr />
            </>
          ) : null}
          {p}
        </span>
      ))}
    </code>
  );
}

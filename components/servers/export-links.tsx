/** Plain download links: the API answers with Content-Disposition: attachment. */
export function ExportLinks() {
  return (
    <div className="srv-export" role="group" aria-label="Export the registry">
      <a className="btn" href="/api/servers/export?format=mcp" download="mcp.json">
        Export mcp.json
      </a>
      <a className="btn" href="/api/servers/export?format=vscode" download="vscode-mcp.json">
        Export for VS Code
      </a>
    </div>
  );
}

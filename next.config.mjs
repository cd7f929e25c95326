/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and process-spawning packages stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', '@modelcontextprotocol/sdk'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;

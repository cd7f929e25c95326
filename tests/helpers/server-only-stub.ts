// vitest stand-in for the 'server-only' marker package, whose default export throws
// outside React Server Components' build condition.
export {};

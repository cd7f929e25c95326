/*
 * Who may import whom. Paths are repository-relative; a trailing '/' means a folder, otherwise
 * a module. Type-only imports are not checked (no runtime dependency). The first zone whose `from` matches the importing file and whose `disallow` matches
 * the import (and no `allow`/`except` exempts it) reports it with `why`.
 *
 *   app -> components -> lib -> db        (db may read lib/env, lib/private-files and the provider table)
 *   lib/text <- lib/embeddings <- lib/providers <- lib/similarity, lib/eval
 *   lib/eval: run -> judge -> advice, api at the edge (HTTP framing and the DTOs the UI imports)
 */
const PROVIDER_PUBLIC = ['lib/providers/catalog', 'lib/providers/registry', 'lib/providers/types', 'lib/providers/ids', 'lib/providers/api-keys', 'lib/providers/tool-names'];

export const LAYERS = [
  { from: ['components/', 'lib/', 'db/'], disallow: ['app/'], why: 'app/ is the top layer: pages and route handlers import the rest, never the other way' },
  { from: ['lib/', 'db/'], disallow: ['components/'], why: 'lib/ and db/ are below the UI' },
  { from: ['components/'], disallow: ['db/'], why: 'the UI reaches data through the API, never the database' },
  {
    from: ['db/'],
    disallow: ['lib/'],
    allow: ['lib/env', 'lib/private-files', 'lib/providers/catalog'],
    why: 'db/ is the bottom layer: lib calls db; db reads only configuration and the provider table its CHECKs derive from',
  },
  { from: ['lib/text/'], disallow: ['lib/', 'db/'], allow: ['lib/text/'], why: 'lib/text is the leaf of text code: tokenizer, stop words, TF-IDF, vector math' },
  {
    from: ['lib/embeddings/'],
    disallow: ['lib/providers/', 'lib/similarity/', 'lib/eval/', 'lib/metrics/', 'lib/mcp-endpoint/'],
    allow: PROVIDER_PUBLIC,
    why: 'the embedding layer serves the local provider and similarity alike, so it imports neither',
  },
  { from: ['lib/providers/'], disallow: ['lib/similarity/', 'lib/eval/', 'lib/metrics/', 'lib/mcp-endpoint/', 'lib/servers/'], why: 'providers reach models; evaluation and similarity call them, not the reverse' },
  { from: ['lib/stats/'], disallow: ['db/', 'lib/eval/run/', 'lib/eval/api/', 'lib/providers/', 'lib/similarity/', 'lib/mcp/'], why: 'statistics are pure functions of outcomes: experiments, the CI gate and batch comparison share them' },
  { from: ['lib/similarity/'], disallow: ['lib/eval/'], why: 'similarity is independent of the evaluation engine' },
  {
    from: ['app/', 'components/', 'lib/', 'db/'],
    except: ['lib/providers/'],
    disallow: ['lib/providers/'],
    allow: PROVIDER_PUBLIC,
    why: 'outside lib/providers, use the provider table and interface (catalog, registry, types), never a provider\'s internals',
  },
  { from: ['lib/eval/judge/'], disallow: ['lib/eval/run/', 'lib/eval/api/', 'db/'], why: 'judging is pure: it scores a response against a test case and touches no database or job' },
  { from: ['lib/eval/advice/'], disallow: ['lib/eval/run/', 'lib/eval/api/', 'lib/eval/judge/judge', 'db/'], why: 'advice reads the judge\'s leaf results; judge.ts calls advice, not the reverse' },
  { from: ['lib/eval/run/'], disallow: ['lib/eval/api/batch-events'], why: 'the SSE framing is the route edge\'s; the runner only publishes events' },
  { from: ['lib/eval/api/'], except: ['lib/eval/api/batch-events'], disallow: ['lib/eval/run/'], why: 'api/ holds the HTTP shapes the UI imports; only batch-events reads live jobs' },
];

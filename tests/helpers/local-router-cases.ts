/**
 * Queries for the npm filesystem and memory servers, written without looking at how the local
 * router scores them: the held-out set of tests/local-router.test.ts (the seeded demo cases
 * are what the router's threshold and mix were first tuned on).
 */
export type RouterCase = { query: string; servers: string[]; expected: string | null };

const NPM = ['filesystem', 'memory'];

export const HELD_OUT_CASES: RouterCase[] = [
  { query: 'Show me what is inside notes/todo.txt', servers: NPM, expected: 'read_text_file' },
  { query: 'Read config.json and package.json together', servers: NPM, expected: 'read_multiple_files' },
  { query: 'Save this text as a new file called draft.md', servers: NPM, expected: 'write_file' },
  { query: 'In README.md replace the line "v1" with "v2"', servers: NPM, expected: 'edit_file' },
  { query: 'Make a folder named reports/2026', servers: NPM, expected: 'create_directory' },
  { query: 'What files are in the src folder?', servers: NPM, expected: 'list_directory' },
  { query: 'List the files in build with how big each one is', servers: NPM, expected: 'list_directory_with_sizes' },
  { query: 'Give me the whole nested folder structure of the project as a tree', servers: NPM, expected: 'directory_tree' },
  { query: 'Rename old.txt to new.txt', servers: NPM, expected: 'move_file' },
  { query: 'Find all markdown files anywhere under docs', servers: NPM, expected: 'search_files' },
  { query: 'When was report.pdf last modified and how large is it?', servers: NPM, expected: 'get_file_info' },
  { query: 'Which directories am I allowed to access?', servers: NPM, expected: 'list_allowed_directories' },
  { query: 'Show me the picture logo.png', servers: NPM, expected: 'read_media_file' },
  { query: 'Remember that Alice is a person who works at Acme', servers: NPM, expected: 'create_entities' },
  { query: 'Record that Alice manages Bob', servers: NPM, expected: 'create_relations' },
  { query: 'Add the fact that Alice likes tea to what you know about her', servers: NPM, expected: 'add_observations' },
  { query: 'Forget everything about the entity Bob', servers: NPM, expected: 'delete_entities' },
  { query: 'Dump the entire knowledge graph', servers: NPM, expected: 'read_graph' },
  { query: 'Search your memory for anything about Acme', servers: NPM, expected: 'search_nodes' },
  { query: 'Open the nodes named Alice and Bob', servers: NPM, expected: 'open_nodes' },
  { query: 'What is the capital of France?', servers: NPM, expected: null },
  { query: 'Write me a haiku about autumn', servers: NPM, expected: null },
  { query: 'Translate "good morning" into Spanish', servers: NPM, expected: null },
  { query: 'How are you today?', servers: NPM, expected: null },
];

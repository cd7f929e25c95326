import { defineConfig } from 'vitest/config';
import base from './vitest.config.mts';

// Mutation testing (npm run test:mutation) runs only the unit tests of the code it mutates:
// lib/eval/judge/** (arguments included), which need no network and no database.
// (mergeConfig would append to the base include list, so the list is replaced here.)
export default defineConfig({ ...base, test: { ...base.test, include: ['lib/eval/judge/**/*.test.ts'] } });

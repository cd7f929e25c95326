/** Batch limits without zod, so the launch form can check them in the browser (schemas.ts enforces them). */
export const MAX_SAMPLES = 20;
export const MAX_CONCURRENCY = 32;

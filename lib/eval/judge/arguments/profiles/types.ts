import type { ArgumentMatchingId } from '@/db/schema';

export type { ArgumentMatchingId };

/**
 * How argument values are compared and type-checked. A test case names its profile
 * (`argumentMatching`); values.ts handles null, arrays and objects the same way for every
 * profile and asks the profile about scalars and strings; type-conformance.ts validates
 * against the schema the profile derives.
 */
export type ArgumentMatchingProfile = {
  id: ArgumentMatchingId;
  /** Short label for the run detail ("BFCL"). */
  label: string;
  description: string;
  /**
   * Whether two values match when at least one of them is a scalar (string, number,
   * boolean); an array or object against a scalar never matches.
   */
  scalarsMatch(expected: unknown, actual: unknown): boolean;
  /** The form in which `$contains` compares text. */
  normalizeText(value: string): string;
  /** The schema the type-conformance check validates the arguments against. */
  typeCheckSchema(inputSchema: Record<string, unknown>): Record<string, unknown>;
};

import type { ArgumentMatchingId } from '@/db/schema';
import { bfclProfile } from './bfcl';
import { strictProfile } from './strict';
import type { ArgumentMatchingProfile } from './types';

/** Keyed by the schema's ids (a type import: judging touches no database), so a new id without a profile fails to compile. */
const PROFILES: Record<ArgumentMatchingId, ArgumentMatchingProfile> = { strict: strictProfile, bfcl: bfclProfile };

export const DEFAULT_ARGUMENT_MATCHING: ArgumentMatchingId = 'strict';

export function listArgumentMatchingProfiles(): ArgumentMatchingProfile[] {
  return Object.values(PROFILES);
}

/** The profile of an id; undefined or null (a row from before profiles) is the default. */
export function getArgumentMatchingProfile(id: ArgumentMatchingId | null | undefined): ArgumentMatchingProfile {
  const profile: ArgumentMatchingProfile | undefined = PROFILES[id ?? DEFAULT_ARGUMENT_MATCHING];
  if (!profile) throw new Error(`Unknown argument matching profile ${String(id)}; known: ${Object.keys(PROFILES).join(', ')}`);
  return profile;
}

import type { PropertySpec } from './schema-properties';

/** How one argument is checked: not at all, by an exact value, or by one matcher of SPEC section 4. */
export const ARGUMENT_MODES = ['unchecked', 'exact', '$any', '$oneOf', '$regex', '$contains', '$approx', '$absent', '$fromResult'] as const;
export type ArgumentMode = (typeof ARGUMENT_MODES)[number];

export const MODE_LABELS: Record<ArgumentMode, string> = {
  unchecked: 'Not checked',
  exact: 'Exact value',
  $any: 'Any value ($any)',
  $oneOf: 'One of ($oneOf)',
  $regex: 'Matches regex ($regex)',
  $contains: 'Contains ($contains)',
  $approx: 'Approximately ($approx)',
  $absent: 'Must be absent ($absent)',
  $fromResult: 'From an earlier result ($fromResult)',
};

const EXACT_HINTS: Record<PropertySpec['type'], string> = {
  string: 'Compared trimmed and case-insensitive.',
  number: 'Compared numerically (1 equals 1.0).',
  integer: 'Compared numerically (1 equals 1.0).',
  boolean: 'The model must pass exactly this.',
  array: 'JSON; compared element by element, strings case-insensitive.',
  object: 'JSON; compared key by key, strings case-insensitive.',
  unknown: 'JSON; numbers compare numerically, strings case-insensitive.',
};

const MODE_HINTS: Record<Exclude<ArgumentMode, 'exact'>, string> = {
  unchecked: 'Any value, or none, is fine.',
  $any: 'The model must pass this argument; any value passes.',
  $oneOf: 'The value must match one of the options.',
  $regex: 'The value, as text, must contain a match (unanchored, case-sensitive).',
  $contains: 'Text containing this (case-insensitive), or an array with a matching element.',
  $approx: 'A number within the tolerance (default 0.000001).',
  $absent: 'The model must not pass this argument.',
  $fromResult: "Must equal what the JSONPath reads in an earlier expected call's result (e.g. $.items[0].id).",
};

export function modeHint(mode: ArgumentMode, prop: PropertySpec): string {
  return mode === 'exact' ? EXACT_HINTS[prop.type] : MODE_HINTS[mode];
}

/**
 * Modes that make sense for a property's type; the current mode always stays selectable.
 * $fromResult only where there is an earlier expected call to read (sequence cases).
 */
export function modesFor(prop: PropertySpec, current: ArgumentMode, earlierCalls = 0): ArgumentMode[] {
  const numeric = prop.type === 'number' || prop.type === 'integer' || prop.type === 'unknown';
  const textual = prop.type === 'string' || prop.type === 'array' || prop.type === 'unknown';
  return ARGUMENT_MODES.filter(
    (m) => m === current || (m === '$approx' ? numeric : m === '$contains' ? textual : m === '$fromResult' ? earlierCalls > 0 : true),
  );
}

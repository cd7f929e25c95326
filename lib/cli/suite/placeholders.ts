/**
 * `${NAME}` and `${NAME:-default}` in a server entry are read from the environment when the
 * suite runs, so secrets stay out of the repository. A missing variable without a default is
 * a suite error naming it.
 */
const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export function substitute(value: string, env: Readonly<Record<string, string | undefined>>, missing: (name: string) => void): string {
  return value.replace(PLACEHOLDER, (_all, name: string, fallback: string | undefined) => {
    const found = env[name];
    if (found !== undefined && found !== '') return found;
    if (fallback !== undefined) return fallback;
    missing(name);
    return '';
  });
}

/** Every string inside `value`, substituted (objects and arrays are copied). */
export function substituteDeep(value: unknown, env: Readonly<Record<string, string | undefined>>, missing: (name: string, path: (string | number)[]) => void, path: (string | number)[] = []): unknown {
  if (typeof value === 'string') return substitute(value, env, (name) => missing(name, path));
  if (Array.isArray(value)) return value.map((v, i) => substituteDeep(v, env, missing, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteDeep(v, env, missing, [...path, k])]));
  }
  return value;
}

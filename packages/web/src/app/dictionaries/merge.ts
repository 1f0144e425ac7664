export type Dictionary = { [key: string]: string | Dictionary };

function mergeInto(target: Dictionary, source: Dictionary): Dictionary {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof value === 'object' && typeof current === 'object' ? mergeInto(current, value) : value;
  }
  return target;
}

/** One language's files (`locales/<lang>.json`, `locales/<area>/<lang>.json`) merged key by key, in path order. */
export function mergeFiles(files: Record<string, Dictionary>): Dictionary {
  return Object.keys(files)
    .sort()
    .reduce<Dictionary>((all, f) => mergeInto(all, files[f]!), {});
}

// No zod here: the web's API client imports this on the sign-in screen, whose code is kept small
// (apps/web/scripts/check-bundle.mjs).

/** Fills `:name` placeholders of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

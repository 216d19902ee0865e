/**
 * State that must exist once in the page although two builds of the same source run in it: the page's (React)
 * and the Book Now card's own (Preact, docs/decisions/035-the-book-now-card-on-preact.md). Each build has its
 * own copy of every module, so a module's variables would be two; this keeps the value on `globalThis` under a
 * registered symbol named `the-tower:<name>`, created by whichever build asks first.
 */
export function sharedState<T>(name: string, create: () => T): T {
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`the-tower:${name}`);
  holder[key] ??= create();
  return holder[key];
}

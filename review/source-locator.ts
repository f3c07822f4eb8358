/**
 * Where a finding is in the spec's text: the locator is the generator's
 * (generator/load/source-locator.ts); a report location is turned into a pointer here.
 */
export { createLocator, type Locator } from "../generator/load/source-locator.js";

/** The JSON pointer of a report location: an operation (`GET /pets/{id}`) or already a pointer. */
export function locationPointer(location: string): string | undefined {
  if (location.startsWith("#")) return location;
  const match = /^([A-Z]+) (\/.*)$/.exec(location);
  if (match === null) return undefined;
  const path = match[2]!.replace(/~/g, "~0").replace(/\//g, "~1");
  return `#/paths/${path}/${match[1]!.toLowerCase()}`;
}

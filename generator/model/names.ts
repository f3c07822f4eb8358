/**
 * Turning spec names into safe TypeScript identifiers, deterministically.
 *
 * Rules (documented in the README, "Names"):
 * - words are split on anything that is not a letter or digit, and on camelCase humps;
 *   the result is camelCase (`get-pet.by id` → `getPetById`), PascalCase for types;
 * - a name that would start with a digit gets the prefix `op` (`2fa` → `op2fa`);
 * - a missing operationId is derived from the method and the path
 *   (`GET /pets/{petId}` → `getPetsByPetId`);
 * - when two operations end up with the same name, the first in spec order keeps it and
 *   the next ones get `2`, `3`, ... appended; every such rename is reported.
 */
const WORD = /[\p{L}\p{N}]+/gu;

function words(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    // split "getPetByID" into get, Pet, By, ID and "v2Pets" into v2, Pets
    const parts = match[0].match(
      /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+\p{N}*|\p{Lu}+\p{N}*|\p{N}+\p{Ll}*|\p{Lo}+\p{N}*|[\p{L}\p{N}]+/gu,
    );
    if (parts) out.push(...parts);
  }
  return out;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `list-pets` → `listPets`; never empty, never starts with a digit. */
export function toCamelCase(text: string): string {
  const parts = words(text);
  if (parts.length === 0) return "";
  const [first = "", ...rest] = parts;
  const name = first.toLowerCase() + rest.map((word) => capitalize(word.toLowerCase())).join("");
  return /^\p{N}/u.test(name) ? `op${name}` : name;
}

/** `listPets` → `ListPets`. */
export function toPascalCase(text: string): string {
  return capitalize(toCamelCase(text));
}

/**
 * The API name a spec gets when `--name` is not given: its title in PascalCase, without a last
 * word "API" (`Pet Store API` → `PetStore`, so `createPetStoreClient`); `Api` for a title of no
 * word.
 */
export function defaultApiName(title: string): string {
  const name = toPascalCase(title.replace(/[\s_-]+api\s*$/i, ""));
  return name || toPascalCase(title) || "Api";
}

/** A name for an operation without an operationId: the method and the path's words. */
export function deriveOperationName(method: string, path: string): string {
  const segments = path.split("/").filter((segment) => segment.length > 0);
  const parts = segments.map((segment) => {
    const param = /^\{(.+)\}$/.exec(segment);
    return param ? `by ${param[1]}` : segment;
  });
  return toCamelCase([method, ...parts].join(" ")) || method;
}

/** Hands out unique names in call order: the first keeps the name, later ones get 2, 3, ... */
export class NameRegistry {
  private readonly taken = new Set<string>();

  /** @param reserved names never handed out (e.g. the client's own `use` and `eject` methods) */
  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name.toLowerCase()); n += 1) name = `${wanted}${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

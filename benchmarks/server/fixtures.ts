/** What the three servers of figure 4 answer, and what the load generator sends. */
export const API_KEY = "bench-enterprise-key";
export const PET = { id: 1, name: "Rex", categoryId: 1, status: "available" } as const;
export const NEW_PET_BODY = JSON.stringify({ name: "Bella", categoryId: 1, status: "available" });
export const CREATED_ID = 4;

export type PetStatus = "available" | "pending" | "sold";

export interface NewPet {
  readonly name: string;
  readonly categoryId: number;
  readonly status?: PetStatus;
}

export function createdPet(body: NewPet): {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
} {
  return {
    id: CREATED_ID,
    name: body.name,
    categoryId: body.categoryId,
    status: body.status ?? "available",
  };
}

/** The enterprise plan's limits in every server row (ours: minute and day; Fastify: the minute), far above the load. */
export const BENCH_LIMITS = { perMinute: 1_000_000_000, perDay: 1_000_000_000_000 } as const;

/**
 * The value after `--name` in this process's arguments (bench servers' optional settings, e.g.
 * `--per-minute 60 --prefix burst-3:`), or undefined.
 */
export function argFlag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

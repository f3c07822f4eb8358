/** Plan limits of the redis-instance.ts harness: all below 200 per minute. */
export const INSTANCE_PLAN_LIMITS = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 90, perDay: 10_000 },
  business: { perMinute: 120, perDay: 100_000 },
  enterprise: { perMinute: 150, perDay: 1_000_000 },
} as const;

/** Declarations the pagination tests share: Stripe's cursor lists, as x-pagination says them. */
export const STRIPE_CURSOR = {
  style: "cursor",
  cursor: "$request.query.starting_after",
  limit: "$request.query.limit",
  items: "$response.body#/data",
  nextCursor: "$response.body#/data/-1/id",
  hasMore: "$response.body#/has_more",
} as const;

/**
 * Faulty layers put in front of the reference server (as `corrupt` of startTestServer), shared by
 * the tests and the conformance benchmark (benchmarks/conformance-variants.ts).
 */
import type { Corrupt } from "./reference-server.js";

/** Clamps an order's `quantity` below 1 to 1 before the server's validation sees it. */
export const clampOrderQuantity: Corrupt = async (request, forward) => {
  if (request.method !== "POST" || !new URL(request.url).pathname.endsWith("/store/orders"))
    return forward(request);
  const text = await request.text();
  const resend = (body: string): Promise<Response> =>
    forward(new Request(request.url, { method: "POST", headers: request.headers, body }));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return resend(text);
  }
  const order = body as { quantity?: unknown } | null;
  if (
    typeof order === "object" &&
    order !== null &&
    typeof order.quantity === "number" &&
    order.quantity < 1
  )
    order.quantity = 1;
  return resend(JSON.stringify(body));
};

/**
 * One process of the cross-process burst (shared-rate-limits.test.ts): a generated client with
 * the given key sends `CALLS` concurrent `listPets` calls and prints, as JSON on stdout, each
 * final status and the error code of every 429 the server sent (seen by a middleware, retries
 * included). The clock is the server's (the test's offset), as a real deployment's would be.
 */
import { createPetStoreClient } from "../../../generated/client.js";

const { BASE_URL, API_KEY, CLOCK_OFFSET, CALLS } = process.env;
if (!BASE_URL || !API_KEY || CLOCK_OFFSET === undefined || !CALLS) {
  throw new Error("BASE_URL, API_KEY, CLOCK_OFFSET and CALLS are required");
}
const offset = Number(CLOCK_OFFSET);
const api = createPetStoreClient({
  baseUrl: BASE_URL,
  apiKey: API_KEY,
  now: () => Date.now() + offset,
  onDeprecation: () => undefined,
});
const codes: Promise<string>[] = [];
api.use({
  onResponse({ response }) {
    if (response.status === 429)
      codes.push(
        response
          .clone()
          .json()
          .then((body) => (body as { code: string }).code),
      );
  },
});
const results = await Promise.all(
  Array.from({ length: Number(CALLS) }, () => api.listPets({ query: { limit: 1 } })),
);
const statuses = results.map((result) => result.status);
process.stdout.write(JSON.stringify({ statuses, codes: await Promise.all(codes) }));

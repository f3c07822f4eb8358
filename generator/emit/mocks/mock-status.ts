/**
 * The status a mock answers for a declared response, apart from the mocks emitter (emit-mocks.ts,
 * which loads fast-check and Ajv) so the README can name it without loading them.
 */

/** `200` → 200, `4XX` → 400, `default` → 500 (200 when the operation declares no 2XX), else undefined. */
export function mockStatus(status: string, hasSuccess: boolean): number | undefined {
  if (/^[1-5]\d\d$/.test(status)) return Number(status);
  if (/^[1-5]XX$/i.test(status)) return Number(status[0]) * 100;
  if (status === "default") return hasSuccess ? 500 : 200;
  return undefined;
}

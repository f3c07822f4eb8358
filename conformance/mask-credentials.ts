/**
 * Credentials in what the tool prints and writes (reports, reproductions, the replay line): each
 * secret given with `--auth-header` is replaced by its first four characters and `…` (enough to
 * tell keys apart), unless `--show-credentials` asks for them in clear to paste the commands as
 * they are.
 */

/** Values shorter than this are not masked (a header such as `Accept: json` is no secret). */
const MIN_SECRET = 6;

export function maskCredentials(text: string, secrets: readonly string[]): string {
  let out = text;
  // longest first, so that a secret containing another is masked whole
  for (const secret of [...new Set(secrets)]
    .filter((value) => value.length >= MIN_SECRET)
    .sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(`${secret.slice(0, 4)}…`);
  }
  return out;
}

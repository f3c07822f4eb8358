// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The rate-limit id of a request without a valid API key: its client address, so that invented keys
 * cannot each get a counter of their own (they all count against the address that sends them).
 *
 * - IPv4 addresses (and IPv4-mapped IPv6, `::ffff:192.0.2.1`) count per address.
 * - IPv6 addresses count per /64 prefix: one host usually holds a whole /64, so counting single
 *   IPv6 addresses would let it rotate through 2^64 counters.
 * - Without an address (a web `Request` with no `clientAddress` option) every such request shares
 *   the id `anonymous`.
 */

export const ANONYMOUS_RATE_ID = "anonymous";

/** The 8 groups of an IPv6 address (`::` expanded), or undefined when it is not one. */
function ipv6Groups(address: string): string[] | undefined {
  const zone = address.indexOf("%");
  const text = zone === -1 ? address : address.slice(0, zone);
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] === "" ? [] : (halves[0] as string).split(":");
  const tail = halves.length === 1 || halves[1] === "" ? [] : (halves[1] as string).split(":");
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill("0"), ...tail];
  return groups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group)) ? groups : undefined;
}

/** `addr:<IPv4>`, `addr:<first 64 bits of IPv6>::/64`, or `anonymous`. */
export function clientRateId(address: string | undefined): string {
  if (address === undefined || address === "") return ANONYMOUS_RATE_ID;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped !== null) return `addr:${mapped[1] as string}`;
  if (!address.includes(":")) return `addr:${address}`;
  const groups = ipv6Groups(address);
  if (groups === undefined) return `addr:${address}`;
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `addr:${prefix.join(":")}::/64`;
}

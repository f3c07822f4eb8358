import { describe, expect, it } from "vitest";
import { clientRateId } from "../../../templates/server/core/client-address.js";

describe("clientRateId", () => {
  it("counts IPv4 per address, IPv4-mapped IPv6 as its IPv4 address", () => {
    expect(clientRateId("192.0.2.1")).toBe("addr:192.0.2.1");
    expect(clientRateId("::ffff:192.0.2.1")).toBe("addr:192.0.2.1");
    expect(clientRateId("::FFFF:192.0.2.1")).toBe("addr:192.0.2.1");
  });

  it("counts IPv6 per /64, whatever the spelling of the address", () => {
    const id = "addr:2001:db8:0:1::/64";
    expect(clientRateId("2001:db8:0:1::1")).toBe(id);
    expect(clientRateId("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe(id);
    expect(clientRateId("2001:DB8:0:1:a:b:c:d%eth0")).toBe(id);
    expect(clientRateId("2001:db8:0:2::1")).not.toBe(id);
    expect(clientRateId("::1")).toBe("addr:0:0:0:0::/64");
    expect(clientRateId("fe80::")).toBe("addr:fe80:0:0:0::/64");
  });

  it("keeps anything it cannot parse as it is, and shares one id without an address", () => {
    expect(clientRateId("not:an:address::x")).toBe("addr:not:an:address::x");
    expect(clientRateId(undefined)).toBe("anonymous");
    expect(clientRateId("")).toBe("anonymous");
  });
});

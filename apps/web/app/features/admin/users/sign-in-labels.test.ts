import { describe, expect, it } from "vitest";
import { describeAgent, methodLabel } from "./sign-in-labels.ts";

describe("sign-in labels", () => {
  it("names the sign-in methods", () => {
    expect(methodLabel("credential")).toBe("Email and password");
    expect(methodLabel("github")).toBe("GitHub");
    expect(methodLabel("twitter")).toBe("Twitter");
  });

  it("tells devices apart by browser and system", () => {
    expect(
      describeAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(describeAgent("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox on Linux",
    );
    expect(describeAgent(null)).toBe("Unknown device");
    expect(describeAgent("curl/8.0")).toBe("curl/8.0");
  });
});

/** Human words for sign-in methods and browsers, from the ids and user-agent strings the server keeps. */
const methods: Record<string, string> = {
  credential: "Email and password",
  email: "Email and password",
  google: "Google",
  facebook: "Facebook",
  github: "GitHub",
  oidc: "Single sign-on",
};

export function methodLabel(id: string): string {
  return methods[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** "Chrome on macOS" from a user-agent string; good enough to tell one's devices apart. */
export function describeAgent(agent: string | null): string {
  if (!agent) return "Unknown device";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(agent)
        ? "macOS"
        : /Windows/.test(agent)
          ? "Windows"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? agent.slice(0, 60);
}

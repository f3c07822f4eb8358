/**
 * house/api-key-security: the API-key security scheme exists (`type: apiKey`)
 * and every operation requires it. An operation's effective requirement is its
 * own `security` when present, else the root `security`; every alternative in
 * it must include the scheme, so neither `security: []` nor an empty `{}`
 * alternative (anonymous access) passes.
 *
 * Options: `scheme` - the security scheme name (default `ApiKeyAuth`).
 */
import { inCallback } from "../rule-helpers.js";

export default function ApiKeySecurity(options = {}) {
  const schemeName = options.scheme ?? "ApiKeyAuth";
  let rootSecurity;

  return {
    Root: {
      enter(root, { report, location, resolve }) {
        rootSecurity = root?.security;
        const raw = root?.components?.securitySchemes?.[schemeName];
        const scheme = raw === undefined ? undefined : resolve(raw).node;
        if (!isObject(scheme) || scheme.type !== "apiKey") {
          report({
            message: `The security scheme \`${schemeName}\` must be defined in components.securitySchemes with \`type: apiKey\`.`,
            location: location.child(["components", "securitySchemes"]),
          });
        }
      },
    },
    Operation: {
      enter(operation, { report, location }) {
        if (inCallback(location)) return; // the API calls the client there
        const own = operation?.security !== undefined;
        const security = own ? operation.security : rootSecurity;
        const name = operation?.operationId ?? location.pointer;
        const at = own ? location.child(["security"]) : location.key();
        if (!Array.isArray(security) || security.length === 0) {
          report({
            message: `Operation \`${name}\` must require the \`${schemeName}\` API key (no security requirement applies to it).`,
            location: at,
          });
          return;
        }
        security.forEach((requirement, index) => {
          if (!isObject(requirement) || !Object.hasOwn(requirement, schemeName)) {
            report({
              message: `Operation \`${name}\`: security alternative ${index} does not include \`${schemeName}\`, so the API key would be optional.`,
              location: own ? location.child(["security", index]) : at,
            });
          }
        });
      },
    },
  };
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

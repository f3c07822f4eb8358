/**
 * house/no-unused-components: every entry of `components` is referenced somewhere (a `$ref`
 * anywhere in the document, including other components), except those the config keeps on
 * purpose: the lifecycle kit (`Deprecation`, `Sunset`, `Link`, the 410 response) stays while no
 * operation is deprecated, so removing the last deprecated operation does not fail lint and the
 * next deprecation finds it ready. Replaces Redocly's `no-unused-components`, which has no way to
 * keep anything.
 *
 * Options: `keep` - component paths to keep even when unused, e.g. `headers/Sunset`.
 */
export default function NoUnusedComponents(options = {}) {
  const keep = new Set(options.keep ?? []);
  return {
    Root: {
      enter(root, { report, location }) {
        if (!isObject(root) || !isObject(root.components)) return;
        const referenced = new Set();
        collectRefs(root, referenced);
        for (const [type, entries] of Object.entries(root.components)) {
          if (!isObject(entries)) continue;
          for (const name of Object.keys(entries)) {
            const path = `${type}/${name}`;
            if (type === "securitySchemes" || keep.has(path)) continue;
            if (referenced.has(`#/components/${escape(type)}/${escape(name)}`)) continue;
            report({
              message: `\`#/components/${path}\` is not referenced by any \`$ref\`: reference it where it applies, or remove it${keep.size > 0 ? " (redocly.yaml's `keep` lists the components kept on purpose)" : ""}.`,
              location: location.child(["components", type, name]).key(),
            });
          }
        }
      },
    },
  };
}

function collectRefs(node, into) {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, into);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string")
        into.add(value.split("#").length > 1 ? `#${value.split("#")[1]}` : value);
      else collectRefs(value, into);
    }
  }
}

function escape(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

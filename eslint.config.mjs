/**
 * ESLint over the project's own TypeScript (part of `npm run lint`), type-aware, with the rules
 * that find bugs the compiler does not: a promise nobody awaits (the write stage once resolved
 * before its deletes had run), a promise where a value or a boolean is expected, an `await` of a
 * value that is not a promise. Layout is prettier's job (scripts/format.mjs); the generated
 * package is checked by its own tests and by `tsc`, not here.
 */
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "generated/**",
      "**/node_modules/**",
      "**/.build-*/**",
      "test/fixtures/**",
      "**/dist/**",
      "**/*.js",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  {
    files: ["**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/require-await": "off",
    },
  },
);

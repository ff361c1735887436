import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SCHEMA_ONLY_IN_DOMAIN = {
  group: ["**/db/schema", "**/db/schema.ts"],
  message: "Routes and components go through app/domain; only the domain layer imports Drizzle tables.",
};
const CONFORM_PROPS = {
  name: "@conform-to/react",
  importNames: ["getInputProps", "getTextareaProps", "getSelectProps"],
  message: "Use inputProps / textareaProps / selectProps from ~/components/ui/field-props: the same props for a fraction of the render cost.",
};

/**
 * A layer's files may not import the folders above it (`~/<folder>/…` or a relative path into
 * app/<folder>/). Type-only imports are allowed: a component may name a domain result's type.
 * Tests are exempt (a test of lib code may build its input with the domain).
 */
function layer(files, forbidden, message) {
  const groups = forbidden.flatMap((folder) => [`~/${folder}`, `~/${folder}/**`, `**/app/${folder}/**`, `../${folder}/**`, `../../${folder}/**`, `../../../${folder}/**`]);
  const patterns = [{ group: groups, message, allowTypeImports: true }];
  if (!files.some((f) => f.startsWith("app/domain") || f.startsWith("app/lib"))) patterns.push(SCHEMA_ONLY_IN_DOMAIN);
  return {
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns, paths: [CONFORM_PROPS] }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "bench/results/**",
      "test-results/**",
      "playwright-report/**",
      "uploads/**",
      "data/**",
      "db/migrations/**",
      ".tmp/**",
      "backups/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // With verbatimModuleSyntax, `import { type A } from "m"` compiles to `import "m"` (a module
      // run for a type; today's bundler happens to drop it): a type-only import is `import type`.
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SCHEMA_ONLY_IN_DOMAIN], paths: [CONFORM_PROPS] }],
    },
  },
  // The folder tells the layer: routes → http (and components beside it) → navigation → domain
  // → lib → db/schema. A file imports only from the layers below its own (DESIGN.md, Layout).
  layer(["app/lib/**"], ["domain", "http", "components", "routes", "navigation"], "app/lib is the ground floor: it imports only db/schema and packages."),
  layer(["app/domain/**"], ["http", "components", "routes", "navigation"], "app/domain is below the HTTP layer: pass what it needs in as arguments."),
  layer(["app/navigation/**"], ["http", "components", "routes"], "app/navigation is configuration below the HTTP layer and the components."),
  layer(["app/http/**"], ["components", "routes"], "app/http serves the routes; it never imports them or the components."),
  layer(["app/components/**"], ["http", "routes"], "Components are beside app/http and import only client-safe code (*.schema.ts, constants) and types."),
  {
    // field-props.ts wraps Conform's helpers; tests beside the code build their data as they need.
    files: ["app/components/ui/field-props.ts", "app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    // Playwright fixtures call a parameter named `use`: not a React hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Programs and tests around the app (the seed, benchmarks, the server's edge) may use the schema.
    files: ["db/**", "tests/**", "scripts/**", "bench/**", "server/**"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
);

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/db/schema", "**/db/schema.ts"],
              message: "Routes and components go through app/domain; only the domain layer imports Drizzle tables.",
            },
          ],
          paths: [
            {
              name: "@conform-to/react",
              importNames: ["getInputProps", "getTextareaProps", "getSelectProps"],
              message: "Use inputProps / textareaProps / selectProps from ~/components/ui/field-props: the same props for a fraction of the render cost (issue 18).",
            },
          ],
        },
      ],
    },
  },
  {
    // field-props.ts wraps Conform's helpers, and its test compares the two.
    files: ["app/components/ui/field-props.ts", "app/components/ui/field-props.test.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Playwright fixtures call a parameter named `use`: not a React hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // The domain layer, the db folder, lib and tests may use the schema.
    files: ["app/domain/**", "db/**", "app/lib/**", "tests/**", "scripts/**", "bench/**", "server/**"],
    rules: { "no-restricted-imports": "off" },
  },
);

// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.turbo/**',
      // WXT's generated types and the extension's builds.
      '**/.wxt/**',
      '**/.output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        process: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Case bodies of the browser suites are serialised and run in pages, where these are fine.
      'no-undef': 'off',
    },
  },
  {
    // React code: the Rules of React (the plugin's recommended set: hooks and the React Compiler's
    // checks), with missing effect dependencies an error too, as in TanStack's React package.
    files: [
      'packages/react/**/*.{ts,tsx}',
      'apps/react-demo/**/*.{ts,tsx}',
      'consumer-check/apps/{vite-react,next}/**/*.{ts,tsx}',
    ],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // `published(tool, latest)` only closes over the ref: `latest.current` is read when an agent
    // calls the tool, never during render. The compiler's check cannot see into the closure.
    files: ['packages/react/src/use-webmcp-tool.ts'],
    rules: { 'react-hooks/refs': 'off' },
  },
  {
    // The browser suite's page hands each render's state to the test driver through module
    // variables on purpose: the driver reads them with page.evaluate.
    files: ['packages/react/tests/browser/page.tsx'],
    rules: { 'react-hooks/globals': 'off' },
  },
  {
    // Type tests declare values only to take their types.
    files: ['**/*.test-d.ts', '**/*.test-d.tsx'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
)

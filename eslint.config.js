// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.turbo/**'] },
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
    // Type tests declare values only to take their types.
    files: ['**/*.test-d.ts', '**/*.test-d.tsx'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
)

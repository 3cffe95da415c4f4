// Flat config: one set of rules for the whole monorepo, with stricter fences around the domain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tsbuild/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: [
      'frontend-shared/**/*.{ts,tsx}',
      'frontend-user/src/**/*.{ts,tsx}',
      'frontend-admin/src/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The shared front-end workspace runs in the browser and belongs to neither app.
    files: ['frontend-shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'frontend-shared runs in the browser.' },
            {
              group: [
                '@linkcoin/infra/*',
                '@linkcoin/services/*',
                '@linkcoin/frontend-user/*',
                '@linkcoin/frontend-admin/*',
                '../frontend-*',
                '../../frontend-*',
              ],
              message: 'frontend-shared depends on the domain and libraries only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure: no I/O, no clock, no randomness, no outer layers.
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts', 'domain/shared/testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'domain/ does no I/O.' },
            {
              group: ['@linkcoin/infra/*', '@linkcoin/services/*'],
              message: 'domain/ depends on nothing outside it.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Take the time from command metadata.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Take the time from command metadata.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Randomness comes from the caller.',
        },
      ],
    },
  },
);

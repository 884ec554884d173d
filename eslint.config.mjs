import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use node:crypto (randomInt/randomBytes): S13.' },
      ],
    },
  },
  {
    files: [
      '**/*.cjs',
      '**/jest.config.js',
      'jest.config.base.js',
      'jest.config.web.js',
      'jest.environment.web.js',
      'jest.setup.web.js',
    ],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // issue 12: the student app's and the merchant portal's texts come from their message catalogues
    // (src/i18n/locales), in every language, and so do those of the components they share
    files: [
      'apps/student-web/src/**/*.tsx',
      'apps/merchant-web/src/**/*.tsx',
      'packages/web-kit/src/**/*.tsx',
    ],
    ignores: ['**/*.test.tsx', '**/src/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['aria-label', 'alt', 'title', 'placeholder', 'label', 'helperText', 'aria-description'],
          },
          'object-properties': { include: [] },
        },
      ],
    },
  },
);
